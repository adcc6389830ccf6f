import { deserialize, parseCookie, type State } from '@wagmi/core'
import { WAGMI_STORAGE_KEY } from '@sigil/lib/storageNames'

/**
 * wagmi's state as the browser's cookie stored it (`sigil.store`), for the server's first render:
 * the connected view when the browser was connected, so a reload shows no disconnected flash and
 * hydration finds the same markup. What `cookieToInitialState` does, without building a config
 * (and the families' connectors) per request only to learn the cookie's name. A damaged cookie
 * reads as no state.
 */
export function initialStateFromCookie(cookie: string | null | undefined): State | undefined {
  if (!cookie) return undefined
  const stored = parseCookie(cookie, `${WAGMI_STORAGE_KEY}.store`)
  if (!stored) return undefined
  try {
    return deserialize<{ state: State }>(stored)?.state
  } catch {
    return undefined
  }
}
