import { dedupeAnnouncements } from '@sigil/wallet-book/resolve/dedupeAnnouncements'
import type { EIP6963ProviderDetail } from '@sigil/wallet-book/resolve/types'

/**
 * EIP-6963 multi-wallet discovery (https://eips.ethereum.org/EIPS/eip-6963): listen for
 * `eip6963:announceProvider`, then dispatch `eip6963:requestProvider` so wallets that loaded first
 * announce again. Announcements are deduplicated by rdns (first one wins) and malformed ones are
 * dropped, through the wallet-book's `dedupeAnnouncements`.
 * We run our own store instead of wagmi's (`multiInjectedProviderDiscovery: false`) so the wallet list,
 * the connectors and the wallet-book resolution all read the same deduplicated list.
 */
export type DiscoveryStore = {
  /** Current announcements; the same array until the next change (safe for `useSyncExternalStore`). */
  getProviders(): readonly EIP6963ProviderDetail[]
  /** Called with the new list after every change; returns the unsubscribe function. */
  subscribe(listener: (providers: readonly EIP6963ProviderDetail[]) => void): () => void
  /** Asks wallets to announce again. */
  request(): void
  /** Stops listening. */
  destroy(): void
}

type EventTargetLike = Pick<EventTarget, 'addEventListener' | 'removeEventListener' | 'dispatchEvent'>

const EMPTY: readonly EIP6963ProviderDetail[] = Object.freeze([])

export function createDiscoveryStore(target: EventTargetLike): DiscoveryStore {
  let providers = EMPTY
  const listeners = new Set<(providers: readonly EIP6963ProviderDetail[]) => void>()

  const onAnnounce = (event: Event) => {
    const detail: unknown = (event as CustomEvent<unknown>).detail
    const next = dedupeAnnouncements([...providers, detail as EIP6963ProviderDetail])
    if (next.length === providers.length) return // a repeat, or not a valid announcement
    providers = Object.freeze(next)
    for (const listener of [...listeners]) listener(providers)
  }

  target.addEventListener('eip6963:announceProvider', onAnnounce)
  const request = () => void target.dispatchEvent(new Event('eip6963:requestProvider'))
  request()

  return {
    getProviders: () => providers,
    subscribe(listener) {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
    request,
    destroy() {
      target.removeEventListener('eip6963:announceProvider', onAnnounce)
      listeners.clear()
    },
  }
}

let browserStore: DiscoveryStore | undefined

/**
 * The page's one discovery store, created on first use in the browser; `undefined` on the server
 * (nothing here runs at module scope, so importing this file is SSR-safe).
 */
export function getDiscoveryStore(): DiscoveryStore | undefined {
  if (typeof window === 'undefined') return undefined
  browserStore ??= createDiscoveryStore(window)
  return browserStore
}
