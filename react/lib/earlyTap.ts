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
 * `row`: the key of the wallet tapped in the dialog's frame, until the dialog takes it. `onDismiss`:
 * set by the page's code, called when the user closes the frame.
 */
type EarlyTapState = {
  pending: string | false
  ready: boolean
  onTap?: (() => void) | undefined
  row?: string | undefined
  onDismiss?: (() => void) | undefined
}

declare global {
  interface Window {
    __sigilEarlyTap?: EarlyTapState
  }
}

/**
 * The connect dialog's frame (ConnectDialogFrame, server-rendered and closed) carries this attribute;
 * its rows carry `FRAME_OPTION_ATTRIBUTE` (the wallet's key), its close button `FRAME_CLOSE_ATTRIBUTE`.
 * A row tapped in it is marked `aria-busy`, which its stylesheet shows as "Getting ready…": the
 * script changes no text, so hydration finds the server's text where it left it.
 */
export const DIALOG_FRAME_ATTRIBUTE = 'data-sigil-frame'
export const FRAME_OPTION_ATTRIBUTE = 'data-frame-option'
export const FRAME_CLOSE_ATTRIBUTE = 'data-frame-close'
/** On a row whose only way is its store page (a computer without the wallet): the page's address, opened in the tap. */
export const FRAME_STORE_ATTRIBUTE = 'data-frame-store'

/**
 * The inline script's source. Capture listeners on `document`:
 * - `click`, which a tap, a mouse click and Enter/Space on the focused button all end in. A tap on
 *   "Connect wallet" or "No wallet?" before the page has taken over is kept and marks its control
 *   busy; on "Connect wallet" it also opens the dialog's frame, where the page has one. While the
 *   frame is open (before or after the takeover, until the dialog replaces it) a tap on a row is
 *   kept for the dialog (the row turns busy: "Getting ready…"; a row whose only way is its store page
 *   opens that page in the tap, as the dialog's row does), and the close button or the backdrop
 *   closes it, dropping the kept tap.
 * - `cancel` on the frame (Esc): closes it the same way.
 * It sets attributes, opens or closes the frame and opens a store page the server wrote into a row:
 * no markup, no script text, nothing for Trusted Types to refuse.
 */
const targetSelector = EARLY_TAP_TARGETS.map((id) => `[data-testid="${id}"]`).join(',')
const FRAME = `[${DIALOG_FRAME_ATTRIBUTE}]`
const OPTION = FRAME_OPTION_ATTRIBUTE
export const earlyTapScript = [
  `(function(w,d){var s=w.__sigilEarlyTap=w.__sigilEarlyTap||{pending:false,ready:false};`,
  `function f(){return d.querySelector('${FRAME}')}`,
  `function unrow(x){var r=x.querySelectorAll('[${OPTION}][aria-busy]');for(var i=0;i<r.length;i++)r[i].removeAttribute('aria-busy')}`,
  `function dismiss(x){s.pending=false;s.row=undefined;var b=d.querySelectorAll('[${EARLY_TAP_ATTRIBUTE}]');for(var i=0;i<b.length;i++){b[i].removeAttribute('aria-busy');b[i].removeAttribute('${EARLY_TAP_ATTRIBUTE}')}unrow(x);if(x.open)x.close();if(s.onDismiss)s.onDismiss()}`,
  `d.addEventListener('click',function(e){var t=e.target,x=f();`,
  `if(x&&x.open&&t&&t.closest){if(t===x||t.closest('[${FRAME_CLOSE_ATTRIBUTE}]')){dismiss(x);return}var r=t.closest('[${OPTION}]');if(r&&x.contains(r)){var u=r.getAttribute('${FRAME_STORE_ATTRIBUTE}');if(u){w.open(u,'_blank','noopener,noreferrer');return}unrow(x);s.row=r.getAttribute('${OPTION}');r.setAttribute('aria-busy','true')}return}`,
  `if(s.ready)return;var b=t&&t.closest?t.closest('${targetSelector}'):null;if(!b)return;`,
  `s.pending=b.getAttribute('data-testid');b.setAttribute('aria-busy','true');b.setAttribute('${EARLY_TAP_ATTRIBUTE}','');`,
  `if(x&&!x.open&&s.pending==='connect-button'){try{x.showModal()}catch(_){}}`,
  `if(s.onTap)s.onTap()},true);`,
  `d.addEventListener('cancel',function(e){var x=f();if(x&&e.target===x){e.preventDefault();dismiss(x)}},true)`,
  `})(window,document)`,
].join('')

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

function dialogFrame(doc: Document): HTMLDialogElement | null {
  return doc.querySelector<HTMLDialogElement>(`[${DIALOG_FRAME_ATTRIBUTE}]`)
}

/**
 * Opens the dialog's frame, for a tap the page's code answers before the dialog's code is here
 * (Wallet.tsx): the frame shows at once, the dialog replaces it when it comes. False where the page
 * has no frame (then the control's busy marks are the only answer, as before).
 */
export function openDialogFrame(doc: Document = document): boolean {
  const frame = dialogFrame(doc)
  if (!frame) return false
  if (frame.open) return true
  try {
    frame.showModal()
    return true
  } catch {
    return false
  }
}

/** Calls `listener` when the user closes the frame (its close button, the backdrop, Esc). Returns how to stop. */
export function onDialogFrameDismissed(listener: () => void, win: Window = window): () => void {
  const state = (win.__sigilEarlyTap ??= { pending: false, ready: false })
  state.onDismiss = listener
  return () => {
    if (state.onDismiss === listener) state.onDismiss = undefined
  }
}

/**
 * The dialog takes over from its frame as it opens: the frame closes (quietly: nothing kept is
 * dropped) and its rows read as the server wrote them again. The key of the wallet tapped in the
 * frame, once (the dialog then selects it), else undefined.
 */
export function handOverDialogFrame(win: Window = window): string | undefined {
  const state = (win.__sigilEarlyTap ??= { pending: false, ready: false })
  const row = state.row
  state.row = undefined
  const frame = dialogFrame(win.document)
  if (frame) {
    for (const option of frame.querySelectorAll(`[${FRAME_OPTION_ATTRIBUTE}][aria-busy]`)) option.removeAttribute('aria-busy')
    if (frame.open) frame.close()
  }
  return row
}
