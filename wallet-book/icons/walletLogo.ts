import type { WalletBookEntry } from '../types'
import { WALLET_LOGO_IDS, walletLogoPath } from './walletLogoIds'

/**
 * The wallet's real logo, when its entry names one (`brand.logo`) that the icon package has: a
 * same-origin image path (`/wallet-logos/<id>.svg`); else `undefined`, and the entry's monogram
 * stays. The SVGs never travel in a script: the connect dialog's code carries only their names.
 */
export function walletLogo(entry: Pick<WalletBookEntry, 'brand'> | undefined): string | undefined {
  const id = entry?.brand?.logo
  if (id === undefined || !WALLET_LOGO_IDS.has(id)) return undefined
  return walletLogoPath(id)
}
