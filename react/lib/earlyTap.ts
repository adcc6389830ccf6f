/**
 * A tap on "Connect wallet" (or on "No wallet? Create one…" beside it) before the page has hydrated
 * (issue 28, item 1). Both are painted from the server's HTML long before their code runs on a slow
 * phone; a tap in between would do nothing. A few lines inline in the page (EarlyTapScript, carrying
 * the CSP nonce) listen from the first byte: they record which one was tapped and mark it busy at
 * once. Once hydrated, the page takes the recorded tap (takeEarlyTap) and opens the dialog, once;
 * from then on React handles clicks.
 */

/** The `data-testid`s of the landing card's controls (Wallet) the inline script keeps taps on. */
export const EARLY_TAP_TARGETS = ['connect-button', 'create-wallet-link'] as const
export type EarlyTapTarget = (typeof EARLY_TAP_TARGETS)[number]
/** Set by the inline script on the tapped control while its tap waits for the page's code. */
export const EARLY_TAP_ATTRIBUTE = 'data-early-tap'

/**
 * `pending`: the test id of the control tapped last, until the page takes it. `onTap`: set by the
 * page's code once it has loaded (before hydration ends), called by the inline script on each tap.
 * `row`: the key of the wallet tapped in the dialog's frame, until the dialog takes it.
 */
type EarlyTapState = {
  pending: string | false
  ready: boolean
  onTap?: (() => void) | undefined
  row?: string | undefined
  /** The user closed the frame after the page took over: the dialog it stood for is not to open. */
  dismissed?: boolean | undefined
  /** The inline script's: opens the frame (false where the page has none). */
  open?: (() => boolean) | undefined
  /** The inline script's: closes the frame quietly and hands out the row tapped in it, or false where the user closed it, once. */
  handOver?: (() => string | false | undefined) | undefined
  /**
   * The `EARLY_SUBMIT_ATTRIBUTE` form submitted last before the page's code answered it, with its
   * fields as they were then (hydration puts a controlled field back to its state), until the page
   * takes it (react/lib/earlySubmit.ts).
   */
  submit?: { form: Element; data: FormData } | undefined
}

declare global {
  interface Window {
    __sigilEarlyTap?: EarlyTapState
  }
}

/**
 * Called once the page has hydrated: from now on the page's own handlers answer clicks, so the
 * inline script stops recording. The control tapped when a tap was recorded and not yet taken, else
 * undefined (so a second call, e.g. React StrictMode's second effect run, gets nothing: the dialog
 * opens once).
 */
export function takeEarlyTap(win: Window = window): EarlyTapTarget | undefined {
  const state = stateOf(win)
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
  const state = stateOf(win)
  if (state.ready) return
  state.onTap = run
  if (state.pending) run()
}

/** The state the inline script and the page's code share, made by whichever runs first. */
function stateOf(win: Window): EarlyTapState {
  return (win.__sigilEarlyTap ??= { pending: false, ready: false })
}

/**
 * Opens the dialog's frame, for a tap the page's code answers before the dialog's code is here
 * (Wallet.tsx): the frame shows at once, the dialog replaces it when it comes. The inline script does
 * it (one implementation of the frame, which runs before hydration too); false where the page has no
 * frame or no script (then the control's busy marks are the only answer, as before).
 */
export function openDialogFrame(): boolean {
  return window.__sigilEarlyTap?.open?.() ?? false
}

/**
 * The dialog takes over from its frame as it opens: the frame closes (quietly: nothing kept is
 * dropped) and its rows read as the server wrote them again. The key of the wallet tapped in the
 * frame, once (the dialog then selects it); false where the user closed the frame once the page had
 * taken over, while the dialog's code was on its way (the dialog then closes at once: that ask was
 * withdrawn); else undefined.
 */
export function handOverDialogFrame(): string | false | undefined {
  return window.__sigilEarlyTap?.handOver?.()
}
