import { parseCoinbasePreference, type CoinbasePreference } from './preference'
import { EnvError, isLoopbackHost } from '@sigil/lib/config/envError'
import type { FamilySettingsSlot, SettingsContext } from '@sigil/lib/config/familySettings'

/** The Coinbase Smart Wallet's deployment settings, as the page gets them (`PublicConfig`). */
export type CoinbaseSmartWalletSettings = {
  /**
   * The Coinbase Smart Wallet popup address (`preference.keysUrl`). Only ever set outside production
   * builds, to a loopback page (tests); unset means Coinbase's own keys service.
   */
  coinbaseKeysUrl?: string | undefined
  /** Which accounts Coinbase's popup offers (`COINBASE_PREFERENCE`); unset means `smartWalletOnly`. */
  coinbasePreference?: CoinbasePreference | undefined
}

/**
 * The Coinbase Smart Wallet's settings slot (docs/families/coinbaseSmartWallet.md). Pure: the server
 * hands it these variables' values and the deployment's context (server/config/server.ts).
 *
 * - `COINBASE_PREFERENCE`: which accounts Coinbase's popup offers — `smartWalletOnly` (default),
 *   `all` or `eoaOnly` (`preference.ts`). Any other value is a deployment mistake
 *   and stops the server with a clear message (`next start` refuses it first, server/config/envSchema.mjs),
 *   instead of surfacing in the first connect.
 * - `COINBASE_KEYS_URL`: a local stand-in for Coinbase's popup, for tests. Honoured only where the
 *   local chain is enabled AND every origin the app answers on (`APP_ORIGIN`) is loopback, so a real
 *   deployment — even one that opted into the local chain — can never send its users' smart wallet
 *   handshake to another page; ignored otherwise. The address itself must be loopback too.
 */
export const coinbaseSmartWalletSettings = {
  variables: ['COINBASE_KEYS_URL', 'COINBASE_PREFERENCE'],
  parse(env, context) {
    return { coinbaseKeysUrl: keysUrl(env.COINBASE_KEYS_URL, context), coinbasePreference: preference(env.COINBASE_PREFERENCE) }
  },
} as const satisfies FamilySettingsSlot<CoinbaseSmartWalletSettings>

function keysUrl(value: string | undefined, context: SettingsContext): string | undefined {
  const raw = value?.trim()
  if (!raw || !context.localChain) return undefined
  if (!context.appOrigins.every((origin) => isLoopbackHost(new URL(origin).hostname))) return undefined
  const url = new URL(raw)
  if ((url.protocol === 'http:' || url.protocol === 'https:') && isLoopbackHost(url.hostname)) return url.href
  throw new EnvError('COINBASE_KEYS_URL', `COINBASE_KEYS_URL must be a loopback http(s) address, got "${raw}".`)
}

function preference(value: string | undefined): CoinbasePreference | undefined {
  const raw = value?.trim()
  if (!raw) return undefined
  try {
    return parseCoinbasePreference(raw)
  } catch {
    throw new EnvError('COINBASE_PREFERENCE', `COINBASE_PREFERENCE must be one of all, smartWalletOnly, eoaOnly, got "${raw.slice(0, 40)}".`)
  }
}
