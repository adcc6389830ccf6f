import { monogramIcon } from '../icons/monogramIcon'
import type { WalletBookEntry } from '../types'

/**
 * Phantom's EVM provider (it lives at `window.phantom.ethereum`; `window.phantom.solana` is
 * another chain). No WalletConnect: on a phone the page opens in Phantom's browser through its
 * browse link (https://docs.phantom.com/phantom-deeplinks/other-methods/browse). Samsung Internet
 * does not pass Phantom's universal links to the app, so it gets the `phantom://` form.
 */
export const phantom: WalletBookEntry = {
  name: 'Phantom',
  shortName: 'Phantom',
  brand: { primaryColor: '#AB9FF2', icon: monogramIcon('P', '#AB9FF2'), logo: 'phantom' },
  eip6963Config: { rdns: ['app.phantom'] },
  injectedConfig: [{ chain: 'evm', extensionLocators: [{ flag: 'isPhantom', value: true }], windowLocations: ['phantom.ethereum'] }],
  mobile: {
    browseLink: {
      universal: 'https://phantom.app/ul/browse/{url}?ref={ref}',
      native: 'phantom://browse/{url}?ref={ref}',
      nativeOnlyIn: ['samsung'],
    },
    iosId: 'id1598432977',
    androidId: 'app.phantom',
  },
  desktop: {
    chromeId: 'bfnaelmomeimhlpmgjnjophhpkkoljpa',
    firefoxId: 'phantom-app',
    extensionUrl: 'https://phantom.app/download',
  },
  mobileExperience: 'in-app-browser',
}

/** The public pages the entry's data was checked against: read by validation only, never shipped with the entry (`../sources.ts`). */
export const sources: readonly string[] = [
  'https://docs.phantom.com/phantom-deeplinks/other-methods/browse',
  'https://docs.phantom.com/phantom-deeplinks',
  'https://github.com/rainbow-me/rainbowkit/blob/main/packages/rainbowkit/src/wallets/walletConnectors/phantomWallet/phantomWallet.ts',
  'https://www.npmjs.com/package/@dynamic-labs/wallet-book',
  'https://www.npmjs.com/package/@web3icons/core/v/4.0.56',
]
