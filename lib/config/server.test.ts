import { describe, expect, it } from 'vitest'
import { coinbaseKeysUrl, coinbasePreference, getPublicConfig } from './server'

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
    expect(getPublicConfig({ ...local, APP_ORIGIN: 'https://sigil.example' }).coinbaseKeysUrl).toBeUndefined()
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
    expect(getPublicConfig({ NODE_ENV: 'test' }).coinbasePreference).toBeUndefined()
  })

  it.each(['all', 'smartWalletOnly', 'eoaOnly'] as const)('passes %s through the public config', (value) => {
    expect(getPublicConfig({ NODE_ENV: 'test', COINBASE_PREFERENCE: value }).coinbasePreference).toBe(value)
  })

  it('fails with a clear message on any other value', () => {
    expect(() => coinbasePreference({ COINBASE_PREFERENCE: 'smartwallet' })).toThrow(
      'COINBASE_PREFERENCE must be one of all, smartWalletOnly, eoaOnly, got "smartwallet".',
    )
    expect(() => getPublicConfig({ NODE_ENV: 'test', COINBASE_PREFERENCE: 'both' })).toThrow(/COINBASE_PREFERENCE/)
  })
})
