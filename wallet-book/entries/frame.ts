import { monogramIcon } from '../icons/monogramIcon'
import { PUBLISHED_MARKS_SOURCE } from '../icons/publishedMarks'
import type { WalletBookEntry } from '../types'

/**
 * Frame: a desktop app; its companion extension injects the provider into the browser. Nothing on
 * phones.
 */
export const frame: WalletBookEntry = {
  name: 'Frame',
  shortName: 'Frame',
  brand: { primaryColor: '#17171D', icon: monogramIcon('F', '#17171D'), logo: 'frame' },
  eip6963Config: { rdns: ['sh.frame'] },
  injectedConfig: [{ chain: 'evm', extensionLocators: [{ flag: 'isFrame', value: true }], windowLocations: [] }],
  desktop: { chromeId: 'ldcoohedfbjoobcadoglnnmmfbdlmmhf', extensionUrl: 'https://frame.sh', appUrl: 'https://frame.sh' },
}

/** The public pages the entry's data was checked against: read by validation only, never shipped with the entry (`../sources.ts`). */
export const sources: readonly string[] = [
  'https://github.com/wevm/wagmi/blob/main/packages/core/src/connectors/injected.ts',
  'https://github.com/rainbow-me/rainbowkit/blob/main/packages/rainbowkit/src/wallets/walletConnectors/frameWallet/frameWallet.ts',
  'https://github.com/floating/frame',
  'https://frame.sh',
  PUBLISHED_MARKS_SOURCE,
]
