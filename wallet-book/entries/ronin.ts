import { monogramIcon } from '../icons/monogramIcon'
import type { WalletBookEntry } from '../types'

/** Ronin Wallet (Sky Mavis): found by its EIP-6963 announcement (no legacy flag listed here). */
export const ronin: WalletBookEntry = {
  name: 'Ronin Wallet',
  shortName: 'Ronin',
  brand: { primaryColor: '#1273EA', icon: monogramIcon('R', '#1273EA'), logo: 'ronin' },
  eip6963Config: { rdns: ['com.roninchain.wallet'] },
  walletConnect: { sdks: ['sign_v2'] },
  mobile: { androidId: 'com.skymavis.genesis' },
  desktop: { chromeId: 'fnjhmkhhmkbjkkabndcnnogagogbneec', extensionUrl: 'https://wallet.roninchain.com' },
}

/** The public pages the entry's data was checked against: read by validation only, never shipped with the entry (`../sources.ts`). */
export const sources: readonly string[] = ['https://github.com/rainbow-me/rainbowkit/blob/main/packages/rainbowkit/src/wallets/walletConnectors/roninWallet/roninWallet.ts', 'https://docs.roninchain.com', 'https://wallet.roninchain.com', 'https://www.npmjs.com/package/@web3icons/core/v/4.0.56']
