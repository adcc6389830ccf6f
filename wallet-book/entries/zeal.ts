import { monogramIcon } from '../icons/monogramIcon'
import { PUBLISHED_MARKS_SOURCE } from '../icons/publishedMarks'
import type { WalletBookEntry } from '../types'

export const zeal: WalletBookEntry = {
  name: 'Zeal',
  shortName: 'Zeal',
  brand: { primaryColor: '#0FF0FF', icon: monogramIcon('Ze', '#0FF0FF'), logo: 'zeal' },
  eip6963Config: { rdns: ['app.zeal'] },
  injectedConfig: [{ chain: 'evm', extensionLocators: [{ flag: 'isZeal', value: true }], windowLocations: [] }],
  desktop: { chromeId: 'heamnjbnflcikcggoiplibfommfbkjpj', extensionUrl: 'https://www.zeal.app' },
}

/** The public pages the entry's data was checked against: read by validation only, never shipped with the entry (`../sources.ts`). */
export const sources: readonly string[] = ['https://github.com/rainbow-me/rainbowkit/blob/main/packages/rainbowkit/src/wallets/walletConnectors/zealWallet/zealWallet.ts', 'https://www.zeal.app', PUBLISHED_MARKS_SOURCE]
