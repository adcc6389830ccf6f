/**
 * A tap on "Connect wallet" before the page has hydrated (issue 28, item 1). The button is painted
 * from the server's HTML long before its code runs on a slow phone; a tap in between would do
 * nothing. A few lines inline in the page (EarlyTapScript, carrying the CSP nonce) listen from the
 * first byte: they record the tap and mark the button busy at once. Once hydrated, the page takes
 * the recorded tap (takeEarlyTap) and opens the dialog, once; from then on React handles clicks.
 */

/** The button's `data-testid` (ConnectButton), which the inline script looks for. */
export const EARLY_TAP_BUTTON_TEST_ID = 'connect-button'
/** Set by the inline script on the button while a tap waits for the page's code. */
export const EARLY_TAP_ATTRIBUTE = 'data-early-tap'

type EarlyTapState = { pending: boolean; ready: boolean }

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
export const earlyTapScript = `(function(w,d){var s=w.__sigilEarlyTap=w.__sigilEarlyTap||{pending:false,ready:false};d.addEventListener('click',function(e){if(s.ready)return;var t=e.target,b=t&&t.closest?t.closest('[data-testid="${EARLY_TAP_BUTTON_TEST_ID}"]'):null;if(!b)return;s.pending=true;b.setAttribute('aria-busy','true');b.setAttribute('${EARLY_TAP_ATTRIBUTE}','')},true)})(window,document)`

/**
 * Called once the page has hydrated: from now on the page's own handlers answer clicks, so the
 * inline script stops recording. True when a tap was recorded and not yet taken (so a second call,
 * e.g. React StrictMode's second effect run, returns false: the dialog opens once).
 */
export function takeEarlyTap(win: Window = window): boolean {
  const state = (win.__sigilEarlyTap ??= { pending: false, ready: false })
  state.ready = true
  const pending = state.pending
  state.pending = false
  return pending
}

/** Takes the busy marks off the button (the dialog is there, or the tap was not taken). */
export function clearEarlyTapMark(button: Element | null | undefined): void {
  button?.removeAttribute('aria-busy')
  button?.removeAttribute(EARLY_TAP_ATTRIBUTE)
}
