import { monogramIcon } from '../icons/monogramIcon'
import type { WalletBookEntry } from '../types'

export const imtoken: WalletBookEntry = {
  name: 'imToken',
  shortName: 'imToken',
  brand: { primaryColor: '#098DE6', icon: monogramIcon('iT', '#098DE6'), logo: 'imtoken' },
  injectedConfig: [{ chain: 'evm', extensionLocators: [{ flag: 'isImToken', value: true }], windowLocations: [] }],
  walletConnect: { sdks: ['sign_v2'] },
  mobile: { native: 'imtokenv2://wc', iosId: 'id1384798940', androidId: 'im.token.app' },
  // Used by redirect on phones: WalletConnect deep link per connection and per request.
  mobileExperience: 'redirect',
}

/** The public pages the entry's data was checked against: read by validation only, never shipped with the entry (`../sources.ts`). */
export const sources: readonly string[] = ['https://github.com/rainbow-me/rainbowkit/blob/main/packages/rainbowkit/src/wallets/walletConnectors/imTokenWallet/imTokenWallet.ts', 'https://token.im/download', 'https://www.npmjs.com/package/@web3icons/core/v/4.0.56']
