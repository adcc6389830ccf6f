import type { PopupHost } from '../coinbaseSmartWallet/popupWindow'

/** A popup window as the fake host opens it: where it was sent, and whether it is closed. */
export type FakePopup = {
  url: string
  closed: boolean
  /** Every address it was sent to after opening (`location.replace`). */
  navigations: string[]
  close(): void
  focus(): void
  location: { replace(url: string): void }
}

/**
 * A stand-in for the browser window a popup opens from (unit tests run in Node): `open` records its
 * calls and hands out fake windows (or `null` when `blocked`), and messages travel through a real
 * `EventTarget`, so `loaded(origin)` can play the popup's `PopupLoaded`.
 */
export function createFakePopupHost() {
  const target = new EventTarget()
  const opened: { url: string; popup: FakePopup | null }[] = []
  const messages: unknown[] = []
  let blocked = false
  const host = {
    innerWidth: 1200,
    innerHeight: 800,
    screenX: 0,
    screenY: 0,
    open(url?: string | URL) {
      if (blocked) {
        opened.push({ url: String(url ?? ''), popup: null })
        return null
      }
      const popup: FakePopup = {
        url: String(url ?? ''),
        closed: false,
        navigations: [],
        close() {
          popup.closed = true
        },
        focus() {},
        location: { replace: (next: string) => void popup.navigations.push(next) },
      }
      opened.push({ url: popup.url, popup })
      return popup as unknown as Window
    },
    addEventListener: target.addEventListener.bind(target),
    removeEventListener: target.removeEventListener.bind(target),
    dispatchEvent(event: Event) {
      if (event instanceof MessageEvent) messages.push(event.data)
      return target.dispatchEvent(event)
    },
  }
  return {
    host: host as unknown as PopupHost,
    /** Every `open` call, in order, with the window it returned. */
    opened,
    /** The data of every message dispatched on the host (including the ones it sends itself). */
    messages,
    block(value = true) {
      blocked = value
    },
    /** The popup page at `origin` says it loaded, as Coinbase's does. */
    loaded(origin: string) {
      host.dispatchEvent(new MessageEvent('message', { origin, data: { event: 'PopupLoaded', id: 'loaded' } }))
    },
  }
}
