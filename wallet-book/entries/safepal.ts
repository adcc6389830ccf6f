import { monogramIcon } from '../icons/monogramIcon'
import { PUBLISHED_MARKS_SOURCE } from '../icons/publishedMarks'
import type { WalletBookEntry } from '../types'

export const safepal: WalletBookEntry = {
  name: 'SafePal',
  shortName: 'SafePal',
  brand: { primaryColor: '#4A21EF', icon: monogramIcon('SP', '#4A21EF'), logo: 'safepal' },
  injectedConfig: [{ chain: 'evm', extensionLocators: [{ flag: 'isSafePal', value: true }], windowLocations: ['safepalProvider'] }],
  walletConnect: { sdks: ['sign_v2'] },
  mobile: { native: 'safepalwallet://wc', iosId: 'id1548297139', androidId: 'io.safepal.wallet' },
  // Used by redirect on phones: WalletConnect deep link per connection and per request.
  mobileExperience: 'redirect',
  desktop: { chromeId: 'lgmpcpglpngdoalbgeoldeajfclnhafa', extensionUrl: 'https://www.safepal.com/download?product=2' },
}

/** The public pages the entry's data was checked against: read by validation only, never shipped with the entry (`../sources.ts`). */
export const sources: readonly string[] = ['https://github.com/rainbow-me/rainbowkit/blob/main/packages/rainbowkit/src/wallets/walletConnectors/safepalWallet/safepalWallet.ts', PUBLISHED_MARKS_SOURCE]
