import { WalletLinkInputError } from '../WalletLinkInputError'

/**
 * The page address a wallet should open: an absolute http(s) URL. Anything else (a relative
 * path, `javascript:`, garbage) would produce a link the wallet rejects or, worse, runs.
 * Returns the parsed URL for callers that need its origin.
 */
export function assertPageUrl(href: unknown): URL {
  if (typeof href === 'string') {
    try {
      const url = new URL(href)
      if (url.protocol === 'https:' || url.protocol === 'http:') return url
    } catch {
      // Falls through to the typed error below.
    }
  }
  throw new WalletLinkInputError('The page address must be an absolute http(s) URL.', href)
}
