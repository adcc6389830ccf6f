import { monogramIcon } from '../icons/monogramIcon'
import type { WalletBookEntry } from '../types'

export const rainbow: WalletBookEntry = {
  name: 'Rainbow',
  shortName: 'Rainbow',
  brand: { primaryColor: '#001E59', icon: monogramIcon('R', '#001E59'), logo: 'rainbow' },
  eip6963Config: { rdns: ['me.rainbow'] },
  injectedConfig: [{ chain: 'evm', extensionLocators: [{ flag: 'isRainbow', value: true }], windowLocations: ['rainbow'] }],
  walletConnect: { sdks: ['sign_v2'] },
  mobile: {
    native: 'rainbow://wc',
    universal: 'https://rnbwapp.com/wc',
    iosId: 'id1457119021',
    androidId: 'me.rainbow',
  },
  // Used by redirect on phones: WalletConnect deep link per connection and per request.
  mobileExperience: 'redirect',
  desktop: {
    chromeId: 'opfgelmcmbiajamepnmloijbpoleiama',
    edgeId: 'cpojfbodiccabbabgimdeohkkpjfpbnf',
    firefoxId: 'rainbow-extension',
    extensionUrl: 'https://rainbow.me/extension',
  },
}

/** The public pages the entry's data was checked against: read by validation only, never shipped with the entry (`../sources.ts`). */
export const sources: readonly string[] = ['https://github.com/rainbow-me/rainbowkit/blob/main/packages/rainbowkit/src/wallets/walletConnectors/rainbowWallet/rainbowWallet.ts', 'https://www.npmjs.com/package/@dynamic-labs/wallet-book', 'https://www.npmjs.com/package/@web3icons/core/v/4.0.56']
