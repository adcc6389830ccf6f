import { monogramIcon } from '../icons/monogramIcon'
import { PUBLISHED_MARKS_SOURCE } from '../icons/publishedMarks'
import type { WalletBookEntry } from '../types'

export const uniswap: WalletBookEntry = {
  name: 'Uniswap Wallet',
  shortName: 'Uniswap',
  brand: { primaryColor: '#FF37C7', icon: monogramIcon('U', '#FF37C7'), logo: 'uniswap' },
  walletConnect: { sdks: ['sign_v2'] },
  mobile: { native: 'uniswap://wc', iosId: 'id6443944476' },
  // Used by redirect on phones: WalletConnect deep link per connection and per request.
  mobileExperience: 'redirect',
}

/** The public pages the entry's data was checked against: read by validation only, never shipped with the entry (`../sources.ts`). */
export const sources: readonly string[] = ['https://github.com/rainbow-me/rainbowkit/blob/main/packages/rainbowkit/src/wallets/walletConnectors/uniswapWallet/uniswapWallet.ts', 'https://wallet.uniswap.org', PUBLISHED_MARKS_SOURCE]
