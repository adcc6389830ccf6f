import type { Browser } from '@sigil/lib/platform/detectPlatform'
import type { WalletBookEntry } from '../types'
import { assertPageUrl } from './assertPageUrl'

/**
 * The link that opens `href` in the wallet's browser for wallets that take the address as a
 * parameter (`mobile.browseLink`), e.g. Phantom's
 * `https://phantom.app/ul/browse/<enc url>?ref=<enc origin>`. The universal form is preferred;
 * the native form is used where the entry says only it works (Samsung Internet for Phantom) or
 * when there is no universal form. `undefined` when the entry declares no browse link.
 *
 * @throws WalletLinkInputError when `href` is not an absolute http(s) URL.
 */
export function browseLinkUrl(entry: WalletBookEntry, href: string, platform: { browser: Browser }): string | undefined {
  const link = entry.mobile?.browseLink
  if (!link) return undefined
  const nativeOnly = link.native !== undefined && (link.nativeOnlyIn?.includes(platform.browser) ?? false)
  const template = nativeOnly ? link.native : (link.universal ?? link.native)
  if (!template) return undefined
  const url = assertPageUrl(href)
  return template
    .replaceAll('{url}', encodeURIComponent(href))
    .replaceAll('{ref}', encodeURIComponent(url.origin))
}
