import { deserialize, parseCookie, type State } from '@wagmi/core'
import { isAddress } from 'viem'
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
    const state: unknown = deserialize<{ state: unknown }>(stored)?.state
    return isStoredState(state) ? state : undefined
  } catch {
    return undefined
  }
}

/**
 * Whether the cookie holds what wagmi writes: a chain id, a map of connections each with at least
 * one account (checksummed where mixed-case, as viem's `getAddress` reads it) and its chain, and a
 * current connection among them. The cookie is wagmi's, not `__Host-`: a sibling subdomain or a
 * plain-http answer can plant well-formed junk, and a junk account rendered as connected threw in
 * the server's render and in the browser's, every load, until the user cleared the site's data.
 */
function isStoredState(state: unknown): state is State {
  if (typeof state !== 'object' || state === null) return false
  const { chainId, connections, current } = state as Record<string, unknown>
  if (!isChainId(chainId) || !(connections instanceof Map)) return false
  if (current !== null && current !== undefined && !connections.has(current)) return false
  for (const connection of connections.values() as Iterable<unknown>) {
    if (typeof connection !== 'object' || connection === null) return false
    const { accounts, chainId: connectionChain, connector } = connection as Record<string, unknown>
    if (!Array.isArray(accounts) || accounts.length === 0 || !accounts.every((account) => typeof account === 'string' && isAddress(account))) return false
    if (!isChainId(connectionChain) || typeof connector !== 'object' || connector === null) return false
  }
  return true
}

function isChainId(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0
}
