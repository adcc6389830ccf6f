import { monogramIcon } from '../icons/monogramIcon'
import { WEB3ICONS_SOURCE } from '../icons/web3iconsWallets'
import type { WalletBookEntry } from '../types'

/** 1inch Wallet; its in-app browser injects a provider flagged per platform. */
export const oneInch: WalletBookEntry = {
  name: '1inch Wallet',
  shortName: '1inch',
  brand: { primaryColor: '#1B314F', icon: monogramIcon('1', '#1B314F'), logo: '1inch' },
  injectedConfig: [
    { chain: 'evm', extensionLocators: [{ flag: 'isOneInchIOSWallet', value: true }], windowLocations: [] },
    { chain: 'evm', extensionLocators: [{ flag: 'isOneInchAndroidWallet', value: true }], windowLocations: [] },
  ],
  walletConnect: { sdks: ['sign_v2'] },
  mobile: { native: 'oneinch://wc', iosId: 'id1546049391', androidId: 'io.oneinch.android' },
  // Used by redirect on phones: WalletConnect deep link per connection and per request.
  mobileExperience: 'redirect',
}

/** The public pages the entry's data was checked against: read by validation only, never shipped with the entry (`../sources.ts`). */
export const sources: readonly string[] = ['https://github.com/rainbow-me/rainbowkit/blob/main/packages/rainbowkit/src/wallets/walletConnectors/oneInchWallet/oneInchWallet.ts', 'https://1inch.io/wallet', WEB3ICONS_SOURCE]
