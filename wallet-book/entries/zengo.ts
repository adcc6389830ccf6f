import { monogramIcon } from '../icons/monogramIcon'
import type { WalletBookEntry } from '../types'

/** Zengo: a keyless (MPC) phone wallet, reached over WalletConnect. */
export const zengo: WalletBookEntry = {
  name: 'Zengo',
  shortName: 'Zengo',
  brand: { primaryColor: '#00BB9A', icon: monogramIcon('Zg', '#00BB9A'), logo: 'zengo' },
  walletConnect: { sdks: ['sign_v2'] },
  mobile: { iosId: 'id1440147115', androidId: 'com.zengo.wallet' },
}

/** The public pages the entry's data was checked against: read by validation only, never shipped with the entry (`../sources.ts`). */
export const sources: readonly string[] = ['https://zengo.com', 'https://www.npmjs.com/package/@web3icons/core/v/4.0.56']
