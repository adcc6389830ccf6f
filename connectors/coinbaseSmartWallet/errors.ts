import { SigilError, type SigilErrorOptions } from '@sigil/lib/errors/SigilError'
import { coinbaseSmartWallet } from './messages'

/**
 * The Coinbase Smart Wallet's own errors: configuration mistakes of a deployment. Their messages come
 * from the family's catalogue section, which loads with the family. Wallet conditions (rejection,
 * no provider, switching rules) use the shared classes of lib/errors/wallet.ts.
 */

/** `preference` is not one of the SDK's options (`all`, `smartWalletOnly`, `eoaOnly`). */
export class CoinbasePreferenceInvalidError extends SigilError {
  static readonly code = 'coinbase_invalid_preference'
  override name = 'CoinbasePreferenceInvalidError' as const
  constructor(value: unknown, options?: SigilErrorOptions) {
    super('coinbase_invalid_preference', {
      ...options,
      template: coinbaseSmartWallet.errors.coinbase_invalid_preference,
      metaMessages: ['Allowed: all, smartWalletOnly, eoaOnly.', `Got: ${String(value).slice(0, 40)}`],
    })
  }
}

/** @public */
export type CoinbasePreferenceInvalidErrorType = CoinbasePreferenceInvalidError

/** `keysUrl` (the popup's address) is not an absolute http(s) URL. */
export class CoinbaseKeysUrlInvalidError extends SigilError {
  static readonly code = 'coinbase_invalid_keys_url'
  override name = 'CoinbaseKeysUrlInvalidError' as const
  constructor(value: unknown, options?: SigilErrorOptions) {
    super(CoinbaseKeysUrlInvalidError.code, {
      ...options,
      template: coinbaseSmartWallet.errors.coinbase_invalid_keys_url,
      metaMessages: ['The popup address must be an absolute http(s) URL.', `Got: ${String(value).slice(0, 80)}`],
    })
  }
}
/** @public */
export type CoinbaseKeysUrlInvalidErrorType = CoinbaseKeysUrlInvalidError
