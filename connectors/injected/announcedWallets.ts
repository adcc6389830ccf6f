import { deploymentInjectedIndex } from '@sigil/wallet-book/customWallets'
import { listAnnouncedWallets } from '@sigil/wallet-book/resolve/listAnnouncedWallets'
import type { EIP6963ProviderDetail } from '@sigil/wallet-book/resolve/types'
import type { WalletBook } from '@sigil/wallet-book/types'
import type { WalletWatch, WalletWatcher } from '../shared/family'
import type { DiscoveryStore } from './discovery'
import { lazyInjected } from './lazyInjected'

/**
 * Adds a connector for every EIP-6963 wallet the wallet-book does not know, now and as wallets
 * announce later. Keys come from `listAnnouncedWallets`, the first step of the dialog's
 * `listWallets`, so the connector id is the key the dialog shows (`wallet-option-<key>`). Book
 * wallets already have their connector (found by rdns). The injected index holds every book key and
 * rdns, which is all that step reads, so the book itself stays out of the first-load bundle.
 * Returns the unsubscribe function.
 */
function watchAnnouncedWallets(discovery: DiscoveryStore, watch: WalletWatch, book: WalletBook = deploymentInjectedIndex()): () => void {
  const add = (announced: readonly EIP6963ProviderDetail[]) => {
    watch.add(
      listAnnouncedWallets(announced, book)
        .filter((listing) => !listing.entry && !watch.has(listing.key))
        .flatMap((listing) => {
          const detail = announced.find((candidate) => candidate.provider === listing.provider)
          return detail ? [lazyInjected({ announced: detail, key: listing.key, icon: listing.icon })] : []
        }),
    )
  }
  add(discovery.getProviders())
  return discovery.subscribe(add)
}

type WindowLike = Pick<EventTarget, 'addEventListener' | 'removeEventListener'>

/**
 * The family's watch on the page (its `watchWallets`): connectors for the EIP-6963 wallets the book
 * does not know (`watchAnnouncedWallets`), and for the connect dialog's list the announcements and
 * late injections (`ethereum#initialized`, MetaMask Mobile's in-app browser: the list reads
 * `window.ethereum` again, lateInjection.ts).
 */
export function injectedWalletWatcher(discovery: DiscoveryStore, win: WindowLike): WalletWatcher {
  return {
    addConnectors: (watch) => watchAnnouncedWallets(discovery, watch),
    announced: () => discovery.getProviders(),
    subscribe(listener) {
      const onChange = () => listener()
      win.addEventListener('ethereum#initialized', onChange)
      const unsubscribe = discovery.subscribe(onChange)
      return () => {
        win.removeEventListener('ethereum#initialized', onChange)
        unsubscribe()
      }
    },
  }
}
