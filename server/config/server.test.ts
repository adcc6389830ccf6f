import { describe, expect, it } from 'vitest'
import { absoluteRpcUrls, walletConnectRpcUrl } from '@sigil/lib/config/rpc'
import { familySettings } from '@sigil/connectors/settings'
import { embeddedRecoveryDelaySeconds, getDeploymentConfig, getPublicConfig, rpcProxyBudgetPerMinute, rpcProxyLimitPerIp, rpcProxyMaxGas, rpcProxyTargets, serverRpcUrls, signInRpcUrls } from './server'
import { parseEnv, type EnvRecord } from './env'

/** The Coinbase Smart Wallet's settings as the page gets them: its manifest's parser, handed its variables by the server. */
const coinbaseKeysUrl = (env: EnvRecord) => getPublicConfig(familySettings, env).coinbaseKeysUrl
const coinbasePreference = (env: EnvRecord) => getPublicConfig(familySettings, env).coinbasePreference

const KEYS = 'http://127.0.0.1:4555/connect'
const local = { NODE_ENV: 'production', ENABLE_LOCAL_CHAIN: '1', APP_ORIGIN: 'http://127.0.0.1:3000', COINBASE_KEYS_URL: KEYS }

describe('COINBASE_KEYS_URL', () => {
  it('is honoured with the local chain enabled and every app origin on loopback', () => {
    expect(coinbaseKeysUrl(local)).toBe(KEYS)
    expect(coinbaseKeysUrl({ ...local, APP_ORIGIN: 'http://localhost:3000,http://127.0.0.1:3000' })).toBe(KEYS)
  })

  it('is ignored by a deployment answering on a real origin, even one that enabled the local chain', () => {
    expect(coinbaseKeysUrl({ ...local, APP_ORIGIN: 'https://sigil.example' })).toBeUndefined()
    // One public origin among loopback ones is enough to make it a real deployment.
    expect(coinbaseKeysUrl({ ...local, APP_ORIGIN: 'http://127.0.0.1:3000,https://sigil.example' })).toBeUndefined()
    expect(getPublicConfig(familySettings, { ...local, APP_ORIGIN: 'https://sigil.example' }).coinbaseKeysUrl).toBeUndefined()
  })

  it('is ignored without the local chain', () => {
    expect(coinbaseKeysUrl({ ...local, ENABLE_LOCAL_CHAIN: '0' })).toBeUndefined()
  })

  it('rejects a popup address off loopback', () => {
    expect(() => coinbaseKeysUrl({ ...local, COINBASE_KEYS_URL: 'https://keys.example/connect' })).toThrow(/loopback/)
  })
})

describe('COINBASE_PREFERENCE', () => {
  it('is unset by default (the connector then uses smartWalletOnly)', () => {
    expect(coinbasePreference({})).toBeUndefined()
    expect(getPublicConfig(familySettings, { NODE_ENV: 'test' }).coinbasePreference).toBeUndefined()
  })

  it.each(['all', 'smartWalletOnly', 'eoaOnly'] as const)('passes %s through the public config', (value) => {
    expect(getPublicConfig(familySettings, { NODE_ENV: 'test', COINBASE_PREFERENCE: value }).coinbasePreference).toBe(value)
  })

  it('fails with a clear message on any other value', () => {
    expect(() => coinbasePreference({ COINBASE_PREFERENCE: 'smartwallet' })).toThrow(
      'COINBASE_PREFERENCE must be one of all, smartWalletOnly, eoaOnly, got "smartwallet".',
    )
    expect(() => getPublicConfig(familySettings, { NODE_ENV: 'test', COINBASE_PREFERENCE: 'both' })).toThrow(/COINBASE_PREFERENCE/)
  })
})

describe('RPC addresses: server-only versus what the browser gets', () => {
  const SECRET = 'https://eth.example/v2/SECRET_TOKEN_abc123'
  const env = { NODE_ENV: 'production', APP_ORIGIN: 'https://sigil.example', RPC_URL_1: SECRET, RPC_URL_8453: 'https://base.example' }

  it('keeps a configured RPC_URL on the server and gives the browser the same-origin proxy instead', () => {
    expect(serverRpcUrls(env)[1]).toBe(SECRET)
    const config = getPublicConfig(familySettings, env)
    expect(config.rpcUrls[1]).toBe('/api/rpc/1')
    // Any override counts as secret: keys also hide in hostnames.
    expect(config.rpcUrls[8453]).toBe('/api/rpc/8453')
    expect(JSON.stringify(config)).not.toContain('SECRET_TOKEN')
    expect(JSON.stringify(config)).not.toContain('base.example')
  })

  it('gives the browser the proxy for chains configured nowhere too; the public RPC or WalletConnect endpoint is its upstream', () => {
    const config = getDeploymentConfig(env)
    expect(config.rpcUrls[10]).toBe('/api/rpc/10')
    expect(rpcProxyTargets(env)[10]).toBe('https://mainnet.optimism.io')
    const withProject = { ...env, WALLETCONNECT_PROJECT_ID: 'pid' }
    expect(getDeploymentConfig(withProject).rpcUrls[10]).toBe('/api/rpc/10')
    expect(rpcProxyTargets(withProject)[10]).toBe(walletConnectRpcUrl(10, 'pid'))
    // No RPC address of any host reaches the browser's configuration.
    for (const [id, url] of Object.entries(config.rpcUrls)) expect(url).toBe(`/api/rpc/${id}`)
    expect(JSON.stringify(getDeploymentConfig(withProject).rpcUrls)).not.toContain('walletconnect')
  })

  it('serves through the proxy every chain the browser reads, each to its server URL', () => {
    const targets = rpcProxyTargets(env)
    expect(targets).toMatchObject({ 1: SECRET, 8453: 'https://base.example', 10: 'https://mainnet.optimism.io' })
    expect(Object.keys(targets).sort()).toEqual(Object.keys(getDeploymentConfig(env).rpcUrls).sort())
  })

  it('proxies the local chain too; a plain loopback node is kept as data for wallets only, one that could carry a key is not', () => {
    const local = { ...env, ENABLE_LOCAL_CHAIN: '1' }
    expect(getDeploymentConfig(local).rpcUrls[31337]).toBe('/api/rpc/31337')
    expect(rpcProxyTargets(local)[31337]).toBe('http://127.0.0.1:8545')
    expect(getDeploymentConfig(local).localChainNodeUrl).toBe('http://127.0.0.1:8545')
    const port = { ...local, RPC_URL_31337: 'http://127.0.0.1:40123' }
    expect(getDeploymentConfig(port).rpcUrls[31337]).toBe('/api/rpc/31337')
    expect(getDeploymentConfig(port).localChainNodeUrl).toBe('http://127.0.0.1:40123')
    expect(getDeploymentConfig({ ...local, RPC_URL_31337: 'http://127.0.0.1:40123/key123456' }).localChainNodeUrl).toBeUndefined()
    expect(getDeploymentConfig({ ...local, RPC_URL_31337: 'https://anvil.example' }).localChainNodeUrl).toBeUndefined()
    expect(getDeploymentConfig({ ...env, ENABLE_LOCAL_CHAIN: '0' }).localChainNodeUrl).toBeUndefined()
  })

  it('makes the proxy paths absolute for the page’s origin in the browser', () => {
    expect(absoluteRpcUrls({ 1: '/api/rpc/1', 10: 'https://mainnet.optimism.io' }, 'http://localhost:4000')).toEqual({ 1: 'http://localhost:4000/api/rpc/1', 10: 'https://mainnet.optimism.io' })
    expect(absoluteRpcUrls({ 1: '/api/rpc/1' }, undefined)).toEqual({ 1: '/api/rpc/1' })
  })
})

describe('SIGNIN_RPC_URL_<id>: sign-in’s own upstream', () => {
  const base = { NODE_ENV: 'production', APP_ORIGIN: 'https://sigil.example' }

  it('takes SIGNIN_RPC_URL_<id> first, then RPC_URL_<id>, then the default; never in the public config', () => {
    const env = { ...base, RPC_URL_1: 'https://eth.example/v2/PROXY_KEY', SIGNIN_RPC_URL_1: 'https://eth.example/v2/SIGNIN_KEY', RPC_URL_8453: 'https://base.example/v2/PROXY_KEY' }
    const urls = signInRpcUrls(env)
    expect(urls[1]).toBe('https://eth.example/v2/SIGNIN_KEY')
    expect(urls[8453]).toBe('https://base.example/v2/PROXY_KEY')
    expect(urls[10]).toBe(serverRpcUrls(base)[10])
    // The proxy keeps forwarding to RPC_URL_<id>.
    expect(rpcProxyTargets(env)[1]).toBe('https://eth.example/v2/PROXY_KEY')
    expect(JSON.stringify(getPublicConfig(familySettings, env))).not.toContain('SIGNIN_KEY')
  })
})

describe('RPC proxy limits', () => {
  it('RPC_PROXY_MAX_GAS defaults to 3,000,000 and takes a whole number up to 30,000,000', () => {
    expect(rpcProxyMaxGas({})).toBe(3_000_000)
    expect(rpcProxyMaxGas({ RPC_PROXY_MAX_GAS: '500000' })).toBe(500_000)
    for (const bad of ['0', '-1', '1e6', '3000000.5', '30000001', 'lots']) expect(() => rpcProxyMaxGas({ RPC_PROXY_MAX_GAS: bad })).toThrow(/RPC_PROXY_MAX_GAS must be a whole number/)
  })

  it('RPC_PROXY_BUDGET_PER_MINUTE defaults to 1200 and takes a positive whole number', () => {
    expect(rpcProxyBudgetPerMinute({})).toBe(1200)
    expect(rpcProxyBudgetPerMinute({ RPC_PROXY_BUDGET_PER_MINUTE: ' 6000 ' })).toBe(6000)
    for (const bad of ['0', '-5', '12.5', 'x']) expect(() => rpcProxyBudgetPerMinute({ RPC_PROXY_BUDGET_PER_MINUTE: bad })).toThrow(/RPC_PROXY_BUDGET_PER_MINUTE must be a whole number/)
  })

  it('RPC_PROXY_RATE_LIMIT_PER_IP defaults to 600 and takes a positive whole number', () => {
    expect(rpcProxyLimitPerIp({})).toBe(600)
    expect(rpcProxyLimitPerIp({ RPC_PROXY_RATE_LIMIT_PER_IP: ' 90 ' })).toBe(90)
    for (const bad of ['0', '-1', '1.5', '1e3', 'many']) expect(() => rpcProxyLimitPerIp({ RPC_PROXY_RATE_LIMIT_PER_IP: bad }), bad).toThrow(/RPC_PROXY_RATE_LIMIT_PER_IP must be a whole number/)
  })
})

describe('EMBEDDED_RECOVERY_DELAY', () => {
  it('defaults to 48 hours and takes seconds or a duration with a unit, up to 30 days', () => {
    expect(embeddedRecoveryDelaySeconds({})).toBe(172_800)
    expect(embeddedRecoveryDelaySeconds({ EMBEDDED_RECOVERY_DELAY: ' 3600 ' })).toBe(3600)
    expect(embeddedRecoveryDelaySeconds({ EMBEDDED_RECOVERY_DELAY: '72h' })).toBe(259_200)
    expect(embeddedRecoveryDelaySeconds({ EMBEDDED_RECOVERY_DELAY: '3d' })).toBe(259_200)
    expect(embeddedRecoveryDelaySeconds({ EMBEDDED_RECOVERY_DELAY: '90m' })).toBe(5400)
    for (const bad of ['-1', '1.5h', '2w', '31d', 'soon', '48 hours']) expect(() => embeddedRecoveryDelaySeconds({ EMBEDDED_RECOVERY_DELAY: bad }), bad).toThrow(/EMBEDDED_RECOVERY_DELAY must be a duration/)
  })

  it('may be short (even 0) in development and on a loopback test deployment, never under an hour on a public production origin', () => {
    expect(embeddedRecoveryDelaySeconds({ EMBEDDED_RECOVERY_DELAY: '0' })).toBe(0)
    expect(embeddedRecoveryDelaySeconds({ NODE_ENV: 'production', APP_ORIGIN: 'http://localhost:3000', EMBEDDED_RECOVERY_DELAY: '5s' })).toBe(5)
    expect(() => embeddedRecoveryDelaySeconds({ NODE_ENV: 'production', APP_ORIGIN: 'https://sigil.example', EMBEDDED_RECOVERY_DELAY: '30m' })).toThrow(/at least 3600 seconds in production/)
    expect(embeddedRecoveryDelaySeconds({ NODE_ENV: 'production', APP_ORIGIN: 'https://sigil.example', EMBEDDED_RECOVERY_DELAY: '1h' })).toBe(3600)
  })
})

describe('the public configuration, kept per environment', () => {
  it('is the same frozen object for the same parsed environment, and read again for another', () => {
    const env = parseEnv({ NODE_ENV: 'production', APP_ORIGIN: 'https://sigil.example', SESSION_SECRET: 'x'.repeat(64) })
    const first = getPublicConfig(familySettings, env)
    expect(getPublicConfig(familySettings, env)).toBe(first)
    expect(Object.isFrozen(first)).toBe(true)
    expect(Object.isFrozen(first.appOrigins)).toBe(true)
    expect(() => (first.appOrigins as string[]).push('https://evil.example')).toThrow(TypeError)
    const other = parseEnv({ NODE_ENV: 'production', APP_ORIGIN: 'https://other.example', SESSION_SECRET: 'x'.repeat(64) })
    expect(getPublicConfig(familySettings, other).appOrigins).toEqual(['https://other.example'])
    expect(getPublicConfig(familySettings, env).appOrigins).toEqual(['https://sigil.example'])
  })

  it('keeps no answer for a setting that does not parse: each read meets the error again', () => {
    const env = parseEnv({ NODE_ENV: 'test', COINBASE_PREFERENCE: 'sometimes' })
    expect(() => getPublicConfig(familySettings, env)).toThrow(/COINBASE_PREFERENCE/)
    expect(() => getPublicConfig(familySettings, env)).toThrow(/COINBASE_PREFERENCE/)
  })
})
