import type { WalletBook, WalletBookEntry } from './types'

/**
 * The part of an entry that injected detection and the injected connector read before the connect
 * dialog opens: name, monogram icon (never the logo: logos load with the dialog), rdns, EVM injected configs, and the flags the connector copies into its
 * properties. Everything else (links, store ids, sources) only the dialog needs.
 */
export type InjectedIndexEntry = Pick<
  WalletBookEntry,
  'name' | 'shortName' | 'brand' | 'eip6963Config' | 'injectedConfig' | 'walletConnect' | 'filterFromWalletConnect' | 'switchNetworkOnlyFromWallet'
>

/**
 * The injected index of a wallet-book: every key, in book order (announced wallets the book does
 * not know must not take a book key), each entry cut down to `InjectedIndexEntry`. Pure: the
 * committed `injectedIndex.ts` is this function's output for Sigil's book, so the first-load
 * bundle carries the index without the whole book (a test keeps the two equal).
 */
export function injectedIndexOf(book: WalletBook): Record<string, InjectedIndexEntry> {
  return Object.fromEntries(Object.entries(book).map(([key, entry]) => [key, injectedPart(entry)]))
}

function injectedPart(entry: WalletBookEntry): InjectedIndexEntry {
  const injectedConfig = entry.injectedConfig?.filter((config) => config.chain === 'evm')
  const part: InjectedIndexEntry = {
    name: entry.name,
    shortName: entry.shortName,
    brand: entry.brand?.icon === undefined ? undefined : { icon: entry.brand.icon },
    eip6963Config: entry.eip6963Config && { rdns: [...entry.eip6963Config.rdns] },
    injectedConfig: injectedConfig?.length
      ? injectedConfig.map((config) => ({
          chain: config.chain,
          extensionLocators: config.extensionLocators.map(({ flag, value }) => ({ flag, value })),
          windowLocations: [...config.windowLocations],
        }))
      : undefined,
    walletConnect: entry.walletConnect && {
      sdks: [...entry.walletConnect.sdks],
      ...(entry.walletConnect.switchNetworkOnlyFromWallet !== undefined && { switchNetworkOnlyFromWallet: entry.walletConnect.switchNetworkOnlyFromWallet }),
    },
    filterFromWalletConnect: entry.filterFromWalletConnect,
    switchNetworkOnlyFromWallet: entry.switchNetworkOnlyFromWallet,
  }
  // Absent, not `undefined`: the generated file holds no empty keys, and equality checks agree.
  return Object.fromEntries(Object.entries(part).filter(([, value]) => value !== undefined)) as InjectedIndexEntry
}
