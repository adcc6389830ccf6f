import { monogramIcon } from '../icons/monogramIcon'
import { WEB3ICONS_SOURCE } from '../icons/web3iconsWallets'
import type { WalletBookEntry } from '../types'

/**
 * Status: a messenger with a wallet and a dapp browser that injects `window.ethereum` with
 * `isStatus`. No WalletConnect link or browse link is documented, so outside its browser a phone
 * gets the catalogue error.
 */
export const status: WalletBookEntry = {
  name: 'Status',
  shortName: 'Status',
  brand: { primaryColor: '#4360DF', icon: monogramIcon('St', '#4360DF'), logo: 'status' },
  injectedConfig: [{ chain: 'evm', extensionLocators: [{ flag: 'isStatus', value: true }], windowLocations: [] }],
  mobile: { androidId: 'im.status.ethereum' },
}

/** The public pages the entry's data was checked against: read by validation only, never shipped with the entry (`../sources.ts`). */
export const sources: readonly string[] = ['https://github.com/wevm/wagmi/blob/main/packages/core/src/connectors/injected.ts', 'https://github.com/status-im/status-mobile', 'https://status.app', WEB3ICONS_SOURCE]
