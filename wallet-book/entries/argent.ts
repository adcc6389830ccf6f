import { monogramIcon } from '../icons/monogramIcon'
import type { WalletBookEntry } from '../types'

/** Argent's mobile smart wallet (now branded Ready); WalletConnect only. */
export const argent: WalletBookEntry = {
  name: 'Argent',
  shortName: 'Argent',
  brand: { primaryColor: '#FF875B', icon: monogramIcon('A', '#FF875B'), logo: 'argent' },
  walletConnect: { sdks: ['sign_v2'] },
  mobile: { native: 'argent://app/wc', iosId: 'id1358741926', androidId: 'im.argent.contractwalletclient' },
  // Used by redirect on phones: WalletConnect deep link per connection and per request.
  mobileExperience: 'redirect',
}

/** The public pages the entry's data was checked against: read by validation only, never shipped with the entry (`../sources.ts`). */
export const sources: readonly string[] = ['https://github.com/rainbow-me/rainbowkit/blob/main/packages/rainbowkit/src/wallets/walletConnectors/readyWallet/readyWallet.ts', 'https://www.ready.co/app', 'https://www.npmjs.com/package/@web3icons/core/v/4.0.56']
