import { readProperty } from '@sigil/wallet-book/resolve/readProperty'

/**
 * How long to wait for a wallet that injects `window.ethereum` after the page's scripts ran.
 * 3000 ms is the default of MetaMask's own detection library, @metamask/detect-provider
 * (https://github.com/MetaMask/detect-provider#usage).
 */
export const LATE_INJECTION_TIMEOUT_MS = 3000

type WindowLike = Pick<EventTarget, 'addEventListener' | 'removeEventListener'>

const waits = new WeakMap<object, Promise<void>>()

/**
 * Resolves once `window.ethereum` exists: at once if it already does, on the wallet's
 * `ethereum#initialized` event (MetaMask Mobile's in-app browser sets `window.ethereum` after load:
 * https://github.com/MetaMask/detect-provider/blob/main/src/index.ts), or after the timeout.
 * One wait per window: every connector shares it, so the page waits at most once.
 */
export function waitForLateInjection(win: WindowLike, timeoutMs = LATE_INJECTION_TIMEOUT_MS): Promise<void> {
  if (readProperty(win, 'ethereum') !== undefined) return Promise.resolve()
  let wait = waits.get(win)
  if (!wait) {
    wait = new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer)
        win.removeEventListener('ethereum#initialized', done)
        resolve()
      }
      const timer = setTimeout(done, timeoutMs)
      win.addEventListener('ethereum#initialized', done, { once: true })
    })
    waits.set(win, wait)
  }
  return wait
}
