import { monogramIcon } from '../icons/monogramIcon'
import { PUBLISHED_MARKS_SOURCE } from '../icons/publishedMarks'
import type { WalletBookEntry } from '../types'

/**
 * Binance Wallet: the self-custody wallet inside the Binance app (and its extension), which sets
 * `isBinance` next to `isMetaMask`. Reached over WalletConnect from the app.
 */
export const binance: WalletBookEntry = {
  name: 'Binance Wallet',
  shortName: 'Binance',
  brand: { primaryColor: '#F0B90B', icon: monogramIcon('BN', '#F0B90B'), logo: 'binance' },
  eip6963Config: { rdns: ['com.binance.wallet'] },
  injectedConfig: [{ chain: 'evm', extensionLocators: [{ flag: 'isBinance', value: true }], windowLocations: [] }],
  walletConnect: { sdks: ['sign_v2'] },
  mobile: { iosId: 'id1436799971', androidId: 'com.binance.dev' },
}

/** The public pages the entry's data was checked against: read by validation only, never shipped with the entry (`../sources.ts`). */
export const sources: readonly string[] = [
  'https://github.com/rainbow-me/rainbowkit/blob/main/packages/rainbowkit/src/wallets/walletConnectors/binanceWallet/binanceWallet.ts',
  'https://www.binance.com/en/web3wallet',
  PUBLISHED_MARKS_SOURCE,
]
