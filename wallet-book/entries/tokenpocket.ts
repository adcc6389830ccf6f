import { monogramIcon } from '../icons/monogramIcon'
import type { WalletBookEntry } from '../types'

export const tokenpocket: WalletBookEntry = {
  name: 'TokenPocket',
  shortName: 'TokenPocket',
  brand: { primaryColor: '#2980FE', icon: monogramIcon('TP', '#2980FE'), logo: 'token-pocket' },
  eip6963Config: { rdns: ['pro.tokenpocket'] },
  injectedConfig: [{ chain: 'evm', extensionLocators: [{ flag: 'isTokenPocket', value: true }], windowLocations: [] }],
  walletConnect: { sdks: ['sign_v2'] },
  mobile: { native: 'tpoutside://wc', iosId: 'id6444625622', androidId: 'vip.mytokenpocket' },
  desktop: { chromeId: 'mfgccjchihfkkindfppnaooecgfneiii', extensionUrl: 'https://extension.tokenpocket.pro' },
}

/** The public pages the entry's data was checked against: read by validation only, never shipped with the entry (`../sources.ts`). */
export const sources: readonly string[] = ['https://github.com/rainbow-me/rainbowkit/blob/main/packages/rainbowkit/src/wallets/walletConnectors/tokenPocketWallet/tokenPocketWallet.ts', 'https://www.npmjs.com/package/@web3icons/core/v/4.0.56']
