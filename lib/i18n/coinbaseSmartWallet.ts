import { format } from './format'

/**
 * The catalogue section of the Coinbase Smart Wallet: its error messages (`errors`, keyed by error code) and its
 * view's strings (`ui`). Its own module, so these strings load with the family, not with the page.
 */
export const coinbaseSmartWallet = {
  errors: {},
  ui: {},
} as const

export type CoinbaseSmartWalletErrorCode = keyof (typeof coinbaseSmartWallet)['errors']
export type CoinbaseSmartWalletUiKey = keyof (typeof coinbaseSmartWallet)['ui']

/** A string of this section's `ui`, with `{name}` placeholders filled. */
export function tCoinbaseSmartWallet(key: CoinbaseSmartWalletUiKey, values?: Record<string, string | number>): string {
  return format((coinbaseSmartWallet.ui as Record<string, string>)[key] ?? key, values)
}
