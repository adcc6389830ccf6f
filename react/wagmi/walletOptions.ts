import type { Connector } from '@wagmi/core'
import type { ReachWallet, WalletOpens } from '@sigil/connectors/shared/family'
import { familyOf, type FamilyListing, type FamilyPanelId } from '@sigil/connectors/shared/lazyConnector'
import type { Messages } from '@sigil/lib/i18n/messages'
import { familyName } from './familyName'
import type { Platform } from '@sigil/lib/platform/detectPlatform'
import { deploymentBook } from '@sigil/wallet-book/index'
import { walletLogo } from '@sigil/wallet-book/icons/walletLogo'
import { listWallets } from '@sigil/wallet-book/resolve/listWallets'
import type { EIP6963ProviderDetail } from '@sigil/wallet-book/resolve/types'
import type { WalletBook } from '@sigil/wallet-book/types'

/** One row of the connect dialog. */
export type WalletOption = {
  /** Wallet-book key, `connectorKey(name)` for unknown EIP-6963 wallets, `browserwallet` for the generic one. */
  key: string
  name: string
  /** A data URI. */
  icon: string
  installed: boolean
  /** Set when the wallet can be connected here and now. */
  connector?: Connector | undefined
  /** Desktop, not installed: the extension's store page (a tap on a row with nothing else opens it). */
  installUrl?: string | undefined
  /** Phone: opens the wallet (its in-app browser, or a WalletConnect deep link). Call it synchronously from the tap. */
  openInApp?: (() => void) | undefined
  /** Where `openInApp` leads: the wallet's own browser, or its app paired over WalletConnect. */
  opens?: WalletOpens | undefined
  /** Tapping opens this family view in the dialog (QR code, embedded wallet) instead of connecting at once. */
  panel?: FamilyPanelId | undefined
  /** A listed family's few words ("Scan with your phone"), shown where a detected extension says "Installed". */
  tagline?: FamilyListing['tagline'] | undefined
  /** The row that makes a new wallet (`listing.createsWallet`): "No wallet?" opens it. */
  createsWallet?: true | undefined
}

export type WalletOptionsParameters = {
  announced: readonly EIP6963ProviderDetail[]
  win: object | undefined
  platform: Platform | undefined
  connectors: readonly Connector[]
  getHref: () => string
  book?: WalletBook | undefined
  /** Where `openInApp` navigates; `location.assign` by default (WalletConnect links: `openWalletLink`). */
  navigate?: ((url: string) => void) | undefined
  /**
   * The families' ways to reach a wallet that is not installed, asked in order: their `reachWallet`s,
   * then their `reachWalletBrowser`s (react/wagmi/familyReach.ts).
   */
  reaches?: readonly ReachWallet[] | undefined
  /** The page's locale strings (undefined in English): the listed families' names in that language. */
  messages?: Messages | undefined
}

/**
 * What the connect dialog lists, installed wallets first (built on the wallet-book's `listWallets`).
 * Inside a wallet's own browser (user agent says so) that wallet counts as installed even before it has
 * injected its provider: its connector waits for the late injection, and offering "open in app" there
 * would send the user round in a loop
 * (docs/families/injected.md#opening-the-page-in-the-wallets-browser).
 *
 * No row is a dead end: a wallet that is not installed is listed only where its tap leads
 * somewhere. On a phone: its app over WalletConnect (a family's `reachWallet`) or its own browser
 * (a family's `reachWalletBrowser`, by `phoneRoute`); a wallet that could only answer
 * `No inAppBrowserBase found for {wallet}.` is not listed. On a computer: its phone app's QR code
 * (WalletConnect) or its store page; a wallet with neither is not listed. Without a WalletConnect project id the family has no connectors, so no
 * row that needs it appears (wallet-book/README.md "Every row leads somewhere").
 */
export function walletOptions(parameters: WalletOptionsParameters): WalletOption[] {
  const { platform, connectors, getHref } = parameters
  const listings = listWallets({ announced: parameters.announced, win: parameters.win, book: parameters.book ?? deploymentBook(), platform })
  const options = listings.flatMap((listing): WalletOption[] => {
    const connector = connectors.find((candidate) => candidate.id === listing.key)
    const insideThisWallet = platform?.inWalletBrowser === listing.key && connector !== undefined
    const base = { key: listing.key, name: listing.name, icon: listing.icon }
    if (listing.installed || insideThisWallet) return [{ ...base, installed: true, connector }]

    // A family that can reach the wallet (WalletConnect: its phone app by QR code or deep link; on a
    // phone, last, the injected family: the wallet's own browser).
    for (const reach of parameters.reaches ?? []) {
      const reached = reach({ entry: listing.entry, key: listing.key, installUrl: listing.installUrl, connectors, platform, getHref, navigate: parameters.navigate })
      if (reached) return [{ ...base, installed: false, ...reached }]
    }
    // A phone has no store page to send the user to: a wallet no family reached is not listed there.
    if (platform?.isMobile) return []
    return listing.installUrl ? [{ ...base, installed: false, installUrl: listing.installUrl }] : []
  })
  // Stable: keeps listWallets' order inside each group; listed families follow the detected wallets.
  return [
    ...options.filter((option) => option.installed),
    ...familyOptions(connectors, parameters.messages),
    ...options.filter((option) => !option.installed),
  ]
}

/**
 * Rows of the lazily loaded families that list themselves (WalletConnect's QR code, the Coinbase
 * Smart Wallet, the embedded wallet): always available, no extension to detect. A family that names
 * its row in its catalogue section (`listing.name`) is shown by that name in the page's language;
 * the row's key stays the connector's.
 */
export function familyOptions(connectors: readonly Connector[], messages?: Messages): WalletOption[] {
  return connectors
    .flatMap((connector) => {
      const listing = familyOf(connector)?.listing
      return listing ? [{ connector, listing }] : []
    })
    .sort((a, b) => a.listing.order - b.listing.order)
    .map(({ connector, listing }) => {
      const key = (connector as Connector & { sigil?: { key: string } }).sigil?.key ?? connector.id
      return {
        key,
        name: familyName(connector, messages) ?? connector.name,
        // A family whose logo the icon package has names it (`listing.logo`); the others keep their monograms.
        icon: walletLogo({ brand: { logo: listing.logo } }) ?? connector.icon ?? '',
        installed: true,
        connector,
        panel: listing.panel,
        tagline: listing.tagline,
        createsWallet: listing.createsWallet,
      }
    })
}

