import type { WalletBookEntry } from '../types'

/**
 * How a phone gets to a wallet of the book that is not injected in this browser:
 * - `wallet-browser`: the page opens inside the wallet's own browser (`mobile.inAppBrowser` or
 *   `mobile.browseLink`);
 * - `wallet-app`: the wallet's app pairs over WalletConnect, opened by the wallet's own link
 *   (`mobile.native` or `mobile.universal`) carrying the pairing URI;
 * - `undefined`: neither exists here, so the wallet is not offered on this phone at all (a row
 *   whose tap could only say `No inAppBrowserBase found for …` is a dead end).
 *
 * A wallet used by redirect (`mobileExperience: 'redirect'`) goes to its app first; every other
 * wallet to its browser first. WalletConnect counts only where the deployment has it
 * (`walletConnect: false` without a project id) and the book lists the wallet for it. The
 * wallet's own link is required on Android too, where the link opened is the raw `wc:` URI: a
 * wallet that declares none gives no sign that its app takes WalletConnect links on a phone, and
 * the system would hand the URI to whichever wallet app is installed, not to the one tapped.
 */
export type PhoneRoute = 'wallet-browser' | 'wallet-app'

export type PhoneRouteOptions = {
  /** The deployment can pair over WalletConnect (a project id is configured). */
  walletConnect: boolean
}

/** The page can be opened in the wallet's browser (in-app browser base or browse link). */
function opensInWalletBrowser(entry: WalletBookEntry): boolean {
  const mobile = entry.mobile
  return Boolean(mobile?.inAppBrowser || mobile?.browseLink?.universal || mobile?.browseLink?.native)
}

/** The wallet's app takes a WalletConnect pairing URI through a link of its own. */
function pairsWithWalletApp(entry: WalletBookEntry): boolean {
  if (!entry.walletConnect || entry.filterFromWalletConnect) return false
  return Boolean(entry.mobile?.native || entry.mobile?.universal)
}

/** The same on iOS and Android: the book's phone links are not per system. */
export function phoneRoute(entry: WalletBookEntry, options: PhoneRouteOptions): PhoneRoute | undefined {
  const app = options.walletConnect && pairsWithWalletApp(entry)
  if (app && entry.mobileExperience === 'redirect') return 'wallet-app'
  if (opensInWalletBrowser(entry)) return 'wallet-browser'
  return app ? 'wallet-app' : undefined
}
