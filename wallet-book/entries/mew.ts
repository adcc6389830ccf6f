import { monogramIcon } from '../icons/monogramIcon'
import type { WalletBookEntry } from '../types'

export const mew: WalletBookEntry = {
  name: 'MEW wallet',
  shortName: 'MEW',
  brand: { primaryColor: '#05C0A5', icon: monogramIcon('MW', '#05C0A5'), logo: 'my-ether-wallet' },
  injectedConfig: [{ chain: 'evm', extensionLocators: [{ flag: 'isMEWwallet', value: true }], windowLocations: [] }],
  walletConnect: { sdks: ['sign_v2'] },
  mobile: { universal: 'https://mewwallet.com/wc', iosId: 'id1464614025', androidId: 'com.myetherwallet.mewwallet' },
  // Used by redirect on phones: WalletConnect deep link per connection and per request.
  mobileExperience: 'redirect',
}

/** The public pages the entry's data was checked against: read by validation only, never shipped with the entry (`../sources.ts`). */
export const sources: readonly string[] = ['https://github.com/rainbow-me/rainbowkit/blob/main/packages/rainbowkit/src/wallets/walletConnectors/mewWallet/mewWallet.ts', 'https://mewwallet.com', 'https://www.npmjs.com/package/@web3icons/core/v/4.0.56']
