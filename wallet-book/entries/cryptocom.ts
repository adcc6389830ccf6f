import { monogramIcon } from '../icons/monogramIcon'
import { WEB3ICONS_SOURCE } from '../icons/web3iconsWallets'
import type { WalletBookEntry } from '../types'

/** Crypto.com Onchain (formerly DeFi Wallet): a phone app reached over WalletConnect, and an extension. */
export const cryptocom: WalletBookEntry = {
  name: 'Crypto.com Onchain',
  shortName: 'Crypto.com',
  brand: { primaryColor: '#002D74', icon: monogramIcon('CR', '#002D74'), logo: 'crypto-com' },
  walletConnect: { sdks: ['sign_v2'] },
  mobile: { iosId: 'id1512048310', androidId: 'com.defi.wallet' },
  desktop: { chromeId: 'hifafgmccdpekplomjjkcfgodnhcellj', extensionUrl: 'https://crypto.com/onchain' },
}

/** The public pages the entry's data was checked against: read by validation only, never shipped with the entry (`../sources.ts`). */
export const sources: readonly string[] = ['https://crypto.com/onchain', WEB3ICONS_SOURCE]
