import { monogramIcon } from '../icons/monogramIcon'
import type { WalletBookEntry } from '../types'

/** Rabby: a browser extension that also sets `isMetaMask: true` for old dapps. */
export const rabby: WalletBookEntry = {
  name: 'Rabby Wallet',
  shortName: 'Rabby',
  brand: { primaryColor: '#7084FF', icon: monogramIcon('R', '#7084FF'), logo: 'rabby' },
  eip6963Config: { rdns: ['io.rabby'] },
  injectedConfig: [{ chain: 'evm', extensionLocators: [{ flag: 'isRabby', value: true }], windowLocations: [] }],
  desktop: {
    chromeId: 'acmacodkjbdgmoleebolmdjonilkdbch',
    extensionUrl: 'https://rabby.io',
  },
}

/** The public pages the entry's data was checked against: read by validation only, never shipped with the entry (`../sources.ts`). */
export const sources: readonly string[] = ['https://github.com/rainbow-me/rainbowkit/blob/main/packages/rainbowkit/src/wallets/walletConnectors/rabbyWallet/rabbyWallet.ts', 'https://rabby.io', 'https://www.npmjs.com/package/@web3icons/core/v/4.0.56']
