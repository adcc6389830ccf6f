import { format } from './format'

/**
 * The catalogue section of WalletConnect: its error messages (`errors`, keyed by error code) and its
 * view's strings (`ui`). Its own module, so these strings load with the family, not with the page.
 */
export const walletConnect = {
  errors: {},
  ui: {},
} as const

export type WalletConnectErrorCode = keyof (typeof walletConnect)['errors']
export type WalletConnectUiKey = keyof (typeof walletConnect)['ui']

/** A string of this section's `ui`, with `{name}` placeholders filled. */
export function tWalletConnect(key: WalletConnectUiKey, values?: Record<string, string | number>): string {
  return format((walletConnect.ui as Record<string, string>)[key] ?? key, values)
}
