import { getDiscoveryStore } from '@/connectors/injected/discovery'
import { detectPlatform, type Platform } from '@/lib/platform/detectPlatform'
import type { EIP6963ProviderDetail } from '@/wallet-book/resolve/types'

/**
 * What the wallet list depends on outside React: EIP-6963 announcements, late `window.ethereum`
 * injection and the platform. An external store for `useSyncExternalStore`: the snapshot object
 * only changes when one of them does, and the server snapshot is empty (no browser access there).
 */
export type WalletEnvironment = {
  announced: readonly EIP6963ProviderDetail[]
  win: object | undefined
  platform: Platform | undefined
  /** Bumped when a wallet injects late (`ethereum#initialized`), so the list is computed again. */
  injections: number
}

const serverSnapshot: WalletEnvironment = Object.freeze({ announced: Object.freeze([]), win: undefined, platform: undefined, injections: 0 })

let injections = 0
let platform: Platform | undefined
let snapshot: WalletEnvironment = serverSnapshot

export function subscribeWalletEnvironment(listener: () => void): () => void {
  if (typeof window === 'undefined') return () => {}
  const onInjected = () => {
    injections++
    listener()
  }
  window.addEventListener('ethereum#initialized', onInjected)
  const unsubscribe = getDiscoveryStore()?.subscribe(listener)
  return () => {
    window.removeEventListener('ethereum#initialized', onInjected)
    unsubscribe?.()
  }
}

export function getWalletEnvironment(): WalletEnvironment {
  if (typeof window === 'undefined') return serverSnapshot
  platform ??= detectPlatform({ userAgent: navigator.userAgent, maxTouchPoints: navigator.maxTouchPoints, vendor: navigator.vendor })
  const announced = getDiscoveryStore()?.getProviders() ?? serverSnapshot.announced
  if (snapshot.win !== window || snapshot.announced !== announced || snapshot.injections !== injections) {
    snapshot = Object.freeze({ announced, win: window, platform, injections })
  }
  return snapshot
}

export function getServerWalletEnvironment(): WalletEnvironment {
  return serverSnapshot
}
