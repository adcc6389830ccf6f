import { monogramIcon } from '../icons/monogramIcon'
import type { WalletBookEntry } from '../types'

export const exodus: WalletBookEntry = {
  name: 'Exodus',
  shortName: 'Exodus',
  brand: { primaryColor: '#5A4FCF', icon: monogramIcon('E', '#5A4FCF'), logo: 'exodus' },
  eip6963Config: { rdns: ['com.exodus.web3-wallet'] },
  injectedConfig: [{ chain: 'evm', extensionLocators: [{ flag: 'isExodus', value: true }], windowLocations: [] }],
  walletConnect: { sdks: ['sign_v2'] },
  mobile: {
    native: 'exodus://wc',
    universal: 'https://exodus.com/m/wc',
    iosId: 'id1414384820',
    androidId: 'exodusmovement.exodus',
  },
  // Used by redirect on phones: WalletConnect deep link per connection and per request.
  mobileExperience: 'redirect',
  desktop: {
    chromeId: 'aholpfdialjgjfhomihkjbmgjidlcdno',
    appUrl: 'https://www.exodus.com/download',
  },
}

/** The public pages the entry's data was checked against: read by validation only, never shipped with the entry (`../sources.ts`). */
export const sources: readonly string[] = ['https://www.npmjs.com/package/@dynamic-labs/wallet-book', 'https://www.exodus.com/download', 'https://www.npmjs.com/package/@web3icons/core/v/4.0.56']
