import { InAppBrowserBaseNotFoundError } from '@sigil/lib/errors/wallet'
import type { WalletBookEntry } from '../types'
import { assertPageUrl } from './assertPageUrl'

/**
 * The link that opens `href` inside the wallet's in-app browser: `${mobile.inAppBrowser}/${href}`,
 * e.g. `https://metamask.app.link/dapp/https://site/path`. The address is appended as it is:
 * MetaMask takes the dapp URL as a path and an encoded one opens a blank tab
 * (https://docs.metamask.io/sdk/guides/use-deeplinks).
 *
 * @throws InAppBrowserBaseNotFoundError when the entry has no in-app browser base
 * (docs/families/injected.md#opening-the-page-in-the-wallets-browser).
 * @throws WalletLinkInputError when `href` is not an absolute http(s) URL.
 */
export function inAppBrowserUrl(entry: WalletBookEntry, href: string): string {
  const base = entry.mobile?.inAppBrowser
  if (!base) throw new InAppBrowserBaseNotFoundError(entry.name)
  assertPageUrl(href)
  return `${base}/${href}`
}
