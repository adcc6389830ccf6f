import { EARLY_TAP_ATTRIBUTE, EARLY_TAP_TARGETS } from './earlyTap'
import { EARLY_SUBMIT_ATTRIBUTE } from './earlySubmit'

/*
 * The inline early-tap script (react/lib/earlyTap.ts says what it is for), on its own: only the
 * server writes it into the page (app/_components/EarlyTapScript.tsx), so its text stays out of the
 * page's scripts, where `earlyTap.ts` is. The dialog's frame is the script's alone: the page's code
 * opens it and takes it over through the script (`open`, `handOver` on `window.__sigilEarlyTap`).
 */

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
 * The inline script's source. Capture listeners on `document`, and one on `window`:
 * - `click`, which a tap, a mouse click and Enter/Space on the focused button all end in. A tap on
 *   "Connect wallet" or "No wallet?" before the page has taken over is kept and marks its control
 *   busy; on "Connect wallet" it also opens the dialog's frame, where the page has one. While the
 *   frame is open (before or after the takeover, until the dialog replaces it) a tap on a row is
 *   kept for the dialog (the row turns busy: "Getting ready…"; a row whose only way is its store page
 *   opens that page in the tap, as the dialog's row does), and the close button or the backdrop
 *   closes it, dropping the kept tap.
 *   A tap on either control, before or after the takeover, is a new ask: a frame closed earlier no
 *   longer withdraws anything.
 * - `cancel` on the frame (Esc): closes it the same way.
 * - `submit`, on `window` as it bubbles, after React's own listener on the document: a form marked
 *   `EARLY_SUBMIT_ATTRIBUTE` whose submission nothing of the page's cancelled (its code is not there
 *   yet) is not sent, which would reload the page and lose what was typed; it is kept, with its
 *   fields as they are now, for the page's code (`takeEarlySubmit`), and the button it was submitted
 *   with is marked busy. Once the page answers
 *   the form, its handler cancels the submission first and the script leaves it alone.
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
  `s.open=function(){var x=f();if(!x)return false;s.dismissed=false;if(!x.open){try{x.showModal()}catch(_){return false}}return true};`,
  `s.handOver=function(){var r=s.dismissed?false:s.row,x=f();s.row=undefined;s.dismissed=false;if(x){unrow(x);if(x.open)x.close()}return r};`,
  `function dismiss(x){s.pending=false;s.row=undefined;s.dismissed=s.ready;var b=d.querySelectorAll('[${EARLY_TAP_ATTRIBUTE}]');for(var i=0;i<b.length;i++){b[i].removeAttribute('aria-busy');b[i].removeAttribute('${EARLY_TAP_ATTRIBUTE}')}unrow(x);if(x.open)x.close()}`,
  `d.addEventListener('click',function(e){var t=e.target,x=f();`,
  `if(x&&x.open&&t&&t.closest){if(t===x||t.closest('[${FRAME_CLOSE_ATTRIBUTE}]')){dismiss(x);return}var r=t.closest('[${OPTION}]');if(r&&x.contains(r)){var u=r.getAttribute('${FRAME_STORE_ATTRIBUTE}');if(u){w.open(u,'_blank','noopener,noreferrer');return}unrow(x);s.row=r.getAttribute('${OPTION}');r.setAttribute('aria-busy','true')}return}`,
  `var b=t&&t.closest?t.closest('${targetSelector}'):null;if(b)s.dismissed=false;if(s.ready||!b)return;`,
  `s.pending=b.getAttribute('data-testid');b.setAttribute('aria-busy','true');b.setAttribute('${EARLY_TAP_ATTRIBUTE}','');`,
  `if(s.pending==='connect-button')s.open();`,
  `if(s.onTap)s.onTap()},true);`,
  `d.addEventListener('cancel',function(e){var x=f();if(x&&e.target===x){e.preventDefault();dismiss(x)}},true);`,
  `w.addEventListener('submit',function(e){var t=e.target;if(e.defaultPrevented||!t||!t.hasAttribute||!t.hasAttribute('${EARLY_SUBMIT_ATTRIBUTE}'))return;`,
  `e.preventDefault();s.submit={form:t,data:new FormData(t)};var b=e.submitter;if(b){b.setAttribute('aria-busy','true');b.setAttribute('${EARLY_TAP_ATTRIBUTE}','')}})`,
  `})(window,document)`,
].join('')
