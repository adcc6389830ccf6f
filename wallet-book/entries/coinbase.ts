import { monogramIcon } from '../icons/monogramIcon'
import type { WalletBookEntry } from '../types'

/** Coinbase Wallet's extension and app. It is not reachable over WalletConnect (no `walletConnect`). */
export const coinbase: WalletBookEntry = {
  name: 'Coinbase Wallet',
  shortName: 'Coinbase',
  brand: { primaryColor: '#0052FF', icon: monogramIcon('C', '#0052FF'), logo: 'coinbase' },
  eip6963Config: { rdns: ['com.coinbase.wallet'] },
  injectedConfig: [
    {
      chain: 'evm',
      extensionLocators: [{ flag: 'isCoinbaseWallet', value: true }],
      windowLocations: ['coinbaseWalletExtension'],
    },
  ],
  mobile: {
    // "To open the Coinbase Wallet mobile app to a specific dapp in the dapp browser tab":
    // https://docs.cdp.coinbase.com/coinbase-wallet/developer-guidance/mobile-dapp-integration
    browseLink: { universal: 'https://go.cb-w.com/dapp?cb_url={url}' },
    iosId: 'id1278383455',
    androidId: 'org.toshi',
  },
  desktop: {
    chromeId: 'hnfanknocfeofbddgcijnmhnfnkdnaad',
    extensionUrl: 'https://coinbase.com/wallet/downloads',
  },
  mobileExperience: 'in-app-browser',
}

/** The public pages the entry's data was checked against: read by validation only, never shipped with the entry (`../sources.ts`). */
export const sources: readonly string[] = [
  'https://docs.cdp.coinbase.com/coinbase-wallet/developer-guidance/mobile-dapp-integration',
  'https://docs.cdp.coinbase.com/coinbase-wallet/coinbase-wallet-mobile-sdk/android/setup',
  'https://github.com/rainbow-me/rainbowkit/blob/main/packages/rainbowkit/src/wallets/walletConnectors/coinbaseWallet/coinbaseWallet.ts',
  'https://www.npmjs.com/package/@dynamic-labs/wallet-book',
  'https://www.npmjs.com/package/@web3icons/core/v/4.0.56',
]
