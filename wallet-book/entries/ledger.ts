import { monogramIcon } from '../icons/monogramIcon'
import type { WalletBookEntry } from '../types'

/** Ledger Live (desktop and mobile) connects over WalletConnect through its `ledgerlive://wc` link on both. */
export const ledger: WalletBookEntry = {
  name: 'Ledger Live',
  shortName: 'Ledger',
  brand: { primaryColor: '#000000', icon: monogramIcon('L', '#000000'), logo: 'ledger' },
  walletConnect: { sdks: ['sign_v2'] },
  mobile: { native: 'ledgerlive://wc', iosId: 'id1361671700', androidId: 'com.ledger.live' },
  // Used by redirect on phones: WalletConnect deep link per connection and per request.
  mobileExperience: 'redirect',
  desktop: { native: 'ledgerlive://wc', appUrl: 'https://www.ledger.com/ledger-live' },
}

/** The public pages the entry's data was checked against: read by validation only, never shipped with the entry (`../sources.ts`). */
export const sources: readonly string[] = [
  'https://github.com/rainbow-me/rainbowkit/blob/main/packages/rainbowkit/src/wallets/walletConnectors/ledgerWallet/ledgerWallet.ts',
  'https://github.com/LedgerHQ/ledger-live',
  'https://www.ledger.com/ledger-live',
  'https://www.npmjs.com/package/@web3icons/core/v/4.0.56',
]
