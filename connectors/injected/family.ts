import type { CreateConnectorFn } from '@wagmi/core'
import { entryForKey } from '@sigil/wallet-book/entryForKey'
import { deploymentInjectedIndex } from '@sigil/wallet-book/customWallets'
import type { SigilFamily } from '../shared/family'
import { injectedWalletWatcher } from './announcedWallets'
import { getDiscoveryStore } from './discovery'
import { lazyInjected, preloadInjected } from './lazyInjected'
import { INJECTED_ID } from './id'

/**
 * One injected connector for each of `keys` that is a wallet-book wallet a browser can hold: one
 * with an injected EVM config or an EIP-6963 rdns (found by its announcement alone: Ronin, or a
 * deployment's own wallet), read from the injected index, not the book (the book's links and sources
 * load with the connect dialog). EIP-6963 wallets the book does not know are added as they announce
 * (`watchWallets`).
 */
export function injectedWalletConnectors(keys: readonly string[]): CreateConnectorFn[] {
  const index = deploymentInjectedIndex()
  return keys
    .filter((key) => {
      const entry = entryForKey(index, key)
      return entry?.injectedConfig?.some((injectedConfig) => injectedConfig.chain === 'evm') || (entry?.eip6963Config?.rdns.length ?? 0) > 0
    })
    .map((key) => lazyInjected({ wallet: key }))
}

/** Whether the page has a browser wallet: one announced over EIP-6963, or a legacy `window.ethereum`. */
function hasBrowserWallet(): boolean {
  if (typeof window === 'undefined') return false
  return (getDiscoveryStore()?.getProviders().length ?? 0) > 0 || (window as { ethereum?: unknown }).ethereum !== undefined
}

/** Browser extensions and in-app browsers: EIP-6963 discovery plus the legacy `window.ethereum`. */
export const injectedFamily = {
  id: INJECTED_ID,
  // The generic "Browser wallet" on `window.ethereum`; the book's extensions are `walletConnectors`.
  connectors: () => [lazyInjected()],
  walletConnectors: (_publicConfig, keys) => injectedWalletConnectors(keys),
  // Only where a browser wallet is there to connect (one announced itself, or `window.ethereum`):
  // elsewhere its module (4 kB gzip) would be fetched for no row, and comes on a row's intent.
  preloadWithDialog: () => {
    if (hasBrowserWallet()) preloadInjected()
  },
  // On a phone, a wallet that is not installed: this page opened in the wallet's own browser.
  reachWalletBrowser: () => import('./reachWalletBrowser').then((module) => module.reachWalletBrowser),
  // The page's discovery store and window (none on the server).
  watchWallets: () => {
    const discovery = getDiscoveryStore()
    return discovery && injectedWalletWatcher(discovery, window)
  },
} satisfies SigilFamily
