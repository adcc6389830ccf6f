import { families } from '@sigil/connectors/families'
import type { SigilFamily, WalletWatcher } from '@sigil/connectors/shared/family'
import { detectPlatform, type Platform } from '@sigil/lib/platform/detectPlatform'
import type { EIP6963ProviderDetail } from '@sigil/wallet-book/resolve/types'

/**
 * What the wallet list depends on outside React: the wallets the families watch for (each family's
 * `watchWallets`: the injected family's EIP-6963 announcements and late `window.ethereum`
 * injection), the page's globals and the platform. An external store for `useSyncExternalStore`:
 * the snapshot object only changes when one of them does, and the server snapshot is empty (no
 * browser access there).
 */
type WalletEnvironment = {
  announced: readonly EIP6963ProviderDetail[]
  win: object | undefined
  platform: Platform | undefined
  /** Bumped on each change a family reports (a wallet injected late), so the list is computed again. */
  changes: number
}

/** The store's three functions, as `useSyncExternalStore` takes them. */
export type WalletEnvironmentStore = {
  subscribe(listener: () => void): () => void
  getSnapshot(): WalletEnvironment
  getServerSnapshot(): WalletEnvironment
}

const noAnnouncements: readonly EIP6963ProviderDetail[] = Object.freeze([])
const serverSnapshot: WalletEnvironment = Object.freeze({ announced: noAnnouncements, win: undefined, platform: undefined, changes: 0 })

/** The store over `list`'s watchers (the registry's for the page; a test's families otherwise). */
export function createWalletEnvironment(list: readonly SigilFamily[]): WalletEnvironmentStore {
  let watchers: readonly WalletWatcher[] | undefined
  let changes = 0
  let platform: Platform | undefined
  let snapshot = serverSnapshot
  // The watchers' announcements, joined: the same array while each of theirs is.
  let parts: readonly (readonly EIP6963ProviderDetail[])[] = []
  let announced = noAnnouncements

  // Asked once, in the browser: a family watches the page with one watcher.
  const pageWatchers = () => (watchers ??= list.flatMap((family) => family.watchWallets?.() ?? []))

  const announcedNow = () => {
    const now = pageWatchers().map((watcher) => watcher.announced())
    if (now.length !== parts.length || now.some((part, index) => part !== parts[index])) {
      parts = now
      announced = now.length === 1 ? now[0]! : Object.freeze(now.flat())
    }
    return announced
  }

  return {
    subscribe(listener) {
      if (typeof window === 'undefined') return () => {}
      const onChange = () => {
        changes++
        listener()
      }
      const stops = pageWatchers().map((watcher) => watcher.subscribe(onChange))
      return () => {
        for (const stop of stops) stop()
      }
    },
    getSnapshot() {
      if (typeof window === 'undefined') return serverSnapshot
      platform ??= detectPlatform({ userAgent: navigator.userAgent, maxTouchPoints: navigator.maxTouchPoints, vendor: navigator.vendor })
      const now = announcedNow()
      if (snapshot.win !== window || snapshot.announced !== now || snapshot.changes !== changes) {
        snapshot = Object.freeze({ announced: now, win: window, platform, changes })
      }
      return snapshot
    },
    getServerSnapshot: () => serverSnapshot,
  }
}

/** The page's wallet environment, over the registry's families (connectors/families.ts). */
export const walletEnvironment: WalletEnvironmentStore = createWalletEnvironment(families)
