import { monogramIcon } from '../icons/monogramIcon'
import { PUBLISHED_MARKS_SOURCE } from '../icons/publishedMarks'
import type { WalletBookEntry } from '../types'

/** Magic Eden Wallet: its EVM provider is `window.magicEden.ethereum`. */
export const magiceden: WalletBookEntry = {
  name: 'Magic Eden',
  shortName: 'Magic Eden',
  brand: { primaryColor: '#E42575', icon: monogramIcon('ME', '#E42575'), logo: 'magiceden' },
  eip6963Config: { rdns: ['io.magiceden.wallet'] },
  injectedConfig: [{ chain: 'evm', extensionLocators: [{ flag: 'isMagicEden', value: true }], windowLocations: ['magicEden.ethereum'] }],
  desktop: { chromeId: 'mkpegjkblkkefacfnmkajcjmabijhclg', extensionUrl: 'https://wallet.magiceden.io' },
}

/** The public pages the entry's data was checked against: read by validation only, never shipped with the entry (`../sources.ts`). */
export const sources: readonly string[] = ['https://github.com/rainbow-me/rainbowkit/blob/main/packages/rainbowkit/src/wallets/walletConnectors/magicEdenWallet/magicEdenWallet.ts', 'https://wallet.magiceden.io', PUBLISHED_MARKS_SOURCE]
