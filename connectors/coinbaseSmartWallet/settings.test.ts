import { describe, expect, it } from 'vitest'
import { EnvError } from '@sigil/lib/config/envError'
import { coinbaseSmartWalletSettings } from './settings'

const loopback = { production: true, localChain: true, appOrigins: ['http://127.0.0.1:3000'] }
const KEYS = 'http://127.0.0.1:4555/connect'

describe('the Coinbase Smart Wallet’s settings', () => {
  it('leaves both unset by default', () => {
    expect(coinbaseSmartWalletSettings.parse({}, loopback)).toEqual({ coinbaseKeysUrl: undefined, coinbasePreference: undefined })
  })

  it('honours COINBASE_KEYS_URL only with the local chain on and every app origin on loopback', () => {
    expect(coinbaseSmartWalletSettings.parse({ COINBASE_KEYS_URL: KEYS }, loopback).coinbaseKeysUrl).toBe(KEYS)
    expect(coinbaseSmartWalletSettings.parse({ COINBASE_KEYS_URL: KEYS }, { ...loopback, localChain: false }).coinbaseKeysUrl).toBeUndefined()
    expect(coinbaseSmartWalletSettings.parse({ COINBASE_KEYS_URL: KEYS }, { ...loopback, appOrigins: ['http://127.0.0.1:3000', 'https://sigil.example'] }).coinbaseKeysUrl).toBeUndefined()
  })

  it.each([
    ['COINBASE_PREFERENCE', 'every', 'COINBASE_PREFERENCE must be one of all, smartWalletOnly, eoaOnly, got "every".'],
    ['COINBASE_KEYS_URL', 'https://keys.example/connect', 'COINBASE_KEYS_URL must be a loopback http(s) address, got "https://keys.example/connect".'],
  ] as const)('%s=%s: a typed error naming it', (variable, value, message) => {
    const parse = () => coinbaseSmartWalletSettings.parse({ [variable]: value }, loopback)
    expect(parse).toThrow(EnvError)
    expect(parse).toThrow(expect.objectContaining({ variable, message, code: 'env_invalid' }))
  })
})
