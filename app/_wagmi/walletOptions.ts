import type { Connector } from '@wagmi/core'
import { openInWalletBrowser } from '@/connectors/injected/openInWalletBrowser'
import { familyOf, type FamilyListing, type FamilyPanelId } from '@/connectors/shared/lazyConnector'
import { mapProviderError } from '@/connectors/shared/providerErrors'
import { walletConnectConnectorId } from '@/connectors/walletConnect/constants'
import { openWalletLink } from '@/connectors/walletConnect/openWalletLink'
import type { PairingState } from '@/connectors/walletConnect/pairingState'
import type { SigilError } from '@/lib/errors/SigilError'
import type { Platform } from '@/lib/platform/detectPlatform'
import { walletBook } from '@/wallet-book'
import { walletLogo } from '@/wallet-book/icons/walletLogo'
import { openInWalletUrl } from '@/wallet-book/links/openInWalletUrl'
import type { DeepLinkPreference } from '@/wallet-book/links/walletLinkBase'
import { walletConnectDeepLink } from '@/wallet-book/links/walletConnectDeepLink'
import { listWallets } from '@/wallet-book/resolve/listWallets'
import type { EIP6963ProviderDetail } from '@/wallet-book/resolve/types'
import type { WalletBook, WalletBookEntry } from '@/wallet-book/types'

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
  /** Desktop, not installed: the extension's store page. */
  installUrl?: string | undefined
  /** Phone: opens the wallet (its in-app browser, or a WalletConnect deep link). Call it synchronously from the tap. */
  openInApp?: (() => void) | undefined
  /** Phone, not installed, and the wallet cannot open this page (`No inAppBrowserBase found for {wallet}.`). */
  error?: SigilError | undefined
  /** Tapping opens this family view in the dialog (QR code, embedded wallet) instead of connecting at once. */
  panel?: FamilyPanelId | undefined
  /** A listed family's few words ("Scan with your phone"), shown where a detected extension says "Installed". */
  tagline?: FamilyListing['tagline'] | undefined
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
}

/** The pairing of a loaded WalletConnect connector (read without importing the family or its SDK). */
function pairingOf(connector: Connector): PairingState | undefined {
  return (familyOf(connector)?.loaded as { pairing?: PairingState } | undefined)?.pairing
}

/**
 * A phone's tap on a wallet reached over WalletConnect: open the wallet with the pairing URI that
 * the dialog's warm-up already made — synchronously, nothing awaited (REFERENCE.md §2). Without a
 * URI yet, nothing is opened here: the WalletConnect view that follows shows the QR code, the copy
 * link and an "Open" button that fires as soon as the URI is there (never a silent no-op).
 */
function openOverWalletConnect(entry: WalletBookEntry, connector: Connector, platform: Platform, navigate: ((url: string) => void) | undefined) {
  const uri = pairingOf(connector)?.getSnapshot().uri
  if (!uri) return
  // The connector's link preference, as signing uses it (`native` unless it says `universal`).
  const preference = (connector as Connector & { sigil?: { deepLinkPreference?: DeepLinkPreference } }).sigil?.deepLinkPreference
  const link = walletConnectDeepLink(entry, uri, { os: platform.os, isMobile: true, preference })
  if (link) (navigate ?? openWalletLink)(link)
}

/**
 * What the connect dialog lists, installed wallets first (built on the wallet-book's `listWallets`).
 * Inside a wallet's own browser (user agent says so) that wallet counts as installed even before
 * it has injected its provider: its connector waits for the late injection, and offering "open in
 * app" there would send the user round in a loop (REFERENCE.md §2).
 */
export function walletOptions(parameters: WalletOptionsParameters): WalletOption[] {
  const { platform, connectors, getHref } = parameters
  const listings = listWallets({ announced: parameters.announced, win: parameters.win, book: parameters.book ?? walletBook, platform })
  const options = listings.map((listing): WalletOption => {
    const connector = connectors.find((candidate) => candidate.id === listing.key)
    const insideThisWallet = platform?.inWalletBrowser === listing.key && connector !== undefined
    const base = { key: listing.key, name: listing.name, icon: listing.icon }
    if (listing.installed || insideThisWallet) return { ...base, installed: true, connector }

    const entry = listing.entry
    // The wallet's WalletConnect connector: the book lists it with WalletConnect, not filtered out.
    const walletConnectConnector = connectors.find((candidate) => candidate.id === walletConnectConnectorId(listing.key))
    if (platform?.isMobile && entry && walletConnectConnector && entry.mobileExperience === 'redirect') {
      // A wallet used by redirect (REFERENCE.md §1): its deep link with the pairing URI, then the
      // WalletConnect view with the store link, QR code and copy link in case the app is missing.
      return {
        ...base,
        installed: false,
        connector: walletConnectConnector,
        panel: 'walletconnect',
        openInApp: () => openOverWalletConnect(entry, walletConnectConnector, platform, parameters.navigate),
      }
    }
    if (platform?.isMobile && entry) {
      try {
        // Built now so a wallet that cannot be opened shows its error before the tap.
        openInWalletUrl(entry, getHref(), platform)
      } catch (error) {
        return { ...base, installed: false, error: mapProviderError(error, 'request') }
      }
      const navigate = parameters.navigate
      return { ...base, installed: false, openInApp: () => void openInWalletBrowser(entry, getHref(), { platform, navigate }) }
    }
    if (!platform?.isMobile && walletConnectConnector) {
      // Desktop without the extension: the wallet's phone app over WalletConnect (QR code).
      return { ...base, installed: false, installUrl: listing.installUrl, connector: walletConnectConnector, panel: 'walletconnect' }
    }
    return { ...base, installed: false, installUrl: listing.installUrl }
  })
  // Stable: keeps listWallets' order inside each group; listed families follow the detected wallets.
  return [
    ...options.filter((option) => option.installed),
    ...familyOptions(connectors),
    ...options.filter((option) => !option.installed),
  ]
}

/** Listed families whose logo the icon package has (WalletConnect's); the others keep their monograms. */
const familyLogos: ReadonlyMap<string, string> = new Map([['walletconnect', 'wallet-connect']])

/**
 * Rows of the lazily loaded families that list themselves (WalletConnect's QR code, the Coinbase
 * Smart Wallet, the embedded wallet): always available, no extension to detect.
 */
export function familyOptions(connectors: readonly Connector[]): WalletOption[] {
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
        name: connector.name,
        icon: walletLogo({ brand: { logo: familyLogos.get(key) } }) ?? connector.icon ?? '',
        installed: true,
        connector,
        panel: listing.panel,
        tagline: listing.tagline,
      }
    })
}
