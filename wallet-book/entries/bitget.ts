import { monogramIcon } from '../icons/monogramIcon'
import { PUBLISHED_MARKS_SOURCE } from '../icons/publishedMarks'
import type { WalletBookEntry } from '../types'

/** Bitget Wallet (formerly BitKeep, whose name its provider flag and window location still carry). */
export const bitget: WalletBookEntry = {
  name: 'Bitget Wallet',
  shortName: 'Bitget',
  brand: { primaryColor: '#00F0FF', icon: monogramIcon('BG', '#00F0FF'), logo: 'bitget' },
  eip6963Config: { rdns: ['com.bitget.web3'] },
  injectedConfig: [{ chain: 'evm', extensionLocators: [{ flag: 'isBitKeep', value: true }], windowLocations: ['bitkeep.ethereum'] }],
  walletConnect: { sdks: ['sign_v2'] },
  mobile: {
    native: 'bitkeep://wc',
    browseLink: { universal: 'https://bkcode.vip?action=dapp&url={url}' },
    iosId: 'id1395301115',
    androidId: 'com.bitkeep.wallet',
  },
  desktop: { chromeId: 'jiidiaalihmmhddjgbnbgdfflelocpak', extensionUrl: 'https://web3.bitget.com/en/wallet-download' },
}

/** The public pages the entry's data was checked against: read by validation only, never shipped with the entry (`../sources.ts`). */
export const sources: readonly string[] = ['https://github.com/rainbow-me/rainbowkit/blob/main/packages/rainbowkit/src/wallets/walletConnectors/bitgetWallet/bitgetWallet.ts', 'https://www.npmjs.com/package/@dynamic-labs/wallet-book', PUBLISHED_MARKS_SOURCE]
