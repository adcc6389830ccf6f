import { format } from './format'

/**
 * The catalogue section of the Coinbase Smart Wallet: its error messages (`errors`, keyed by error code) and its
 * view's strings (`ui`). Its own module, so these strings load with the family, not with the page.
 */
export const coinbaseSmartWallet = {
  errors: {
    // A deployment's configuration mistake (never the user's): shown if the connector cannot start.
    coinbase_invalid_preference: 'The Coinbase Smart Wallet is misconfigured: its preference must be all, smartWalletOnly or eoaOnly.',
    coinbase_invalid_keys_url: 'The Coinbase Smart Wallet is misconfigured: its popup address is not a valid http(s) address.',
  },
  ui: {
    // The neutral outcome of a signature this wallet did not complete (docs/errors.md: its signing
    // errors are swallowed and return nothing). Not an error: the user may simply have closed the popup.
    'signature.notCompleted': 'Signature not completed.',
  },
} as const

export type CoinbaseSmartWalletErrorCode = keyof (typeof coinbaseSmartWallet)['errors']
export type CoinbaseSmartWalletUiKey = keyof (typeof coinbaseSmartWallet)['ui']

/** A string of this section's `ui`, with `{name}` placeholders filled. */
export function tCoinbaseSmartWallet(key: CoinbaseSmartWalletUiKey, values?: Record<string, string | number>): string {
  return format((coinbaseSmartWallet.ui as Record<string, string>)[key] ?? key, values)
}
