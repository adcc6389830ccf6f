import { monogramIcon } from '../icons/monogramIcon'
import type { WalletBookEntry } from '../types'

/**
 * Safe{Wallet}, the multisig smart account: nothing injected outside Safe's own app; dapps reach it
 * over WalletConnect (its web app and mobile apps pair with a `wc:` URI). Signatures are ERC-1271.
 */
export const safe: WalletBookEntry = {
  name: 'Safe{Wallet}',
  shortName: 'Safe',
  brand: { primaryColor: '#12FF80', icon: monogramIcon('S', '#12FF80'), logo: 'safe' },
  walletConnect: { sdks: ['sign_v2'] },
  mobile: { iosId: 'id1515759131', androidId: 'io.gnosis.safe' },
}

/** The public pages the entry's data was checked against: read by validation only, never shipped with the entry (`../sources.ts`). */
export const sources: readonly string[] = ['https://safe.global/wallet', 'https://github.com/safe-global/safe-wallet-monorepo', 'https://www.npmjs.com/package/@web3icons/core/v/4.0.56']
