import { monogramIcon } from '../icons/monogramIcon'
import type { WalletBookEntry } from '../types'

export const zerion: WalletBookEntry = {
  name: 'Zerion',
  shortName: 'Zerion',
  brand: { primaryColor: '#2962EF', icon: monogramIcon('Z', '#2962EF'), logo: 'zerion' },
  eip6963Config: { rdns: ['io.zerion.wallet'] },
  injectedConfig: [{ chain: 'evm', extensionLocators: [{ flag: 'isZerion', value: true }], windowLocations: ['zerionWallet'] }],
  walletConnect: { sdks: ['sign_v2'] },
  mobile: {
    native: 'zerion://wc',
    iosId: 'id1456732565',
    androidId: 'io.zerion.android',
  },
  // Used by redirect on phones: WalletConnect deep link per connection and per request.
  mobileExperience: 'redirect',
  desktop: {
    chromeId: 'klghhnkeealcohjjanjjdaeeggmfmlpl',
    extensionUrl: 'https://zerion.io/extension',
  },
}

/** The public pages the entry's data was checked against: read by validation only, never shipped with the entry (`../sources.ts`). */
export const sources: readonly string[] = ['https://github.com/rainbow-me/rainbowkit/blob/main/packages/rainbowkit/src/wallets/walletConnectors/zerionWallet/zerionWallet.ts', 'https://www.npmjs.com/package/@web3icons/core/v/4.0.56']
