import path from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { EnvError } from '@sigil/lib/config/envError'
import { forgetEnv, parseEnv, readEnv, RecoveryKeyError, SessionSecretError, variablesOf, type ServerEnv } from './env'
import { ENV_VARIABLES, productionEnvironmentProblems } from './envSchema.mjs'

afterEach(() => {
  vi.unstubAllEnvs()
  forgetEnv()
})

/** The error reading `field` throws (fails the test when it throws none). */
function errorOf(env: ServerEnv, field: keyof ServerEnv): Error {
  try {
    void env[field]
  } catch (error) {
    return error as Error
  }
  throw new Error(`${field} did not throw`)
}

const PRODUCTION = {
  NODE_ENV: 'production',
  APP_ORIGIN: 'https://sigil.example',
  TRUSTED_PROXY_HOPS: '1',
  SESSION_SECRET: 's'.repeat(32),
  EMBEDDED_RECOVERY_KEY: Buffer.alloc(32, 7).toString('base64'),
}

describe('parseEnv: the defaults', () => {
  it('gives a working development setup from an empty environment', () => {
    const env = parseEnv({})
    expect(env.production).toBe(false)
    // The app at app.localhost, its vault the same site under it; plain localhost stays an origin (its pages redirect).
    expect(env.appOrigins).toEqual(['http://app.localhost:3000', 'http://localhost:3000', 'http://127.0.0.1:3000'])
    expect(env.vault).toEqual({ origin: 'http://wallet.app.localhost:3000', problem: undefined })
    expect(env.localChain).toBe(true)
    expect(env.trustedProxyHops).toBe(0)
    expect([env.rpcProxyLimitPerIp, env.rpcBroadcastLimitPerIp, env.rpcProxyMaxGas, env.rpcProxyBudgetPerMinute]).toEqual([600, 30, 3_000_000, 1200])
    expect(env.embeddedRecoveryDelaySeconds).toBe(48 * 3600)
    expect(env.authLimits).toEqual({ noncePerIp: undefined, noncePerBrowser: undefined, verifyPerIp: undefined, verifyPerAddress: undefined })
    expect(env.sessionSecrets).toBeUndefined()
    expect(env.recoverySecret).toBeUndefined()
    expect(env.previousRecoverySecrets).toEqual([])
    expect(env.mailFrom).toBe('Sigil <no-reply@localhost>')
    expect(env.smtpUrl).toBeUndefined()
    expect(env.dataDir).toBe(path.resolve('.data'))
    expect(env.databaseUrl).toBeUndefined()
    expect(env.distDir).toBe('.next')
    expect(env.walletConnectProjectId).toBe('')
    expect(env.testClockSecret).toBeUndefined()
    expect(env.manualSignalHandling).toBe(false)
  })

  it('takes the values given, typed', () => {
    const env = parseEnv({
      PORT: '4000',
      RPC_PROXY_MAX_GAS: '30000000',
      EMBEDDED_RECOVERY_DELAY: '30m',
      AUTH_RATE_LIMIT_PER_IP: '7',
      RPC_URL_8453: 'https://base.example',
      SIGNIN_RPC_URL_1: ' https://eth.example ',
      SESSION_SECRET: `${'a'.repeat(32)}, ${'b'.repeat(40)},${'a'.repeat(32)}`,
      NEXT_PUBLIC_WALLETCONNECT_PROJECT_ID: 'older',
      SESSION_PLACE_HEADER: ' CF-IPCountry ',
    })
    expect(env.appOrigins).toEqual(['http://app.localhost:4000', 'http://localhost:4000', 'http://127.0.0.1:4000'])
    expect(env.rpcProxyMaxGas).toBe(30_000_000)
    expect(env.embeddedRecoveryDelaySeconds).toBe(1800)
    expect(env.authLimits.verifyPerIp).toBe(7)
    expect(env.rpcUrls).toEqual({ 8453: 'https://base.example' })
    expect(env.signInRpcUrls).toEqual({ 1: 'https://eth.example' })
    expect(env.sessionSecrets).toEqual(['a'.repeat(32), 'b'.repeat(40)])
    expect(env.walletConnectProjectId).toBe('older')
    expect(env.sessionPlaceHeader).toBe('cf-ipcountry')
  })

  it('is frozen, and a copy: changing the record afterwards changes nothing', () => {
    const record: Record<string, string | undefined> = { APP_ORIGIN: 'https://a.example' }
    const env = parseEnv(record)
    record.APP_ORIGIN = 'https://b.example'
    expect(env.appOrigins).toEqual(['https://a.example'])
    expect(Object.isFrozen(env)).toBe(true)
    expect(() => Object.assign(env, { production: true })).toThrow(TypeError)
  })
})

describe('parseEnv: production', () => {
  it('accepts a complete production environment', () => {
    const env = parseEnv(PRODUCTION)
    expect(env.production).toBe(true)
    expect(env.localChain).toBe(false)
    expect(env.appOrigins).toEqual(['https://sigil.example'])
    expect(env.trustedProxyHops).toBe(1)
    expect(env.sessionSecrets).toEqual(['s'.repeat(32)])
    expect(env.recoverySecret).toEqual(new Uint8Array(32).fill(7))
    expect(productionEnvironmentProblems({ ...PRODUCTION, VAULT_ORIGIN: 'https://wallet.sigil.example', SMTP_URL: 'smtps://u:p@smtp.example:465' })).toEqual([])
  })

  it('refuses each required variable with its own message', () => {
    const env = parseEnv({ NODE_ENV: 'production' })
    expect(errorOf(env, 'appOrigins')).toMatchObject({ name: 'EnvError', variable: 'APP_ORIGIN', message: 'APP_ORIGIN is required in production (e.g. https://sigil.example).' })
    expect(errorOf(env, 'trustedProxyHops')).toMatchObject({ variable: 'TRUSTED_PROXY_HOPS', message: expect.stringMatching(/^TRUSTED_PROXY_HOPS is required in production: /) })
    expect(errorOf(env, 'sessionSecrets')).toBeInstanceOf(SessionSecretError)
    expect(errorOf(env, 'sessionSecrets').message).toMatch(/^SESSION_SECRET is required in production: set it to a random string of at least 32 characters/)
    expect(errorOf(env, 'recoverySecret')).toBeInstanceOf(RecoveryKeyError)
    expect(errorOf(env, 'recoverySecret').message).toMatch(/^EMBEDDED_RECOVERY_KEY is required in production: 32 random bytes/)
  })

  it('refuses a recovery delay under an hour on a public origin, not on loopback or reserved .test names', () => {
    expect(errorOf(parseEnv({ ...PRODUCTION, EMBEDDED_RECOVERY_DELAY: '59m' }), 'embeddedRecoveryDelaySeconds')).toMatchObject({
      variable: 'EMBEDDED_RECOVERY_DELAY',
      message: 'EMBEDDED_RECOVERY_DELAY must be at least 3600 seconds in production, got 3540.',
    })
    expect(parseEnv({ ...PRODUCTION, APP_ORIGIN: 'http://localhost:3000', EMBEDDED_RECOVERY_DELAY: '0' }).embeddedRecoveryDelaySeconds).toBe(0)
    // A test of the deployment's shape (RFC 6761's .test): no one else's browser reaches it.
    expect(parseEnv({ ...PRODUCTION, APP_ORIGIN: 'https://sigil.test:8443', EMBEDDED_RECOVERY_DELAY: '5s' }).embeddedRecoveryDelaySeconds).toBe(5)
    // One public origin among them is enough to refuse.
    expect(errorOf(parseEnv({ ...PRODUCTION, APP_ORIGIN: 'https://sigil.test,https://sigil.example', EMBEDDED_RECOVERY_DELAY: '5s' }), 'embeddedRecoveryDelaySeconds').message).toMatch(/at least 3600 seconds/)
    expect(errorOf(parseEnv({ ...PRODUCTION, APP_ORIGIN: 'https://sigil.testing.example', EMBEDDED_RECOVERY_DELAY: '5s' }), 'embeddedRecoveryDelaySeconds').message).toMatch(/at least 3600 seconds/)
  })

  it('ignores the test-only switches in production', () => {
    const env = parseEnv({ ...PRODUCTION, ENS_AVATAR_ALLOW_LOOPBACK: '1' })
    expect(env.ensAvatarAllowLoopback).toBe(false)
  })

  it('lists every start-up problem for next start, in the schema module the reader uses', () => {
    expect(productionEnvironmentProblems({}).map((problem) => problem.split(' ')[0])).toEqual(['SESSION_SECRET', 'TRUSTED_PROXY_HOPS', 'APP_ORIGIN', 'EMBEDDED_RECOVERY_KEY', 'SMTP_URL'])
  })

  it("refuses a production build started with another NODE_ENV: the hardening (Secure cookies, HSTS, the strict CSP, no local chain) follows NODE_ENV", () => {
    const ready = { ...PRODUCTION, VAULT_ORIGIN: 'https://wallet.sigil.example', SMTP_URL: 'smtps://u:p@smtp.example:465' }
    expect(productionEnvironmentProblems({ ...ready, NODE_ENV: 'production' })).toEqual([])
    for (const mistyped of ['staging', 'Production', 'prod', 'development', 'test', '']) {
      expect(productionEnvironmentProblems({ ...ready, NODE_ENV: mistyped }), mistyped).toEqual([expect.stringMatching(/^NODE_ENV is ".*", not "production"/)])
    }
  })
})

describe('parseEnv: bad values', () => {
  it.each([
    ['RPC_PROXY_MAX_GAS', 'rpcProxyMaxGas', 'lots', 'RPC_PROXY_MAX_GAS must be a whole number from 1 to 30000000, got "lots".'],
    ['RPC_PROXY_MAX_GAS', 'rpcProxyMaxGas', '30000001', 'RPC_PROXY_MAX_GAS must be a whole number from 1 to 30000000, got "30000001".'],
    ['RPC_PROXY_RATE_LIMIT_PER_IP', 'rpcProxyLimitPerIp', '0', 'RPC_PROXY_RATE_LIMIT_PER_IP must be a whole number from 1 to 9007199254740991, got "0".'],
    ['TRUSTED_PROXY_HOPS', 'trustedProxyHops', '11', 'TRUSTED_PROXY_HOPS must be a whole number from 0 to 10, got "11".'],
    ['TRUSTED_PROXY_HOPS', 'trustedProxyHops', 'one', 'TRUSTED_PROXY_HOPS must be a whole number from 0 to 10, got "one".'],
    ['EMBEDDED_RECOVERY_DELAY', 'embeddedRecoveryDelaySeconds', '31d', 'EMBEDDED_RECOVERY_DELAY must be a duration from 0 to 2592000 seconds (e.g. 172800 or 48h), got "31d".'],
    ['AUTH_RATE_LIMIT_PER_IP', 'authLimits', '-1', 'Rate limits must be positive integers (attempts per minute), got "-1".'],
    ['APP_ORIGIN', 'appOrigins', 'https://sigil.example/app', 'APP_ORIGIN entries must be exact origins, got "https://sigil.example/app".'],
  ] as const)('%s=%s: a typed error naming it', (variable, field, value, message) => {
    const error = errorOf(parseEnv({ [variable]: value }), field)
    expect(error).toBeInstanceOf(EnvError)
    expect(error).toMatchObject({ variable, message, code: 'env_invalid' })
  })

  it('refuses a short session secret and a malformed recovery key with their own errors', () => {
    expect(errorOf(parseEnv({ SESSION_SECRET: 'short' }), 'sessionSecrets')).toMatchObject({ name: 'SessionSecretError', variable: 'SESSION_SECRET' })
    expect(errorOf(parseEnv({ EMBEDDED_RECOVERY_KEY: 'short' }), 'recoverySecret')).toBeInstanceOf(RecoveryKeyError)
    expect(errorOf(parseEnv({ EMBEDDED_RECOVERY_KEYS_PREVIOUS: `${Buffer.alloc(32).toString('hex')},nope` }), 'previousRecoverySecrets').message).toBe(
      'EMBEDDED_RECOVERY_KEYS_PREVIOUS entry 2 is not 32 bytes as base64 or hex; list retired keys comma-separated, newest first.',
    )
  })

  it('stops only what reads the bad value, with the same error every time', () => {
    const env = parseEnv({ RPC_PROXY_MAX_GAS: 'lots' })
    expect(env.rpcProxyLimitPerIp).toBe(600)
    expect(env.appOrigins).toHaveLength(3)
    expect(errorOf(env, 'rpcProxyMaxGas')).toBe(errorOf(env, 'rpcProxyMaxGas'))
  })
})

describe('readEnv', () => {
  it('parses the process environment once: a second call gives the same object and the same checked values', () => {
    vi.stubEnv('RPC_PROXY_MAX_GAS', 'lots')
    vi.stubEnv('APP_ORIGIN', 'https://a.example')
    const first = readEnv()
    const error = errorOf(first, 'rpcProxyMaxGas')
    expect(readEnv()).toBe(first)
    expect(errorOf(readEnv(), 'rpcProxyMaxGas')).toBe(error)
    // A variable the reader does not read changes nothing either.
    vi.stubEnv('SIGIL_UNRELATED_SETTING', 'x')
    expect(readEnv()).toBe(first)
  })

  it('under next start, parses once for the life of the process: a later change is never read', () => {
    for (const [name, value] of Object.entries(PRODUCTION)) vi.stubEnv(name, value)
    const first = readEnv()
    expect(first.production).toBe(true)
    vi.stubEnv('APP_ORIGIN', 'https://other.example')
    vi.stubEnv('RPC_PROXY_MAX_GAS', 'lots')
    expect(readEnv()).toBe(first)
    expect(readEnv().appOrigins).toEqual(['https://sigil.example'])
    expect(readEnv().rpcProxyMaxGas).toBe(3_000_000)
    // What a test that changes a production environment does; a real process never does.
    forgetEnv()
    expect(readEnv().appOrigins).toEqual(['https://other.example'])
  })

  it('parses again when a variable it reads has changed (next dev reloading .env, a test)', () => {
    vi.stubEnv('APP_ORIGIN', 'https://a.example')
    const first = readEnv()
    expect(first.appOrigins).toEqual(['https://a.example'])
    vi.stubEnv('APP_ORIGIN', 'https://b.example')
    expect(readEnv()).not.toBe(first)
    expect(readEnv().appOrigins).toEqual(['https://b.example'])
    vi.stubEnv('RPC_URL_10', 'https://optimism.example')
    expect(readEnv().rpcUrls[10]).toBe('https://optimism.example')
  })
})

describe('the schema', () => {
  it('names each variable once, with what it is, its default and what production needs', () => {
    const names = ENV_VARIABLES.map((variable) => variable.name)
    expect(names.filter((name, index) => names.indexOf(name) !== index)).toEqual([])
    for (const variable of ENV_VARIABLES) {
      expect(variable.summary, variable.name).toMatch(/\w/)
      expect(variable.default, variable.name).toMatch(/\w/)
      expect(variable.production, variable.name).toMatch(/\w/)
    }
  })

  it('is what the reader reads: a variable outside it is never seen by a rule', () => {
    const env = parseEnv({ APP_ORIGIN: 'https://a.example', APP_ORIGINS: 'https://b.example' })
    expect(env.appOrigins).toEqual(['https://a.example'])
  })

  it('hands a family the variables it names, as they were when parsed, and no other', () => {
    const record = { COINBASE_PREFERENCE: 'all', EXAMPLE_WALLET_URL: 'https://x.example', SESSION_SECRET: 's'.repeat(32) }
    const env = parseEnv(record)
    record.COINBASE_PREFERENCE = 'eoaOnly'
    expect(variablesOf(env, ['COINBASE_PREFERENCE', 'EXAMPLE_WALLET_URL', 'UNSET'])).toEqual({ COINBASE_PREFERENCE: 'all', EXAMPLE_WALLET_URL: 'https://x.example', UNSET: undefined })
  })
})
