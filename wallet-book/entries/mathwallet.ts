import { monogramIcon } from '../icons/monogramIcon'
import { WEB3ICONS_SOURCE } from '../icons/web3iconsWallets'
import type { WalletBookEntry } from '../types'

export const mathwallet: WalletBookEntry = {
  name: 'MathWallet',
  shortName: 'MathWallet',
  brand: { primaryColor: '#000000', icon: monogramIcon('MA', '#000000'), logo: 'math-wallet' },
  injectedConfig: [{ chain: 'evm', extensionLocators: [{ flag: 'isMathWallet', value: true }], windowLocations: [] }],
  walletConnect: { sdks: ['sign_v2'] },
}

/** The public pages the entry's data was checked against: read by validation only, never shipped with the entry (`../sources.ts`). */
export const sources: readonly string[] = ['https://github.com/wevm/wagmi/blob/main/packages/core/src/connectors/injected.ts', 'https://mathwallet.org', WEB3ICONS_SOURCE]
