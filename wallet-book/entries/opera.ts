import { monogramIcon } from '../icons/monogramIcon'
import { PUBLISHED_MARKS_SOURCE } from '../icons/publishedMarks'
import type { WalletBookEntry } from '../types'

/**
 * Opera's built-in crypto wallet: part of the browser, nothing to install elsewhere, so it is only
 * listed when present. It sets `isOpera` next to `isMetaMask`.
 */
export const opera: WalletBookEntry = {
  name: 'Opera Wallet',
  shortName: 'Opera',
  brand: { primaryColor: '#FF1B2D', icon: monogramIcon('O', '#FF1B2D'), logo: 'opera' },
  injectedConfig: [{ chain: 'evm', extensionLocators: [{ flag: 'isOpera', value: true }], windowLocations: [] }],
  showOnlyIfInstalled: true,
}

/** The public pages the entry's data was checked against: read by validation only, never shipped with the entry (`../sources.ts`). */
export const sources: readonly string[] = ['https://github.com/wevm/wagmi/blob/main/packages/core/src/connectors/injected.ts', 'https://github.com/rainbow-me/rainbowkit/blob/main/packages/rainbowkit/src/wallets/walletConnectors/operaWallet/operaWallet.ts', 'https://www.opera.com/crypto', PUBLISHED_MARKS_SOURCE]
