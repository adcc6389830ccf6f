import { monogramIcon } from '../icons/monogramIcon'
import { PUBLISHED_MARKS_SOURCE } from '../icons/publishedMarks'
import type { WalletBookEntry } from '../types'

/** Talisman: its EVM provider is `window.talismanEth` (it only takes `window.ethereum` if asked to). */
export const talisman: WalletBookEntry = {
  name: 'Talisman',
  shortName: 'Talisman',
  brand: { primaryColor: '#D5FF5C', icon: monogramIcon('Tl', '#D5FF5C'), logo: 'talisman' },
  eip6963Config: { rdns: ['xyz.talisman'] },
  injectedConfig: [{ chain: 'evm', extensionLocators: [{ flag: 'isTalisman', value: true }], windowLocations: ['talismanEth'] }],
  desktop: { chromeId: 'fijngjgcjhjmmpcmkeiomlglpeiijkld', extensionUrl: 'https://www.talisman.xyz' },
}

/** The public pages the entry's data was checked against: read by validation only, never shipped with the entry (`../sources.ts`). */
export const sources: readonly string[] = [
  'https://github.com/rainbow-me/rainbowkit/blob/main/packages/rainbowkit/src/wallets/walletConnectors/talismanWallet/talismanWallet.ts',
  'https://github.com/TalismanSociety/talisman',
  PUBLISHED_MARKS_SOURCE,
]
