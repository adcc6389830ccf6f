import { egressEntry, type EgressEntry } from '@sigil/lib/config/egress'
import type { CoinbaseSmartWalletSettings } from './settings'

/**
 * The hosts `@coinbase/wallet-sdk` 4.4.0 reaches from the page. Pure data: no SDK import, safe on the
 * server (connectors/egress.ts). docs/security/egress.md.
 */

/** The SDK's popup address when `keysUrl` is unset (dist/core/constants.js `CB_KEYS_URL`). */
export const COINBASE_KEYS_URL = 'https://keys.coinbase.com/connect'

/**
 * With a preference other than `smartWalletOnly` the popup may hand the session to the Coinbase
 * Wallet app through WalletLink, whose signer then talks to `www.walletlink.org` from the page
 * (`fetch` for events, a WebSocket on `/rpc`).
 */
const COINBASE_WALLETLINK_ORIGINS = ['https://www.walletlink.org', 'wss://www.walletlink.org'] as const

export type CoinbaseEgressOptions = Pick<CoinbaseSmartWalletSettings, 'coinbasePreference' | 'coinbaseKeysUrl'>

/**
 * The smart wallet talks to Coinbase only inside its popup (`window.open` + `postMessage`, which no
 * CSP directive governs), listed as a `popup` entry; from the page it fetches nothing but a `HEAD` of
 * the page itself (its Cross-Origin-Opener-Policy check). WalletLink only when the preference lets
 * the popup hand over to the app.
 */
export function coinbaseSmartWalletEgress(config: CoinbaseEgressOptions): EgressEntry[] {
  const preference = config.coinbasePreference ?? 'smartWalletOnly'
  return [
    ...egressEntry(config.coinbaseKeysUrl ?? COINBASE_KEYS_URL, 'popup', 'the smart wallet popup (keys and approvals)'),
    ...(preference === 'smartWalletOnly' ? [] : COINBASE_WALLETLINK_ORIGINS.flatMap((origin) => egressEntry(origin, 'connect', 'WalletLink: the session handed to the Coinbase Wallet app'))),
  ]
}
