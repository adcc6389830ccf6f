import type { Browser } from '@sigil/lib/platform/detectPlatform'
import { openInWalletUrl } from '@sigil/wallet-book/links/openInWalletUrl'
import type { WalletBookEntry } from '@sigil/wallet-book/types'

export type OpenInWalletBrowserOptions = {
  /** From `detectPlatform`; decides between a wallet's universal and native browse link. */
  platform?: { browser: Browser } | undefined
  /** Defaults to `location.assign`; injectable for tests. */
  navigate?: ((url: string) => void) | undefined
}

/**
 * On a phone without the wallet injected: open this page inside the wallet's own browser —
 * `${mobile.inAppBrowser}/${href}`, or the wallet's browse link (Phantom). Must be called
 * synchronously from the user's tap: iOS Safari ignores navigations to app links made long after
 * the gesture (docs/connectors/lifecycle.md#acting-inside-the-tap), so nothing may be awaited before it.
 *
 * @returns the address navigated to.
 * @throws InAppBrowserBaseNotFoundError (`No inAppBrowserBase found for {wallet}.`) when the
 *   wallet has neither an in-app browser base nor a browse link.
 */
export function openInWalletBrowser(entry: WalletBookEntry, href: string, options: OpenInWalletBrowserOptions = {}): string {
  const url = openInWalletUrl(entry, href, options.platform ?? { browser: 'other' })
  const navigate = options.navigate ?? ((target: string) => globalThis.location.assign(target))
  navigate(url)
  return url
}
