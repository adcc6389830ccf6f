import path from 'node:path'
import { EnvError, isLoopbackHost, isTestingHost } from '@sigil/lib/config/envError'
import { BaseError } from '@sigil/lib/errors/BaseError'
import { distDir, ENV_VARIABLES, MAX_TRUSTED_PROXY_HOPS, MIN_SESSION_SECRET_LENGTH, sessionSecretEntries } from './envSchema.mjs'
import { resolveVaultOrigin } from './vaultOrigin.mjs'
import { DEFAULT_EMBEDDED_RECOVERY_DELAY_SECONDS } from '@/server/embedded/policy'

/**
 * The server's one reader of the environment (docs/deploy.md, "Configuration"). Every variable the
 * server reads is a typed field of one frozen object, built by `parseEnv` from a record of strings
 * and given to the whole process by `readEnv`. No other server module reads `process.env`
 * (eslint.config.mjs says so at lint time). The list of variables, with their defaults and what a
 * production server needs, is envSchema.mjs, which `next.config.mjs` uses for its start-up check.
 *
 * Each field is checked the first time it is read, and keeps its value (or its error) from then
 * on: a bad `RPC_PROXY_MAX_GAS` stops the RPC proxy with its message, not the sign-in routes that
 * never read it. A bad value throws a typed error naming the variable (`EnvError`, or the secret's
 * own `SessionSecretError` / `RecoveryKeyError`), with the message the server has always given.
 *
 * The wallet families' settings are not fields here: each family's manifest parses its own variables
 * (`settings`, lib/config/familySettings.ts), and the server hands it their values from this
 * reader's copy of the environment (`variablesOf`; server/config/server.ts `getPublicConfig`).
 */

export type EnvRecord = Readonly<Record<string, string | undefined>>

/** Raised at startup (first use) when the session secret is missing or too short. */
export class SessionSecretError extends BaseError {
  override name = 'SessionSecretError'
  override readonly code = 'session_secret_invalid'
  readonly variable = 'SESSION_SECRET'
}

/** Raised on first use when `EMBEDDED_RECOVERY_KEY` is missing (production) or malformed. */
export class RecoveryKeyError extends BaseError {
  override name = 'RecoveryKeyError'
  override readonly code = 'embedded_recovery_key_invalid'
}

const RECOVERY_SECRET_BYTES = 32

/** 32 bytes from base64url, base64 or hex; anything else is a configuration error. */
export function parseRecoverySecret(raw: string): Uint8Array {
  const text = raw.trim()
  let bytes: Buffer | undefined
  if (/^[0-9a-fA-F]{64}$/.test(text)) bytes = Buffer.from(text, 'hex')
  else if (/^[A-Za-z0-9+/_-]{43}=?$/.test(text)) bytes = Buffer.from(text.replace(/-/g, '+').replace(/_/g, '/'), 'base64')
  if (!bytes || bytes.byteLength !== RECOVERY_SECRET_BYTES) {
    throw new RecoveryKeyError('EMBEDDED_RECOVERY_KEY must be 32 random bytes as base64 or hex (e.g. openssl rand -base64 32).')
  }
  return new Uint8Array(bytes)
}

/** Sign-in's per-minute limits as set (`AUTH_*`); unset ones are undefined (server/siwe/limits.ts has the defaults). */
type AuthLimitSettings = {
  readonly noncePerIp: number | undefined
  readonly noncePerBrowser: number | undefined
  readonly verifyPerIp: number | undefined
  readonly verifyPerAddress: number | undefined
}

export type ServerEnv = {
  /** `NODE_ENV` as Next set it. */
  readonly nodeEnv: string | undefined
  /** `NODE_ENV=production` (`next start`). */
  readonly production: boolean
  /** `PORT`, as Next set it or as given. */
  readonly port: string | undefined
  /** `APP_ORIGIN` as written (trimmed), for rules that judge the setting itself. */
  readonly appOriginSetting: string | undefined
  /** `APP_ORIGIN`'s exact origins; outside production, unset gives http://app.localhost:$PORT, http://localhost:$PORT and http://127.0.0.1:$PORT. */
  readonly appOrigins: readonly string[]
  /** `VAULT_ORIGIN` is set (not blank). */
  readonly vaultOriginSet: boolean
  /** The vault's origin and, when the setting breaks its rule, why (server/config/vaultOrigin.mjs). */
  readonly vault: { readonly origin: string | undefined; readonly problem: string | undefined }
  /** `ENABLE_LOCAL_CHAIN`: 1/true, 0/false; unset = on outside production. */
  readonly localChain: boolean
  /** `RPC_URL_<chainId>`: the server-only RPC overrides as set. */
  readonly rpcUrls: Readonly<Record<number, string>>
  /** `SIGNIN_RPC_URL_<chainId>`: sign-in's own RPC overrides as set. */
  readonly signInRpcUrls: Readonly<Record<number, string>>
  /**
   * `WALLETCONNECT_PROJECT_ID`, else `NEXT_PUBLIC_WALLETCONNECT_PROJECT_ID`, else '': the server's own
   * read, for its RPC upstreams (the WalletConnect RPC is the fallback with a project id,
   * lib/config/rpc.ts). The page's copy is WalletConnect's setting, parsed by its manifest.
   */
  readonly walletConnectProjectId: string
  readonly rpcProxyLimitPerIp: number
  readonly rpcBroadcastLimitPerIp: number
  readonly rpcProxyMaxGas: number
  readonly rpcProxyBudgetPerMinute: number
  /** `EMBEDDED_RECOVERY_DELAY` in seconds. */
  readonly embeddedRecoveryDelaySeconds: number
  /** `TRUSTED_PROXY_HOPS`: 0 to 10; required in production. */
  readonly trustedProxyHops: number
  /** `SESSION_SECRET`'s secrets, newest first, deduplicated; undefined outside production when unset (a development secret is generated). */
  readonly sessionSecrets: readonly string[] | undefined
  /** `EMBEDDED_RECOVERY_KEY`'s 32 bytes; undefined outside production when unset (a development key is generated). */
  readonly recoverySecret: Uint8Array | undefined
  /** `EMBEDDED_RECOVERY_KEY` is set (not blank), whatever its value. */
  readonly recoveryKeySet: boolean
  /** `EMBEDDED_RECOVERY_KEYS_PREVIOUS`: retired recovery secrets, newest first. */
  readonly previousRecoverySecrets: readonly Uint8Array[]
  /** `SMTP_URL` (trimmed), or undefined. */
  readonly smtpUrl: string | undefined
  /** `MAIL_FROM`, default `Sigil <no-reply@localhost>`. */
  readonly mailFrom: string
  /** `DATA_DIR` resolved, default `.data/` in the working directory. */
  readonly dataDir: string
  /** `DATABASE_URL` (trimmed), or undefined for the embedded PGlite. */
  readonly databaseUrl: string | undefined
  readonly authLimits: AuthLimitSettings
  /** `SESSION_PLACE_HEADER`, lower-cased, or undefined. */
  readonly sessionPlaceHeader: string | undefined
  /** `NEXT_DIST_DIR`, default `.next`. */
  readonly distDir: string
  /** `NEXT_MANUAL_SIG_HANDLE` is set: the host program handles SIGTERM/SIGINT. */
  readonly manualSignalHandling: boolean
  /** `EMBEDDED_TEST_CLOCK`, only when it is a secret of 32+ printable characters (server/embedded/clock.ts adds the other gates). */
  readonly testClockSecret: string | undefined
  /** `EMBEDDED_TEST_IDLE_LOCK_MS`, a positive whole number, or undefined (honoured behind the test clock's gate). */
  readonly testIdleLockMs: number | undefined
  /** `ENS_AVATAR_ALLOW_LOOPBACK=1` outside production. */
  readonly ensAvatarAllowLoopback: boolean
}

/** A setting that is a whole number from 1 to `max`; unset or blank gives `fallback`, anything else throws. */
function positiveIntegerSetting(env: EnvRecord, name: string, fallback: number, max = Number.MAX_SAFE_INTEGER): number {
  const raw = env[name]?.trim()
  if (!raw) return fallback
  const value = Number(raw)
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(value) || value < 1 || value > max) {
    throw new EnvError(name, `${name} must be a whole number from 1 to ${max}, got "${raw.slice(0, 20)}".`)
  }
  return value
}

/**
 * A duration setting in seconds: a whole number of seconds, or a number with a unit (`90s`, `30m`,
 * `48h`, `7d`) from `min` to `max`; unset or blank gives `fallback`, anything else throws.
 */
function durationSetting(env: EnvRecord, name: string, fallback: number, min = 1, max = Number.MAX_SAFE_INTEGER): number {
  const raw = env[name]?.trim()
  if (!raw) return fallback
  const match = /^(\d+)\s*(s|m|h|d)?$/.exec(raw)
  const seconds = match ? Number(match[1]) * { s: 1, m: 60, h: 3600, d: 86_400 }[(match[2] ?? 's') as 's' | 'm' | 'h' | 'd'] : Number.NaN
  if (!Number.isSafeInteger(seconds) || seconds < min || seconds > max) {
    throw new EnvError(name, `${name} must be a duration from ${min} to ${max} seconds (e.g. 172800 or 48h), got "${raw.slice(0, 20)}".`)
  }
  return seconds
}

/** A sign-in limit per minute (`AUTH_*`): unset or blank gives undefined (the default), else a positive whole number. */
function perMinuteSetting(env: EnvRecord, name: string): number | undefined {
  const value = env[name]
  if (value === undefined || value.trim() === '') return undefined
  const max = Number(value)
  if (!Number.isSafeInteger(max) || max < 1) throw new EnvError(name, `Rate limits must be positive integers (attempts per minute), got "${value}".`)
  return max
}

/** `PREFIX<chainId>` variables: each set one by chain id (`trim`: its value trimmed, blank ones skipped). */
function chainFamily(env: EnvRecord, pattern: RegExp, trim: boolean): Record<number, string> {
  const urls: Record<number, string> = {}
  for (const [key, raw] of Object.entries(env)) {
    const match = pattern.exec(key)
    const value = trim ? raw?.trim() : raw
    if (match?.[1] && value) urls[Number(match[1])] = value
  }
  return urls
}

/** The shortest delay a production build accepts on a public origin: below it the owner has no time to see the notice. */
const MIN_PRODUCTION_RECOVERY_DELAY_SECONDS = 3600
const DEFAULT_MAIL_FROM = 'Sigil <no-reply@localhost>'
/** A guessable flag ("1", "true") is not a secret: at least 32 printable characters. */
const TEST_SECRET_MIN_LENGTH = 32

/** The rules, one per field: each reads the record and returns the field's value or throws. */
function rules(env: EnvRecord, fields: () => ServerEnv): { [K in keyof ServerEnv]: () => ServerEnv[K] } {
  return {
    nodeEnv: () => env.NODE_ENV,
    production: () => env.NODE_ENV === 'production',
    port: () => env.PORT,
    appOriginSetting: () => env.APP_ORIGIN?.trim() || undefined,
    appOrigins: () => {
      const raw = env.APP_ORIGIN?.trim()
      if (!raw) {
        if (env.NODE_ENV === 'production') throw new EnvError('APP_ORIGIN', 'APP_ORIGIN is required in production (e.g. https://sigil.example).')
        // The app's development site (app.localhost), whose vault (wallet.app.localhost) is the same
        // site: the vault runs in its frame as in a deployment. The plain loopback names stay origins
        // of the app; pages asked for there are sent to the first (server/http/loopbackRedirect.ts).
        const port = env.PORT ?? '3000'
        return Object.freeze([`http://app.localhost:${port}`, `http://localhost:${port}`, `http://127.0.0.1:${port}`])
      }
      return Object.freeze(
        raw.split(',').map((origin) => {
          const url = new URL(origin.trim())
          if (url.origin !== origin.trim().replace(/\/$/, '')) throw new EnvError('APP_ORIGIN', `APP_ORIGIN entries must be exact origins, got "${origin}".`)
          return url.origin
        }),
      )
    },
    vaultOriginSet: () => Boolean(env.VAULT_ORIGIN?.trim()),
    vault: () => Object.freeze(resolveVaultOrigin({ VAULT_ORIGIN: env.VAULT_ORIGIN }, fields().appOrigins)),
    localChain: () => {
      if (env.ENABLE_LOCAL_CHAIN === '0' || env.ENABLE_LOCAL_CHAIN === 'false') return false
      if (env.ENABLE_LOCAL_CHAIN === '1' || env.ENABLE_LOCAL_CHAIN === 'true') return true
      return env.NODE_ENV !== 'production'
    },
    rpcUrls: () => Object.freeze(chainFamily(env, /^RPC_URL_(\d+)$/, false)),
    signInRpcUrls: () => Object.freeze(chainFamily(env, /^SIGNIN_RPC_URL_(\d+)$/, true)),
    walletConnectProjectId: () => env.WALLETCONNECT_PROJECT_ID ?? env.NEXT_PUBLIC_WALLETCONNECT_PROJECT_ID ?? '',
    rpcProxyLimitPerIp: () => positiveIntegerSetting(env, 'RPC_PROXY_RATE_LIMIT_PER_IP', 600),
    rpcBroadcastLimitPerIp: () => positiveIntegerSetting(env, 'RPC_BROADCAST_RATE_LIMIT_PER_IP', 30),
    rpcProxyMaxGas: () => positiveIntegerSetting(env, 'RPC_PROXY_MAX_GAS', 3_000_000, 30_000_000),
    rpcProxyBudgetPerMinute: () => positiveIntegerSetting(env, 'RPC_PROXY_BUDGET_PER_MINUTE', 1200),
    embeddedRecoveryDelaySeconds: () => {
      const seconds = durationSetting(env, 'EMBEDDED_RECOVERY_DELAY', DEFAULT_EMBEDDED_RECOVERY_DELAY_SECONDS, 0, 30 * 86_400)
      if (env.NODE_ENV === 'production' && seconds < MIN_PRODUCTION_RECOVERY_DELAY_SECONDS) {
        const origins = fields().appOrigins
        // Loopback, or reserved testing names (a test of the deployment's shape): no one else's browser.
        const privateOnly = origins.length > 0 && origins.every((origin) => isLoopbackHost(new URL(origin).hostname) || isTestingHost(new URL(origin).hostname))
        if (!privateOnly)
          throw new EnvError('EMBEDDED_RECOVERY_DELAY', `EMBEDDED_RECOVERY_DELAY must be at least ${MIN_PRODUCTION_RECOVERY_DELAY_SECONDS} seconds in production, got ${seconds}.`)
      }
      return seconds
    },
    trustedProxyHops: () => {
      const raw = env.TRUSTED_PROXY_HOPS?.trim()
      if (!raw) {
        if (env.NODE_ENV === 'production') {
          throw new EnvError(
            'TRUSTED_PROXY_HOPS',
            'TRUSTED_PROXY_HOPS is required in production: the number of proxies in front of the app that append to X-Forwarded-For (0 = none, the socket address is the client).',
          )
        }
        return 0
      }
      if (!/^\d+$/.test(raw) || Number(raw) > MAX_TRUSTED_PROXY_HOPS) {
        throw new EnvError('TRUSTED_PROXY_HOPS', `TRUSTED_PROXY_HOPS must be a whole number from 0 to ${MAX_TRUSTED_PROXY_HOPS}, got "${raw.slice(0, 20)}".`)
      }
      return Number(raw)
    },
    sessionSecrets: () => {
      const configured = env.SESSION_SECRET
      if (configured !== undefined && configured.trim() !== '') {
        const secrets = sessionSecretEntries(configured)
        secrets.forEach((secret, index) => {
          if (secret.length < MIN_SESSION_SECRET_LENGTH) {
            throw new SessionSecretError(
              `SESSION_SECRET must be at least ${MIN_SESSION_SECRET_LENGTH} characters long` +
                `${secrets.length > 1 ? ` (entry ${index + 1} of ${secrets.length}` : ' (it'} has ${secret.length}). ` +
                'Generate one with: openssl rand -base64 32',
            )
          }
        })
        return Object.freeze([...new Set(secrets)])
      }
      if (env.NODE_ENV === 'production') {
        throw new SessionSecretError(
          `SESSION_SECRET is required in production: set it to a random string of at least ${MIN_SESSION_SECRET_LENGTH} characters ` +
            '(e.g. openssl rand -base64 32). Every instance of the app must use the same one.',
        )
      }
      return undefined
    },
    recoverySecret: () => {
      const configured = env.EMBEDDED_RECOVERY_KEY
      if (configured !== undefined && configured.trim() !== '') return parseRecoverySecret(configured)
      if (env.NODE_ENV === 'production') {
        throw new RecoveryKeyError(
          'EMBEDDED_RECOVERY_KEY is required in production: 32 random bytes as base64 (openssl rand -base64 32). ' +
            'Keep it safe and the same on every instance: without it no embedded wallet can be recovered by email.',
        )
      }
      return undefined
    },
    recoveryKeySet: () => Boolean(env.EMBEDDED_RECOVERY_KEY?.trim()),
    previousRecoverySecrets: () => {
      const raw = env.EMBEDDED_RECOVERY_KEYS_PREVIOUS?.trim()
      if (!raw) return Object.freeze([])
      const secrets = raw
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean)
        .map((entry, index) => {
          try {
            return parseRecoverySecret(entry)
          } catch {
            throw new RecoveryKeyError(`EMBEDDED_RECOVERY_KEYS_PREVIOUS entry ${index + 1} is not 32 bytes as base64 or hex; list retired keys comma-separated, newest first.`)
          }
        })
      return Object.freeze(secrets)
    },
    smtpUrl: () => env.SMTP_URL?.trim() || undefined,
    mailFrom: () => env.MAIL_FROM?.trim() || DEFAULT_MAIL_FROM,
    // A runtime data folder, not a source: the ignore comment keeps Next's output tracing from
    // treating it as a file the server imports (which would trace the whole project into the build).
    dataDir: () => path.resolve(/*turbopackIgnore: true*/ env.DATA_DIR?.trim() || '.data'),
    databaseUrl: () => env.DATABASE_URL?.trim() || undefined,
    authLimits: () =>
      Object.freeze({
        noncePerIp: perMinuteSetting(env, 'AUTH_NONCE_RATE_LIMIT_PER_IP'),
        noncePerBrowser: perMinuteSetting(env, 'AUTH_NONCE_RATE_LIMIT_PER_BROWSER'),
        verifyPerIp: perMinuteSetting(env, 'AUTH_RATE_LIMIT_PER_IP'),
        verifyPerAddress: perMinuteSetting(env, 'AUTH_RATE_LIMIT_PER_ADDRESS'),
      }),
    sessionPlaceHeader: () => env.SESSION_PLACE_HEADER?.trim().toLowerCase() || undefined,
    distDir: () => distDir(env),
    manualSignalHandling: () => Boolean(env.NEXT_MANUAL_SIG_HANDLE),
    testClockSecret: () => {
      const secret = env.EMBEDDED_TEST_CLOCK
      return secret && secret.length >= TEST_SECRET_MIN_LENGTH && /^[\x21-\x7e]+$/.test(secret) ? secret : undefined
    },
    testIdleLockMs: () => {
      const value = Number(env.EMBEDDED_TEST_IDLE_LOCK_MS)
      return Number.isSafeInteger(value) && value > 0 ? value : undefined
    },
    ensAvatarAllowLoopback: () => env.NODE_ENV !== 'production' && env.ENS_AVATAR_ALLOW_LOOPBACK === '1',
  }
}

/** The schema's single variables the reader reads, and the prefixes of its `PREFIX<chainId>` families. */
const SINGLE_NAMES = ENV_VARIABLES.filter((variable) => !variable.family && !variable.readBy).map((variable) => variable.name)
const FAMILIES = ENV_VARIABLES.flatMap((variable) => (variable.family ? [variable.family] : []))

/** The names the reader looks at: the schema's variables, and every `PREFIX<chainId>` of its families present in `record`. */
function readNames(record: EnvRecord): string[] {
  const names = [...SINGLE_NAMES]
  for (const key of Object.keys(record)) if (FAMILIES.some((prefix) => key.startsWith(prefix) && /^\d+$/.test(key.slice(prefix.length)))) names.push(key)
  return names
}

/** Each parsed environment's copy of its whole record, for `variablesOf`. */
const records = new WeakMap<object, EnvRecord>()

/**
 * The environment `record` as a frozen, typed object. Each field is checked on first read and keeps
 * its value or its error. The rules are handed only the schema's variables (envSchema.mjs), so a
 * rule cannot read a variable the schema does not list; the record is copied, so changing it
 * afterwards changes nothing. Tests build their environment with this instead of changing `process.env`.
 */
export function parseEnv(record: EnvRecord): ServerEnv {
  const env: EnvRecord = Object.freeze(Object.fromEntries(readNames(record).map((name) => [name, record[name]])))
  const result = {} as ServerEnv
  const kept = new Map<keyof ServerEnv, { value: unknown } | { error: unknown }>()
  const fieldRules = rules(env, () => result)
  for (const key of Object.keys(fieldRules) as (keyof ServerEnv)[]) {
    Object.defineProperty(result, key, {
      enumerable: true,
      get() {
        let entry = kept.get(key)
        if (!entry) {
          try {
            entry = { value: fieldRules[key]() }
          } catch (error) {
            entry = { error }
          }
          kept.set(key, entry)
        }
        if ('error' in entry) throw entry.error
        return entry.value
      },
    })
  }
  Object.freeze(result)
  // The whole record, copied as it is now, for the families' settings (`variablesOf`): the rules above
  // read only the schema's variables.
  records.set(result, Object.freeze({ ...record }))
  return result
}

/**
 * The values of `names` in the record `env` was parsed from, as they were then: how a wallet family's
 * settings parser is handed its own variables (server/config/server.ts `getPublicConfig`; the
 * family's manifest declares them, lib/config/familySettings.ts), never another.
 */
export function variablesOf(env: ServerEnv, names: readonly string[]): EnvRecord {
  const record = records.get(env) ?? {}
  return Object.freeze(Object.fromEntries(names.map((name) => [name, record[name]])))
}

let current: { env: ServerEnv; fingerprint: string } | undefined

/**
 * This process's environment, parsed once: a second call returns the same object, with every value
 * it already checked, without parsing again. Under `next start` (`NODE_ENV=production`) that is the
 * whole story: the environment is fixed when the process starts, so it is parsed once for the life
 * of the process and never looked at again. Elsewhere it is parsed anew when a variable the reader
 * reads has a new value (`next dev` reloads the `.env` files; a test stubs a variable), so the next
 * call sees it.
 */
export function readEnv(): ServerEnv {
  // The one read of the process's environment (eslint.config.mjs forbids any other).
  const source = process.env
  if (current?.env.production && source.NODE_ENV === 'production') return current.env
  let fingerprint = ''
  for (const name of readNames(source)) fingerprint += `${name}=${source[name] ?? '\u0000'}\u0001`
  if (current?.fingerprint !== fingerprint) current = { env: parseEnv(source), fingerprint }
  return current.env
}

/**
 * Forgets the parsed environment: the next `readEnv()` parses `process.env` again. For tests that
 * stub a production environment and then change it, which a real process never does.
 */
export function forgetEnv(): void {
  current = undefined
}

/** What a server function is handed: this process's environment by default, a parsed one, or (tests) a plain record. */
export type EnvInput = ServerEnv | EnvRecord

/** `input` as a parsed environment: the process's when none is given. */
export function envOf(input?: EnvInput): ServerEnv {
  if (input === undefined) return readEnv()
  return records.has(input) ? (input as ServerEnv) : parseEnv(input as EnvRecord)
}
