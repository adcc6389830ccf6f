import { monogramIcon } from '../icons/monogramIcon'
import type { WalletBookEntry } from '../types'

/**
 * Trust Wallet. Its app's browser sets `isTrust`, its extension `isTrustWallet` (RainbowKit checks
 * each on its platform), so either config claims it.
 */
export const trust: WalletBookEntry = {
  name: 'Trust Wallet',
  shortName: 'Trust',
  brand: { primaryColor: '#0500FF', icon: monogramIcon('T', '#0500FF'), logo: 'trust' },
  eip6963Config: { rdns: ['com.trustwallet.app'] },
  injectedConfig: [
    { chain: 'evm', extensionLocators: [{ flag: 'isTrust', value: true }], windowLocations: ['trustwallet'] },
    { chain: 'evm', extensionLocators: [{ flag: 'isTrustWallet', value: true }], windowLocations: ['trustwallet'] },
  ],
  walletConnect: { sdks: ['sign_v2'] },
  mobile: {
    native: 'trust://wc',
    universal: 'https://link.trustwallet.com/wc',
    // "All deeplink routes can be used with either https://link.trustwallet.com or trust://";
    // coin_id 60 opens the browser on Ethereum (SLIP-44).
    browseLink: {
      universal: 'https://link.trustwallet.com/open_url?coin_id=60&url={url}',
      native: 'trust://open_url?coin_id=60&url={url}',
    },
    iosId: 'id1288339409',
    androidId: 'com.wallet.crypto.trustapp',
  },
  desktop: {
    chromeId: 'egjidjbpglichdcondbcbdnbeeppgdph',
    extensionUrl: 'https://trustwallet.com/browser-extension',
  },
}

/** The public pages the entry's data was checked against: read by validation only, never shipped with the entry (`../sources.ts`). */
export const sources: readonly string[] = [
  'https://developer.trustwallet.com/developer/develop-for-trust/deeplinking',
  'https://github.com/rainbow-me/rainbowkit/blob/main/packages/rainbowkit/src/wallets/walletConnectors/trustWallet/trustWallet.ts',
  'https://www.npmjs.com/package/@dynamic-labs/wallet-book',
  'https://www.npmjs.com/package/@web3icons/core/v/4.0.56',
]
