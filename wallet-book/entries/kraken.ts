import { monogramIcon } from '../icons/monogramIcon'
import type { WalletBookEntry } from '../types'

export const kraken: WalletBookEntry = {
  name: 'Kraken Wallet',
  shortName: 'Kraken',
  brand: { primaryColor: '#7132F5', icon: monogramIcon('K', '#7132F5'), logo: 'kraken' },
  walletConnect: { sdks: ['sign_v2'] },
  mobile: { native: 'krakenwallet://wc', iosId: 'id1626327149' },
  // Used by redirect on phones: WalletConnect deep link per connection and per request.
  mobileExperience: 'redirect',
}

/** The public pages the entry's data was checked against: read by validation only, never shipped with the entry (`../sources.ts`). */
export const sources: readonly string[] = ['https://github.com/rainbow-me/rainbowkit/blob/main/packages/rainbowkit/src/wallets/walletConnectors/krakenWallet/krakenWallet.ts', 'https://kraken.com/wallet', 'https://www.npmjs.com/package/@web3icons/core/v/4.0.56']
