import type { WalletBookEntry } from '../types'
import { phoneRoute } from './phoneRoute'

/**
 * Whether a phone user without the wallet injected could get to it from this page at all, where
 * the deployment pairs over WalletConnect: `phoneRoute` finds a way (the wallet's browser, or its
 * app by its own link). The wallet list drops the others; the connect dialog then also drops the
 * wallets that need WalletConnect when the deployment has none.
 */
export function isReachableOnMobile(entry: WalletBookEntry): boolean {
  return phoneRoute(entry, { walletConnect: true }) !== undefined
}
