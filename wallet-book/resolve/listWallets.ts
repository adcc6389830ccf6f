import type { EIP1193Provider } from 'viem'
import type { Platform } from '@sigil/lib/platform/detectPlatform'
import { monogramIcon } from '../icons/monogramIcon'
import { walletLogo } from '../icons/walletLogo'
import { walletBook } from '../index'
import { installUrl } from '../links/installUrl'
import { isReachableOnMobile } from '../links/isReachableOnMobile'
import type { WalletBook, WalletBookEntry } from '../types'
import type { EIP6963ProviderDetail, WalletListing, WindowLike } from './types'

export type { WalletListing }
import { findInjectedProvider } from './findInjectedProvider'
import { genericBrowserWallet } from './genericBrowserWallet'
import { isProviderLike } from './isProviderLike'
import { listAnnouncedWallets } from './listAnnouncedWallets'
import { matchesLocators } from './matchesLocators'
import { readProperty } from './readProperty'

export type ListWalletsParameters = {
  announced?: readonly EIP6963ProviderDetail<unknown>[] | undefined
  /** The window; `undefined` on the server (then only announcements and the book count). */
  win?: WindowLike | undefined
  /** Defaults to Sigil's wallet-book. Its order is the popularity order of not-installed wallets. */
  book?: WalletBook | undefined
  /** Without it the list is the desktop one and carries no install links. */
  platform?: Platform | undefined
}

// Re-exported where it always was: whoever lists wallets also names the generic one.
export { genericBrowserWallet }

const genericIcon = monogramIcon('W', '#6B7280')

/**
 * The wallets to offer, in display order (issue 2, "Injected family"):
 * 1. installed wallets announced over EIP-6963, in announcement order (deduplicated by rdns);
 *    an announcement the book does not know is listed under `connectorKey(info.name)`;
 * 2. installed wallets found only on `window` (entry's locations, `ethereum`, `ethereum.providers`),
 *    in book order; a wallet found both ways is listed once, as its announcement;
 * 3. a `window.ethereum` that no entry claims, as the generic "Browser wallet";
 * 4. the book's other wallets, not installed, in book order, without `showOnlyIfInstalled` ones;
 *    on a phone only those reachable from here (`phoneRoute`: the wallet's browser, or its app by its own link).
 */
export function listWallets({ announced = [], win, book = walletBook, platform }: ListWalletsParameters = {}): WalletListing[] {
  const listings: WalletListing[] = []
  const usedKeys = new Set<string>()
  const listedProviders = new Set<unknown>()
  const entries = Object.entries(book)

  const add = (listing: WalletListing) => {
    usedKeys.add(listing.key)
    if (listing.provider) listedProviders.add(listing.provider)
    listings.push(listing)
  }

  // 1. EIP-6963 announcements; a book wallet whose announced icon was unusable gets its logo.
  for (const listing of listAnnouncedWallets(announced, book)) {
    const logo = listing.icon === listing.entry?.brand?.icon ? walletLogo(listing.entry) : undefined
    add(logo ? { ...listing, icon: logo } : listing)
  }

  // 2. Wallets found on window only.
  if (win !== undefined) {
    for (const [key, entry] of entries) {
      if (usedKeys.has(key)) continue
      const match = findInjectedProvider(entry, { win })
      if (!match || listedProviders.has(match.provider)) continue
      add({ key, name: entry.name, icon: walletLogo(entry) ?? entry.brand?.icon ?? genericIcon, installed: true, source: 'window', entry, provider: match.provider })
    }

    // 3. An injected provider nobody claims still works as a generic wallet.
    const ethereum = readProperty(win, 'ethereum')
    const claimed = entries.some(([, entry]) =>
      (entry.injectedConfig ?? []).some((config) => config.chain === 'evm' && matchesLocators(ethereum, config.extensionLocators)),
    )
    if (isProviderLike(ethereum) && !listedProviders.has(ethereum) && !claimed && !usedKeys.has(genericBrowserWallet.key)) {
      add({ ...genericBrowserWallet, icon: genericIcon, installed: true, source: 'window', provider: ethereum })
    }
  }

  // 4. The rest of the book.
  for (const [key, entry] of entries) {
    if (usedKeys.has(key) || entry.showOnlyIfInstalled) continue
    if (platform?.isMobile && !isReachableOnMobile(entry)) continue
    add({
      key,
      name: entry.name,
      icon: walletLogo(entry) ?? entry.brand?.icon ?? genericIcon,
      installed: false,
      source: 'book',
      entry,
      installUrl: platform ? installUrl(entry, platform) : undefined,
    })
  }

  return listings
}
