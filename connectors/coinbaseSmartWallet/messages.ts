/**
 * The catalogue section of the Coinbase Smart Wallet: its error messages (`errors`, keyed by error
 * code), a deployment's configuration mistakes (never the user's), shown if the connector cannot
 * start. Its own module, so these strings load with the family, not with the page. The neutral
 * outcome of a signature its popup ended without an answer is the page's (`signature.notCompleted`
 * in lib/i18n/ui.ts): the signing views show it for any wallet that ends that way.
 */
export const coinbaseSmartWallet = {
  errors: {
    coinbase_invalid_preference: 'The Coinbase Smart Wallet is misconfigured: its preference must be all, smartWalletOnly or eoaOnly.',
    coinbase_invalid_keys_url: 'The Coinbase Smart Wallet is misconfigured: its popup address is not a valid http(s) address.',
  },
} as const
