import { monogramIcon } from '../icons/monogramIcon'
import type { WalletBookEntry } from '../types'

/**
 * Backpack: its EVM provider lives at `window.backpack.ethereum` (`window.backpack` itself is
 * Solana's). No WalletConnect; on a phone it is only reachable from its own browser.
 */
export const backpack: WalletBookEntry = {
  name: 'Backpack',
  shortName: 'Backpack',
  brand: { primaryColor: '#E33E3F', icon: monogramIcon('B', '#E33E3F'), logo: 'backpack' },
  eip6963Config: { rdns: ['app.backpack'] },
  injectedConfig: [{ chain: 'evm', extensionLocators: [{ flag: 'isBackpack', value: true }], windowLocations: ['backpack.ethereum'] }],
  mobile: { androidId: 'app.backpack.mobile' },
  desktop: { chromeId: 'aflkmfhebedbjioipglgcbcmnbpgliof', extensionUrl: 'https://backpack.app' },
}

/** The public pages the entry's data was checked against: read by validation only, never shipped with the entry (`../sources.ts`). */
export const sources: readonly string[] = [
  'https://github.com/wevm/wagmi/blob/main/packages/core/src/connectors/injected.ts',
  'https://backpack.app',
  'https://www.npmjs.com/package/@web3icons/core/v/4.0.56',
]
