import type { WalletBookEntry } from '../types'
import { svgDataUri } from './svgDataUri'
import { web3iconsWallets } from './web3iconsWallets'

const cache = new Map<string, string>()

/**
 * The wallet's real logo as a data URI, when its entry names one (`brand.logo`) that the icon
 * package has; else `undefined`, and the entry's monogram stays. Imported by the connect dialog's
 * modules only (see `web3iconsWallets`).
 */
export function walletLogo(entry: Pick<WalletBookEntry, 'brand'> | undefined): string | undefined {
  const id = entry?.brand?.logo
  if (id === undefined || !Object.hasOwn(web3iconsWallets, id)) return undefined
  let uri = cache.get(id)
  if (uri === undefined) {
    uri = svgDataUri(web3iconsWallets[id]!)
    cache.set(id, uri)
  }
  return uri
}
