import { monogramIcon } from '../icons/monogramIcon'
import { PUBLISHED_MARKS_SOURCE } from '../icons/publishedMarks'
import type { WalletBookEntry } from '../types'

/** Taho (formerly Tally Ho): still sets `isTally` and lives at `window.tally`. */
export const taho: WalletBookEntry = {
  name: 'Taho',
  shortName: 'Taho',
  brand: { primaryColor: '#D08E39', icon: monogramIcon('Ta', '#D08E39'), logo: 'taho' },
  eip6963Config: { rdns: ['xyz.taho'] },
  injectedConfig: [{ chain: 'evm', extensionLocators: [{ flag: 'isTally', value: true }], windowLocations: ['tally'] }],
  desktop: { chromeId: 'eajafomhmkipbjmfmhebemolkcicgfmd', extensionUrl: 'https://taho.xyz' },
}

/** The public pages the entry's data was checked against: read by validation only, never shipped with the entry (`../sources.ts`). */
export const sources: readonly string[] = [
  'https://github.com/wevm/wagmi/blob/main/packages/core/src/connectors/injected.ts',
  'https://github.com/rainbow-me/rainbowkit/blob/main/packages/rainbowkit/src/wallets/walletConnectors/tahoWallet/tahoWallet.ts',
  'https://github.com/tahowallet/extension',
  PUBLISHED_MARKS_SOURCE,
]
