import { monogramIcon } from '../icons/monogramIcon'
import type { WalletBookEntry } from '../types'

/**
 * Flags other wallets set next to `isMetaMask: true` so that old dapps accept them. A provider
 * with any of them is not MetaMask (list kept in line with RainbowKit's and wagmi's impersonator
 * checks).
 */
const impersonatorFlags = [
  'isApexWallet', 'isAvalanche', 'isBackpack', 'isBifrost', 'isBitKeep', 'isBitski', 'isBinance',
  'isBlockWallet', 'isBraveWallet', 'isCoinbaseWallet', 'isCoin98', 'isDawn', 'isEnkrypt', 'isExodus',
  'isFrame', 'isFrontier', 'isGamestop', 'isHyperPay', 'isImToken', 'isKuCoinWallet', 'isMathWallet', 'isMEWwallet',
  'isMagicEden', 'isNestWallet', 'isOkxWallet', 'isOKExWallet', 'isOneInchIOSWallet',
  'isOneInchAndroidWallet', 'isOneKey', 'isOpera', 'isPhantom', 'isPortal', 'isRabby', 'isRainbow',
  'isSafePal', 'isStatus', 'isSubWallet', 'isTalisman', 'isTally', 'isTokenPocket', 'isTokenary', 'isTrust',
  'isTrustWallet', 'isUniswapWallet', 'isXDEFI', 'isZeal', 'isZerion',
] as const

export const metamask: WalletBookEntry = {
  name: 'MetaMask',
  shortName: 'MetaMask',
  brand: { primaryColor: '#F6851B', icon: monogramIcon('M', '#F6851B'), logo: 'metamask' },
  eip6963Config: { rdns: ['io.metamask'] },
  injectedConfig: [
    {
      chain: 'evm',
      extensionLocators: [
        { flag: 'isMetaMask', value: true },
        ...impersonatorFlags.map((flag) => ({ flag, value: false })),
      ],
      windowLocations: [],
    },
  ],
  // MetaMask Mobile does not support wallet_switchEthereumChain over WalletConnect
  // (docs/connectors/chain-switching.md#the-three-checks-before-the-wallet-is-asked): the user switches
  // in the app, and Sigil says so instead of asking.
  walletConnect: { sdks: ['sign_v2'], switchNetworkOnlyFromWallet: true },
  mobile: {
    native: 'metamask://wc',
    universal: 'https://metamask.app.link/wc',
    inAppBrowser: 'https://metamask.app.link/dapp',
    iosId: 'id1438144202',
    androidId: 'io.metamask',
  },
  desktop: {
    chromeId: 'nkbihfbeogaeaoehlefnkodbefgpgknn',
    edgeId: 'ejbalbakoplchlghecdalmeeeajnimhm',
    firefoxId: 'ether-metamask',
    extensionUrl: 'https://metamask.io/download',
  },
  mobileExperience: 'in-app-browser',
}

/** The public pages the entry's data was checked against: read by validation only, never shipped with the entry (`../sources.ts`). */
export const sources: readonly string[] = [
  'https://docs.metamask.io/sdk/guides/use-deeplinks',
  'https://github.com/wevm/wagmi/blob/main/packages/core/src/connectors/injected.ts',
  'https://github.com/rainbow-me/rainbowkit/blob/main/packages/rainbowkit/src/wallets/walletConnectors/metaMaskWallet/metaMaskWallet.ts',
  'https://www.npmjs.com/package/@dynamic-labs/wallet-book',
  'https://www.npmjs.com/package/@web3icons/core/v/4.0.56',
]
