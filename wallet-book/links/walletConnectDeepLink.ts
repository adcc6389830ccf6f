import type { WalletBookEntry } from '../types'
import { WalletLinkInputError } from '../WalletLinkInputError'
import { walletLinkBase, type WalletLinkOptions } from './walletLinkBase'

/**
 * The link that hands a WalletConnect pairing URI to the wallet (docs/families/walletConnect.md#deep-links):
 * - Android: the raw `wc:` URI, which Android offers to every installed wallet that registered it;
 * - elsewhere: the wallet's `native` (default) or `universal` link + `?uri=<encoded wc uri>`,
 *   e.g. `metamask://wc?uri=wc%3A…`.
 * `undefined` when the wallet does not speak WalletConnect or has no link for the platform:
 * a bare `?uri=…` would open nothing.
 *
 * @throws WalletLinkInputError when `wcUri` is not a `wc:` URI.
 */
export function walletConnectDeepLink(entry: WalletBookEntry, wcUri: string, options: WalletLinkOptions): string | undefined {
  if (typeof wcUri !== 'string' || !wcUri.startsWith('wc:')) {
    throw new WalletLinkInputError('A WalletConnect pairing URI starts with "wc:".', wcUri)
  }
  if (!entry.walletConnect) return undefined
  if (options.os === 'android') return wcUri
  const base = walletLinkBase(entry, options)
  return base === undefined ? undefined : `${base}?uri=${encodeURIComponent(wcUri)}`
}
