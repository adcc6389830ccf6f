import { monogramIcon } from '../icons/monogramIcon'
import { PUBLISHED_MARKS_SOURCE } from '../icons/publishedMarks'
import type { WalletBookEntry } from '../types'

/**
 * Brave Wallet is built into the Brave browser: nothing to install elsewhere, so it is only listed
 * when present. With MetaMask installed, Brave's default setting lets MetaMask take
 * `window.ethereum` (https://github.com/brave/brave-browser/wiki/Wallet-support-FAQ).
 */
export const brave: WalletBookEntry = {
  name: 'Brave Wallet',
  shortName: 'Brave',
  brand: { primaryColor: '#FB542B', icon: monogramIcon('B', '#FB542B'), logo: 'brave' },
  eip6963Config: { rdns: ['com.brave.wallet'] },
  injectedConfig: [{ chain: 'evm', extensionLocators: [{ flag: 'isBraveWallet', value: true }], windowLocations: [] }],
  showOnlyIfInstalled: true,
}

/** The public pages the entry's data was checked against: read by validation only, never shipped with the entry (`../sources.ts`). */
export const sources: readonly string[] = [
  'https://github.com/brave/brave-browser/wiki/Wallet-support-FAQ',
  'https://github.com/rainbow-me/rainbowkit/blob/main/packages/rainbowkit/src/wallets/walletConnectors/braveWallet/braveWallet.ts',
  PUBLISHED_MARKS_SOURCE,
]
