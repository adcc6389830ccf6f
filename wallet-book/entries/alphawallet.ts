import { monogramIcon } from '../icons/monogramIcon'
import type { WalletBookEntry } from '../types'

/** AlphaWallet: open-source Android and iOS apps, reached over WalletConnect. */
export const alphawallet: WalletBookEntry = {
  name: 'AlphaWallet',
  shortName: 'AlphaWallet',
  brand: { primaryColor: '#2F75E2', icon: monogramIcon('AW', '#2F75E2'), logo: 'alpha-wallet' },
  walletConnect: { sdks: ['sign_v2'] },
  mobile: { androidId: 'io.stormbird.wallet' },
}

/** The public pages the entry's data was checked against: read by validation only, never shipped with the entry (`../sources.ts`). */
export const sources: readonly string[] = ['https://github.com/AlphaWallet/alpha-wallet-android', 'https://github.com/AlphaWallet/alpha-wallet-ios', 'https://alphawallet.com', 'https://www.npmjs.com/package/@web3icons/core/v/4.0.56']
