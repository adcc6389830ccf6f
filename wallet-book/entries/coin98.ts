import { monogramIcon } from '../icons/monogramIcon'
import type { WalletBookEntry } from '../types'

/** Coin98 Super Wallet: its EVM provider is `window.coin98.provider`. */
export const coin98: WalletBookEntry = {
  name: 'Coin98 Wallet',
  shortName: 'Coin98',
  brand: { primaryColor: '#D9B432', icon: monogramIcon('C9', '#D9B432'), logo: 'coin98' },
  eip6963Config: { rdns: ['coin98.com'] },
  injectedConfig: [{ chain: 'evm', extensionLocators: [{ flag: 'isCoin98', value: true }], windowLocations: ['coin98.provider'] }],
  walletConnect: { sdks: ['sign_v2'] },
  mobile: { androidId: 'coin98.crypto.finance.media' },
  desktop: { chromeId: 'aeachknmefphepccionboohckonoeemg', extensionUrl: 'https://coin98.com/wallet' },
}

/** The public pages the entry's data was checked against: read by validation only, never shipped with the entry (`../sources.ts`). */
export const sources: readonly string[] = [
  'https://github.com/rainbow-me/rainbowkit/blob/main/packages/rainbowkit/src/wallets/walletConnectors/coin98Wallet/coin98Wallet.ts',
  'https://coin98.com/wallet',
  'https://www.npmjs.com/package/@web3icons/core/v/4.0.56',
]
