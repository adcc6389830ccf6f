import { monogramIcon } from '../icons/monogramIcon'
import type { WalletBookEntry } from '../types'

/** Enkrypt, MEW's multichain extension: its EVM provider is `window.enkrypt.providers.ethereum`. */
export const enkrypt: WalletBookEntry = {
  name: 'Enkrypt',
  shortName: 'Enkrypt',
  brand: { primaryColor: '#A34CE7', icon: monogramIcon('En', '#A34CE7'), logo: 'enkrypt' },
  injectedConfig: [{ chain: 'evm', extensionLocators: [{ flag: 'isEnkrypt', value: true }], windowLocations: ['enkrypt.providers.ethereum'] }],
  desktop: { chromeId: 'kkpllkodjeloidieedojogacfhpaihoh', extensionUrl: 'https://www.enkrypt.com' },
}

/** The public pages the entry's data was checked against: read by validation only, never shipped with the entry (`../sources.ts`). */
export const sources: readonly string[] = [
  'https://github.com/wevm/wagmi/blob/main/packages/core/src/connectors/injected.ts',
  'https://github.com/rainbow-me/rainbowkit/blob/main/packages/rainbowkit/src/wallets/walletConnectors/enkryptWallet/enkryptWallet.ts',
  'https://github.com/enkryptcom/enKrypt',
  'https://www.npmjs.com/package/@web3icons/core/v/4.0.56',
]
