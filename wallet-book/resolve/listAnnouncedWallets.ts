import type { EIP1193Provider } from 'viem'
import { WALLET_FAMILY_IDS } from '@sigil/lib/siwe/families'
import { walletKey } from '../walletKey'
import { monogramIcon } from '../icons/monogramIcon'
import type { WalletBook } from '../types'
import type { EIP6963ProviderDetail, WalletListing } from './types'
import { dedupeAnnouncements } from './dedupeAnnouncements'
import { genericBrowserWallet } from './genericBrowserWallet'

/**
 * Keys no announced wallet may take by its name: the families' own rows (WalletConnect, the Coinbase
 * Smart Wallet, the embedded wallet) and the generic Browser wallet. An extension that calls itself
 * "WalletConnect" would otherwise take that row's key, its connector and its stored session.
 */
const RESERVED_KEYS: ReadonlySet<string> = new Set([...WALLET_FAMILY_IDS, genericBrowserWallet.key])

/**
 * Step 1 of `listWallets`: the wallets announced over EIP-6963, in announcement order
 * (deduplicated by rdns), each as its book entry when the book knows the rdns, else under
 * `walletKey(info.name)` (or its rdns' key when that is empty or taken by a book wallet).
 * Its own module because it needs only keys, names, icons and rdns of the book: the wagmi config
 * runs it at startup with the injected index, without the rest of the book.
 */
export function listAnnouncedWallets(announced: readonly EIP6963ProviderDetail<unknown>[], book: WalletBook): WalletListing[] {
  const listings: WalletListing[] = []
  const usedKeys = new Set<string>()
  const entries = Object.entries(book)
  const bookKeys = new Set([...entries.map(([key]) => key), ...RESERVED_KEYS])

  for (const { info, provider } of dedupeAnnouncements(announced)) {
    const rdns = info.rdns.toLowerCase()
    const known = entries.find(([, entry]) => entry.eip6963Config?.rdns.some((id) => id.toLowerCase() === rdns))
    const key = known ? known[0] : unknownWalletKey(info.name, info.rdns, (candidate) => usedKeys.has(candidate) || bookKeys.has(candidate))
    if (key === undefined || usedKeys.has(key)) continue
    usedKeys.add(key)
    listings.push({
      key,
      name: known ? known[1].name : info.name,
      icon: safeIcon(info.icon) ?? known?.[1].brand?.icon ?? monogramIcon(Array.from(info.name.trim())[0]?.toUpperCase() || 'W', '#6B7280'),
      installed: true,
      source: 'eip6963',
      rdns: info.rdns,
      entry: known?.[1],
      provider: provider as EIP1193Provider,
    })
  }
  return listings
}

/** EIP-6963 says the icon is a data URI; anything else (an https address) would be a third-party load. */
function safeIcon(icon: unknown): string | undefined {
  return typeof icon === 'string' && /^data:image\//i.test(icon) ? icon : undefined
}

/** `walletKey(name)`, or the rdns-based key when the name's key is empty or already taken. */
function unknownWalletKey(name: string, rdns: string, taken: (key: string) => boolean): string | undefined {
  for (const candidate of [walletKey(name), walletKey(rdns)]) {
    if (candidate !== '' && !taken(candidate)) return candidate
  }
  return undefined
}
