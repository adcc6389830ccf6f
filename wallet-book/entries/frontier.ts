import { monogramIcon } from '../icons/monogramIcon'
import { PUBLISHED_MARKS_SOURCE } from '../icons/publishedMarks'
import type { WalletBookEntry } from '../types'

/** Frontier: its EVM provider is `window.frontier.ethereum`. */
export const frontier: WalletBookEntry = {
  name: 'Frontier',
  shortName: 'Frontier',
  brand: { primaryColor: '#CC703C', icon: monogramIcon('Fr', '#CC703C'), logo: 'frontier' },
  injectedConfig: [{ chain: 'evm', extensionLocators: [{ flag: 'isFrontier', value: true }], windowLocations: ['frontier.ethereum'] }],
  walletConnect: { sdks: ['sign_v2'] },
  mobile: { androidId: 'com.frontierwallet' },
}

/** The public pages the entry's data was checked against: read by validation only, never shipped with the entry (`../sources.ts`). */
export const sources: readonly string[] = ['https://github.com/wevm/wagmi/blob/main/packages/core/src/connectors/injected.ts', 'https://github.com/rainbow-me/rainbowkit/blob/main/packages/rainbowkit/src/wallets/walletConnectors/frontierWallet/frontierWallet.ts', 'https://www.frontier.xyz', PUBLISHED_MARKS_SOURCE]
