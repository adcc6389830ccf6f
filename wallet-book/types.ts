import type { Browser } from '@sigil/lib/platform/detectPlatform'

/**
 * The wallet-book: one entry per wallet, pure data (docs/wallet-book.md).
 * Entries are validated by `validateWalletBookEntry` and a registry test.
 */

/** A property that must hold on an injected provider for it to be this wallet, e.g. `isMetaMask: true`. */
export type ExtensionLocator = {
  /** Property name on the provider object, e.g. `isMetaMask`. */
  flag: string
  /** Required value: `true` for the wallet's own flag, `false` for impersonators' flags. */
  value: boolean
}

type InjectedConfig = {
  /** Chain family; Sigil handles `evm` (the spec's EVM/ETH families). */
  chain: 'evm'
  /** All must match for a provider to be claimed by this wallet. */
  extensionLocators: readonly ExtensionLocator[]
  /** Dotted paths under `window` where the wallet's provider may live, e.g. `ethereum`, `phantom.ethereum`. */
  windowLocations: readonly string[]
}

/**
 * A link that opens a page inside the wallet's own browser when the wallet takes the page address
 * as a parameter rather than as a path (Phantom, Coinbase Wallet, Trust, OKX).
 * Templates hold `{url}` (the page address) and optionally `{ref}` (the page's origin); both are
 * replaced URL-encoded. Example: `https://phantom.app/ul/browse/{url}?ref={ref}`
 * (https://docs.phantom.com/phantom-deeplinks/other-methods/browse).
 */
type BrowseLink = {
  /** Universal-link template (preferred: it cannot be hijacked by another app's scheme). */
  universal?: string | undefined
  /** Custom-scheme template, e.g. `phantom://browse/{url}?ref={ref}`. */
  native?: string | undefined
  /**
   * Browsers (from `detectPlatform`) where only the native form works, e.g. `['samsung']` for
   * Phantom: Samsung Internet does not hand Phantom's universal link to the app.
   */
  nativeOnlyIn?: readonly Browser[] | undefined
}

type MobileLinks = {
  /** Native scheme link base, e.g. `metamask://wc` (no trailing slash). */
  native?: string | undefined
  /** Universal link base, e.g. `https://metamask.app.link/wc`. */
  universal?: string | undefined
  /** In-app browser base; the page address is appended after a `/`. */
  inAppBrowser?: string | undefined
  /** Opens the page in the wallet's browser when its link takes the address as a parameter. */
  browseLink?: BrowseLink | undefined
  /** App Store id, e.g. `id1438144202`. */
  iosId?: string | undefined
  /** Play Store package, e.g. `io.metamask`. */
  androidId?: string | undefined
}

type DesktopLinks = {
  native?: string | undefined
  universal?: string | undefined
  chromeId?: string | undefined
  firefoxId?: string | undefined
  edgeId?: string | undefined
  /** Install page for the extension when store ids are not enough. */
  extensionUrl?: string | undefined
  /** Download page of the wallet's desktop app (Ledger Live, Exodus, Frame), where it has one. */
  appUrl?: string | undefined
}

/** How the wallet behaves when reached over WalletConnect v2. */
type WalletConnectConfig = {
  sdks: readonly string[]
  /**
   * Over WalletConnect the wallet only switches chains itself, never on request (MetaMask Mobile does
   * not support `wallet_switchEthereumChain` there: see
   * docs/connectors/chain-switching.md#the-three-checks-before-the-wallet-is-asked). Its extension may
   * well switch, which is why this is not the entry-wide `switchNetworkOnlyFromWallet`.
   */
  switchNetworkOnlyFromWallet?: boolean | undefined
}

export type WalletBookEntry = {
  /** Display name, e.g. `MetaMask`. */
  name: string
  /** Short name; normalises (connectorKey) to the entry's key. */
  shortName: string
  brand?:
    | {
        primaryColor?: string | undefined
        /** The monogram (a data URI): what the first load shows, and the fallback everywhere. */
        icon?: string | undefined
        /**
         * The wallet's logo: its id among the served logos (wallet-book/icons/walletLogoIds.ts):
         * `@web3icons/core`'s (`metamask`, `token-pocket`) or a wallet's own published mark
         * (publishedMarks.ts), resolved by `walletLogo` when the connect dialog loads.
         */
        logo?: string | undefined
      }
    | undefined
  /** EIP-6963 reverse-DNS id(s). */
  eip6963Config?: { rdns: readonly string[] } | undefined
  injectedConfig?: readonly InjectedConfig[] | undefined
  /** Present when the wallet can be reached over WalletConnect v2. */
  walletConnect?: WalletConnectConfig | undefined
  /** Hide from the WalletConnect list even when `walletConnect` is set. */
  filterFromWalletConnect?: boolean | undefined
  mobile?: MobileLinks | undefined
  desktop?: DesktopLinks | undefined
  /** How the wallet is used on a phone: open the site inside it, or redirect to it per request. */
  mobileExperience?: 'in-app-browser' | 'redirect' | undefined
  /** The wallet only switches chains itself (never on request), however it is reached. */
  switchNetworkOnlyFromWallet?: boolean | undefined
  /** List only when detected. */
  showOnlyIfInstalled?: boolean | undefined
  /** Public docs the entry's data was checked against. */
  sources?: readonly string[] | undefined
}

/** The registry: key → entry. The key is `connectorKey(entry.shortName)`. */
export type WalletBook = Readonly<Record<string, WalletBookEntry>>
