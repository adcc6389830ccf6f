import { UnknownWalletError } from '@sigil/lib/errors/wallet'
import { entryForKey } from '@sigil/wallet-book/entryForKey'
import { deploymentInjectedIndex } from '@sigil/wallet-book/customWallets'
import { genericBrowserWallet } from '@sigil/wallet-book/resolve/genericBrowserWallet'
import type { EIP6963ProviderDetail } from '@sigil/wallet-book/resolve/types'
import type { WalletBook, WalletBookEntry } from '@sigil/wallet-book/types'
import { connectorKey } from '../shared/connectorKey'

/** What names an injected connector: `injected`'s parameters of the same names (connectors/injected/injected.ts). */
export type InjectedIdentityParameters = {
  wallet?: string | undefined
  announced?: EIP6963ProviderDetail | undefined
  icon?: string | undefined
  key?: string | undefined
  book?: WalletBook | undefined
}

export type InjectedIdentity = {
  /** The connector key and wagmi id. */
  key: string
  name: string
  icon: string | undefined
  rdns: readonly string[] | undefined
  entry: WalletBookEntry | undefined
  /** A book wallet reachable over WalletConnect too (`sigil.walletConnectFallback`). */
  walletConnectFallback: boolean
}

/**
 * Who an injected connector is, from its parameters: a wallet-book wallet (by key), an announced
 * wallet the book does not know, or the generic "Browser wallet". The book key (from the short name)
 * or a given key, rather than the key the display name gives ("Trust Wallet" → `trust`, not
 * `trustwallet`): persisted values and the id use it. Shared by the connector and its first-load
 * stand-in (`lazyInjected`), so the two cannot disagree.
 */
export function identifyInjected(parameters: InjectedIdentityParameters): InjectedIdentity {
  if (parameters.wallet !== undefined) {
    const entry = entryForKey(parameters.book ?? deploymentInjectedIndex(), parameters.wallet)
    if (!entry) throw new UnknownWalletError({ details: `no wallet-book entry for key "${String(parameters.wallet).slice(0, 40)}"` })
    const walletConnectFallback = Boolean(entry.walletConnect) && !entry.filterFromWalletConnect
    return { key: parameters.key ?? parameters.wallet, name: entry.name, icon: entry.brand?.icon, rdns: entry.eip6963Config?.rdns, entry, walletConnectFallback }
  }
  const none = { entry: undefined, walletConnectFallback: false }
  if (parameters.announced) {
    const { info } = parameters.announced
    return { key: parameters.key ?? connectorKey(info.name), name: info.name, icon: parameters.icon, rdns: [info.rdns], ...none }
  }
  return { key: parameters.key ?? genericBrowserWallet.key, name: genericBrowserWallet.name, icon: undefined, rdns: undefined, ...none }
}
