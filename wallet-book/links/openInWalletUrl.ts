import type { Browser } from '@sigil/lib/platform/detectPlatform'
import type { WalletBookEntry } from '../types'
import { browseLinkUrl } from './browseLinkUrl'
import { inAppBrowserUrl } from './inAppBrowserUrl'

/**
 * Where a tap on a not-injected wallet goes on a phone: the wallet's browse link when it declares one,
 * else its in-app browser base + the page address. Build it before the tap and navigate synchronously
 * in the handler (iOS drops links opened long after the gesture; see
 * docs/connectors/lifecycle.md#acting-inside-the-tap).
 *
 * @throws InAppBrowserBaseNotFoundError when the wallet has neither
 * (docs/families/injected.md#opening-the-page-in-the-wallets-browser).
 * @throws WalletLinkInputError when `href` is not an absolute http(s) URL.
 */
export function openInWalletUrl(entry: WalletBookEntry, href: string, platform: { browser: Browser }): string {
  return browseLinkUrl(entry, href, platform) ?? inAppBrowserUrl(entry, href)
}
