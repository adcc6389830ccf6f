import { ConnectionRejectedError, RequestTimeoutError } from '@sigil/lib/errors/wallet'
import type { PopupHost } from './popupWindow'

/**
 * How long the popup has to say it loaded (`PopupLoaded`) before the attempt fails. Coinbase's page
 * loads in about a second; a page that has not spoken after this is not coming (offline, blocked by a
 * network filter, an error page).
 */
export const POPUP_LOAD_TIMEOUT_MS = 8_000
/** How often the popup is checked for having been closed before it loaded (a closed window fires no event here). */
const CLOSED_POLL_MS = 250

export type AskThroughPopupOptions<T> = {
  /** The SDK's `eth_requestAccounts`: it calls `window.open` synchronously, inside this call. */
  ask: () => Promise<T>
  /** The window opened in the user's tap before the SDK existed (popupWindow.ts): the SDK's popup opens in it. */
  preopened?: Window | undefined
  /** The popup's origin: its messages come from there. */
  keysOrigin: string
  host: PopupHost
  loadTimeoutMs?: number | undefined
}

/**
 * Asks the SDK for accounts through its popup, and ends the attempt when the popup never comes up.
 *
 * Hand-over: @coinbase/wallet-sdk 4.4.0 has no way to be given a window; it opens its popup with
 * `window.open(url, name, features)` (dist/util/web.js `openPopup`, called synchronously from
 * `request`). For the length of that synchronous call `window.open` is ours: with a window opened
 * in the tap it navigates that window to the SDK's address and returns it, so the SDK talks to it as
 * to its own popup (it waits for the page's `PopupLoaded`, then sends its config — none of it
 * skipped); without one it opens the SDK's popup as before and keeps a reference.
 *
 * Watch: the SDK waits for `PopupLoaded` without a limit, and learns of a closed popup only from the
 * page's own `PopupUnload` — which a page that never loaded never sends. So until the page says it
 * loaded: after `loadTimeoutMs` the attempt fails with `request_timeout`; a window the user closed
 * ends it as `connection_rejected`. Either way the popup is closed and the SDK is told it is gone,
 * in its own words (a `PopupUnload` message), so it drops what it waits for rather than answering a
 * later popup's `PopupLoaded` with a window of its own. Once the page loaded, the SDK's protocol
 * (answers, `PopupUnload`) takes over: the user may take as long as they need there.
 */
export function askThroughPopup<T>(options: AskThroughPopupOptions<T>): Promise<T> {
  const { host, preopened, keysOrigin } = options
  // The user closed the window while the SDK was loading: that is their answer.
  if (preopened?.closed) return Promise.reject(new ConnectionRejectedError({ details: 'the popup was closed before it loaded' }))

  const opened: { popup?: Window | null } = {}
  const open = host.open
  host.open = (url, target, features) => {
    if (preopened && !preopened.closed) {
      preopened.location.replace(String(url))
      opened.popup = preopened
      return preopened
    }
    opened.popup = open.call(host, url, target, features)
    return opened.popup
  }
  let answer: Promise<T>
  try {
    answer = options.ask()
  } catch (error) {
    answer = Promise.reject(error)
  } finally {
    host.open = open
  }
  // The SDK reused a popup it already had open: the window opened in the tap is not needed.
  if (preopened && opened.popup !== preopened && !preopened.closed) preopened.close()
  const popup = opened.popup
  if (!popup) return answer
  return watchPopup(popup, answer, { host, keysOrigin, loadTimeoutMs: options.loadTimeoutMs ?? POPUP_LOAD_TIMEOUT_MS })
}

function watchPopup<T>(popup: Window, answer: Promise<T>, options: { host: PopupHost; keysOrigin: string; loadTimeoutMs: number }): Promise<T> {
  const { host, keysOrigin, loadTimeoutMs } = options
  return new Promise<T>((resolve, reject) => {
    let settled = false
    const onMessage = (event: Event) => {
      const { origin, data } = event as MessageEvent<unknown>
      if (origin !== keysOrigin || (data as { event?: unknown } | null)?.event !== 'PopupLoaded') return
      stopWatching()
    }
    const timer = setTimeout(() => {
      fail(new RequestTimeoutError('the Coinbase popup (PopupLoaded)', loadTimeoutMs))
    }, loadTimeoutMs)
    const poll = setInterval(() => {
      if (popup.closed) fail(new ConnectionRejectedError({ details: 'the popup was closed before it loaded' }))
    }, CLOSED_POLL_MS)
    host.addEventListener('message', onMessage)

    function stopWatching() {
      clearTimeout(timer)
      clearInterval(poll)
      host.removeEventListener('message', onMessage)
    }
    function settle(run: () => void) {
      if (settled) return
      settled = true
      stopWatching()
      run()
    }
    function fail(error: Error) {
      settle(() => {
        if (!popup.closed) popup.close()
        // The SDK's Communicator disconnects on this message: it closes its popup and rejects what it waits for.
        host.dispatchEvent(new MessageEvent('message', { origin: keysOrigin, data: { event: 'PopupUnload' } }))
        reject(error)
      })
    }
    answer.then(
      (value) => settle(() => resolve(value)),
      (error: unknown) => settle(() => reject(error)),
    )
  })
}
