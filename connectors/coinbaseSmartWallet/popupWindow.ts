/**
 * The Coinbase popup's window, opened by us inside the user's tap when the SDK is not there yet.
 *
 * The SDK opens its popup with `window.open` when it is asked for accounts, so the popup opens inside
 * the tap only if the SDK is already created then; Safari blocks a `window.open` that comes after an
 * await (https://www.smartwallet.dev/guides/tips/popup-tips). A tap that arrives before the SDK
 * (right after the dialog opened, no hover; a fast Enter) therefore opens an empty window of the
 * same size at once, and the connector hands it to the SDK once it is created (popupHandOver.ts).
 * This module is part of the first load: it is a few lines and imports nothing.
 */

/** What of the browser window a popup needs (tests pass a stand-in). */
export type PopupHost = Pick<Window, 'open' | 'addEventListener' | 'removeEventListener' | 'dispatchEvent' | 'innerWidth' | 'innerHeight' | 'screenX' | 'screenY'>

// The SDK's own size (@coinbase/wallet-sdk 4.4.0, dist/util/web.js), so the window does not jump.
const WIDTH = 420
const HEIGHT = 540

/** Opens an empty popup window where the SDK would open its own; `null` when the browser blocked it. */
export function openPopupWindow(host: PopupHost): Window | null {
  const left = (host.innerWidth - WIDTH) / 2 + host.screenX
  const top = (host.innerHeight - HEIGHT) / 2 + host.screenY
  const popup = host.open('about:blank', `wallet_${Date.now().toString(36)}`, `width=${WIDTH}, height=${HEIGHT}, left=${left}, top=${top}`)
  popup?.focus()
  return popup
}

/**
 * Where a window opened in a tap waits for the SDK: the family's proxy (before its module loaded)
 * and the connector (before its SDK is created) put it here; the connector takes it when it asks.
 */
export type PopupSlot = {
  /** Opens the window now, inside the tap, unless one is already waiting. */
  open(host: PopupHost): void
  /** The waiting window, if it is still open; the slot is empty afterwards. */
  take(): Window | undefined
  /** Closes a waiting window that will not be used (the SDK could not be created). */
  discard(): void
}

export function createPopupSlot(): PopupSlot {
  let waiting: Window | undefined
  const take = () => {
    const popup = waiting
    waiting = undefined
    return popup && !popup.closed ? popup : undefined
  }
  return {
    open(host) {
      if (waiting && !waiting.closed) return
      waiting = openPopupWindow(host) ?? undefined
    },
    take,
    discard() {
      take()?.close()
    },
  }
}
