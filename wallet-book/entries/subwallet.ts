import { monogramIcon } from '../icons/monogramIcon'
import { PUBLISHED_MARKS_SOURCE } from '../icons/publishedMarks'
import type { WalletBookEntry } from '../types'

/** SubWallet: its EVM provider is `window.SubWallet`. */
export const subwallet: WalletBookEntry = {
  name: 'SubWallet',
  shortName: 'SubWallet',
  brand: { primaryColor: '#004BFF', icon: monogramIcon('SW', '#004BFF'), logo: 'subwallet' },
  eip6963Config: { rdns: ['app.subwallet'] },
  injectedConfig: [{ chain: 'evm', extensionLocators: [{ flag: 'isSubWallet', value: true }], windowLocations: ['SubWallet'] }],
  walletConnect: { sdks: ['sign_v2'] },
  mobile: { androidId: 'app.subwallet.mobile' },
  desktop: { chromeId: 'onhogfjeacnfoofkfgppdlbmlmnplgbn', extensionUrl: 'https://www.subwallet.app' },
}

/** The public pages the entry's data was checked against: read by validation only, never shipped with the entry (`../sources.ts`). */
export const sources: readonly string[] = [
  'https://github.com/rainbow-me/rainbowkit/blob/main/packages/rainbowkit/src/wallets/walletConnectors/subWallet/subWallet.ts',
  'https://github.com/Koniverse/SubWallet-Extension',
  PUBLISHED_MARKS_SOURCE,
]
