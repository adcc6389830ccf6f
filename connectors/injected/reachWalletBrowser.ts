import { openInWalletUrl } from '@sigil/wallet-book/links/openInWalletUrl'
import { phoneRoute } from '@sigil/wallet-book/links/phoneRoute'
import type { ReachWalletParameters, WalletReach } from '../shared/family'
import { openInWalletBrowser } from './openInWalletBrowser'

/**
 * On a phone, a book wallet that is not installed and that no other family reached (its app over
 * WalletConnect comes first): a tap opens this page inside the wallet's own browser, where the
 * wallet injects its provider and this family connects it
 * (docs/families/injected.md#opening-the-page-in-the-wallets-browser). `walletConnect: false`: a
 * wallet WalletConnect could pair with has been offered that way already. A wallet without a browser
 * of its own, or whose link cannot take this page's address, is left unreached (no row: a tap could
 * only fail with `No inAppBrowserBase found for {wallet}.`). Never on a computer.
 */
export function reachWalletBrowser(parameters: ReachWalletParameters): WalletReach | undefined {
  const { entry, platform, getHref, navigate } = parameters
  if (!platform?.isMobile || !entry || phoneRoute(entry, { walletConnect: false }) !== 'wallet-browser') return undefined
  try {
    // Built now: a page address the wallet cannot take drops the row instead of failing the tap.
    openInWalletUrl(entry, getHref(), platform)
  } catch {
    return undefined
  }
  return { opens: 'wallet-browser', openInApp: () => void openInWalletBrowser(entry, getHref(), { platform, navigate }) }
}
