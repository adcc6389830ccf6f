import { CoinbasePreferenceInvalidError } from './errors'

/**
 * Which accounts the Coinbase popup offers (`preference.options` of `@coinbase/wallet-sdk`):
 * - `smartWalletOnly` (Sigil's default): the passkey smart wallet, which anyone can create in the
 *   popup without installing anything;
 * - `all`: the smart wallet, or the Coinbase Wallet app/extension when the user has it;
 * - `eoaOnly`: the Coinbase Wallet app/extension only.
 */
const COINBASE_PREFERENCES = ['all', 'smartWalletOnly', 'eoaOnly'] as const
export type CoinbasePreference = (typeof COINBASE_PREFERENCES)[number]

const DEFAULT_COINBASE_PREFERENCE: CoinbasePreference = 'smartWalletOnly'

/**
 * The preference, checked before the SDK sees it (the SDK would throw a plain `Error` from deep inside
 * the first connect). `undefined` → the default.
 * @throws CoinbasePreferenceInvalidError for anything else.
 */
export function parseCoinbasePreference(value: unknown): CoinbasePreference {
  if (value === undefined) return DEFAULT_COINBASE_PREFERENCE
  if (typeof value === 'string' && (COINBASE_PREFERENCES as readonly string[]).includes(value)) return value as CoinbasePreference
  throw new CoinbasePreferenceInvalidError(value)
}
