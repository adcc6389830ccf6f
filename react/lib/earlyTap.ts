/**
 * A tap on "Connect wallet" (or on "No wallet? Create one…" beside it) before the page has hydrated
 * (issue 28, item 1). Both are painted from the server's HTML long before their code runs on a slow
 * phone; a tap in between would do nothing. A few lines inline in the page (EarlyTapScript, carrying
 * the CSP nonce) listen from the first byte: they record which one was tapped and mark it busy at
 * once. Once hydrated, the page takes the recorded tap (takeEarlyTap) and opens the dialog, once;
 * from then on React handles clicks.
 */

/** The `data-testid`s of the landing card's controls (Wallet) the inline script keeps taps on. */
const EARLY_TAP_TARGETS = ['connect-button', 'create-wallet-link'] as const
export type EarlyTapTarget = (typeof EARLY_TAP_TARGETS)[number]
/** Set by the inline script on the tapped control while its tap waits for the page's code. */
export const EARLY_TAP_ATTRIBUTE = 'data-early-tap'

/**
 * `pending`: the test id of the control tapped last, until the page takes it. `onTap`: set by the
 * page's code once it has loaded (before hydration ends), called by the inline script on each tap.
 */
type EarlyTapState = { pending: string | false; ready: boolean; onTap?: (() => void) | undefined }

declare global {
  interface Window {
    __sigilEarlyTap?: EarlyTapState
  }
}

/**
 * The inline script's source. One capture listener on `document` for `click`, which a tap, a mouse
 * click and Enter/Space on the focused button all end in. It only sets attributes: no markup, no
 * script text, nothing for Trusted Types to refuse. It stops recording once the page has taken over.
 */
const targetSelector = EARLY_TAP_TARGETS.map((id) => `[data-testid="${id}"]`).join(',')
export const earlyTapScript = `(function(w,d){var s=w.__sigilEarlyTap=w.__sigilEarlyTap||{pending:false,ready:false};d.addEventListener('click',function(e){if(s.ready)return;var t=e.target,b=t&&t.closest?t.closest('${targetSelector}'):null;if(!b)return;s.pending=b.getAttribute('data-testid');b.setAttribute('aria-busy','true');b.setAttribute('${EARLY_TAP_ATTRIBUTE}','');if(s.onTap)s.onTap()},true)})(window,document)`

/**
 * Called once the page has hydrated: from now on the page's own handlers answer clicks, so the
 * inline script stops recording. The control tapped when a tap was recorded and not yet taken, else
 * undefined (so a second call, e.g. React StrictMode's second effect run, gets nothing: the dialog
 * opens once).
 */
export function takeEarlyTap(win: Window = window): EarlyTapTarget | undefined {
  const state = (win.__sigilEarlyTap ??= { pending: false, ready: false })
  state.ready = true
  const pending = state.pending
  state.pending = false
  return EARLY_TAP_TARGETS.find((id) => id === pending)
}

/**
 * Marks a control busy as the inline script does, for a click the page's own code keeps until the
 * dialog's module is here (Wallet.tsx): the same pressed look and spinner.
 */
export function setEarlyTapMark(button: Element | null | undefined): void {
  button?.setAttribute('aria-busy', 'true')
  button?.setAttribute(EARLY_TAP_ATTRIBUTE, '')
}

/** Takes the busy marks off a control (the dialog is there, or the tap was not taken). */
export function clearEarlyTapMark(button: Element | null | undefined): void {
  button?.removeAttribute('aria-busy')
  button?.removeAttribute(EARLY_TAP_ATTRIBUTE)
}

/**
 * Runs `run` for a tap the inline script kept, as soon as this code has loaded: at once for a tap
 * already kept, else on the next one, until the page has taken over. The page's code loads well
 * before hydration ends on a slow phone; what the tap needs (the dialog's code) is fetched from then
 * on, beside hydration, instead of after it (docs/first-tap.md#the-dialogs-code-starts-with-the-tap).
 */
export function onEarlyTap(run: () => void, win: Window = window): void {
  const state = (win.__sigilEarlyTap ??= { pending: false, ready: false })
  if (state.ready) return
  state.onTap = run
  if (state.pending) run()
}
