import { monogramIcon } from '../icons/monogramIcon'
import { PUBLISHED_MARKS_SOURCE } from '../icons/publishedMarks'
import type { WalletBookEntry } from '../types'

/** Core, Ava Labs' wallet: its extension sets `isAvalanche` and also lives at `window.avalanche`. */
export const core: WalletBookEntry = {
  name: 'Core',
  shortName: 'Core',
  brand: { primaryColor: '#000000', icon: monogramIcon('Co', '#000000'), logo: 'core' },
  eip6963Config: { rdns: ['app.core.extension'] },
  injectedConfig: [{ chain: 'evm', extensionLocators: [{ flag: 'isAvalanche', value: true }], windowLocations: ['avalanche'] }],
  walletConnect: { sdks: ['sign_v2'] },
  mobile: { androidId: 'com.avaxwallet' },
  desktop: { chromeId: 'agoakfejjabomempkjlepdflaleeobhb', extensionUrl: 'https://core.app' },
}

/** The public pages the entry's data was checked against: read by validation only, never shipped with the entry (`../sources.ts`). */
export const sources: readonly string[] = [
  'https://github.com/wevm/wagmi/blob/main/packages/core/src/connectors/injected.ts',
  'https://github.com/rainbow-me/rainbowkit/blob/main/packages/rainbowkit/src/wallets/walletConnectors/coreWallet/coreWallet.ts',
  'https://core.app',
  PUBLISHED_MARKS_SOURCE,
]
