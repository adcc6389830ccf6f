import type { WalletBookEntry } from '../types'
import { WalletLinkInputError } from '../WalletLinkInputError'
import { walletLinkBase, type WalletLinkOptions } from './walletLinkBase'

/**
 * The link that brings the wallet to the front for a request in an existing WalletConnect session: the
 * wallet's link + `?sessionTopic=<topic>` (docs/families/walletConnect.md#deep-links). Opened from the
 * tap before the request is sent, so the wallet shows it and can return to the page afterwards. Android
 * gets the wallet's own link too (there is no `wc:` URI for an existing session). `undefined` when the
 * wallet has no link for the platform.
 *
 * @throws WalletLinkInputError when `topic` is empty or not a string.
 */
export function signingDeepLink(entry: WalletBookEntry, topic: string, options: WalletLinkOptions): string | undefined {
  if (typeof topic !== 'string' || topic.trim() === '') {
    throw new WalletLinkInputError('A WalletConnect session topic is a non-empty string.', topic)
  }
  const base = walletLinkBase(entry, options)
  return base === undefined ? undefined : `${base}?sessionTopic=${encodeURIComponent(topic)}`
}
