import { monogramIcon } from '../icons/monogramIcon'
import { PUBLISHED_MARKS_SOURCE } from '../icons/publishedMarks'
import type { WalletBookEntry } from '../types'

/** OneKey: its EVM provider is `window.$onekey.ethereum`. */
export const onekey: WalletBookEntry = {
  name: 'OneKey',
  shortName: 'OneKey',
  brand: { primaryColor: '#00B812', icon: monogramIcon('OK', '#00B812'), logo: 'onekey' },
  eip6963Config: { rdns: ['so.onekey.app.wallet'] },
  injectedConfig: [{ chain: 'evm', extensionLocators: [{ flag: 'isOneKey', value: true }], windowLocations: ['$onekey.ethereum'] }],
  walletConnect: { sdks: ['sign_v2'] },
  mobile: { androidId: 'so.onekey.app.wallet' },
  desktop: { chromeId: 'jnmbobjmhlngoefaiojfljckilhhlhcj', extensionUrl: 'https://onekey.so/download', appUrl: 'https://onekey.so/download' },
}

/** The public pages the entry's data was checked against: read by validation only, never shipped with the entry (`../sources.ts`). */
export const sources: readonly string[] = [
  'https://github.com/rainbow-me/rainbowkit/blob/main/packages/rainbowkit/src/wallets/walletConnectors/oneKeyWallet/oneKeyWallet.ts',
  'https://github.com/OneKeyHQ/app-monorepo',
  'https://onekey.so/download',
  PUBLISHED_MARKS_SOURCE,
]
