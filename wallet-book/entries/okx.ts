import { monogramIcon } from '../icons/monogramIcon'
import type { WalletBookEntry } from '../types'

/** OKX Wallet: its own provider at `window.okxwallet`; current builds set `isOkxWallet`, older ones `isOKExWallet`. */
export const okx: WalletBookEntry = {
  name: 'OKX Wallet',
  shortName: 'OKX',
  brand: { primaryColor: '#000000', icon: monogramIcon('OK', '#000000'), logo: 'okx' },
  eip6963Config: { rdns: ['com.okex.wallet'] },
  injectedConfig: [
    { chain: 'evm', extensionLocators: [{ flag: 'isOkxWallet', value: true }], windowLocations: ['okxwallet'] },
    { chain: 'evm', extensionLocators: [{ flag: 'isOKExWallet', value: true }], windowLocations: ['okxwallet'] },
  ],
  walletConnect: { sdks: ['sign_v2'] },
  mobile: {
    native: 'okex://main/wc',
    // https://web3.okx.com/build/docs/waas/app-universal-link
    browseLink: { native: 'okx://wallet/dapp/url?dappUrl={url}' },
    iosId: 'id1327268470',
    androidId: 'com.okinc.okex.gp',
  },
  desktop: {
    chromeId: 'mcohilncbfahbmgdjkbpemcciiolgcge',
    edgeId: 'pbpjkcldjiffchgbbndmhojiacbgflha',
    firefoxId: 'okexwallet',
    extensionUrl: 'https://okx.com/download',
  },
}

/** The public pages the entry's data was checked against: read by validation only, never shipped with the entry (`../sources.ts`). */
export const sources: readonly string[] = [
  'https://web3.okx.com/build/docs/waas/app-universal-link',
  'https://github.com/rainbow-me/rainbowkit/blob/main/packages/rainbowkit/src/wallets/walletConnectors/okxWallet/okxWallet.ts',
  'https://www.npmjs.com/package/@dynamic-labs/wallet-book',
  'https://www.npmjs.com/package/@web3icons/core/v/4.0.56',
]
