import { describe, expect, it } from 'vitest'
import { SigilError } from '@sigil/lib/errors/SigilError'
import { coinbaseSmartWallet } from './messages'
import { CoinbasePreferenceInvalidError } from './errors'
import { parseCoinbasePreference } from './preference'

describe('parseCoinbasePreference', () => {
  it('defaults to smartWalletOnly', () => {
    expect(parseCoinbasePreference(undefined)).toBe('smartWalletOnly')
  })

  it('accepts the three options of the SDK', () => {
    for (const option of ['all', 'smartWalletOnly', 'eoaOnly']) expect(parseCoinbasePreference(option)).toBe(option)
  })

  it.each([['smartwalletonly'], [''], [null], [1], [{ options: 'all' }]])('refuses %j with a typed error carrying the catalogue message', (value) => {
    let caught: unknown
    try {
      parseCoinbasePreference(value)
    } catch (error) {
      caught = error
    }
    expect(caught).toBeInstanceOf(CoinbasePreferenceInvalidError)
    expect(caught).toBeInstanceOf(SigilError)
    expect(caught).toMatchObject({ code: 'coinbase_invalid_preference', message: coinbaseSmartWallet.errors.coinbase_invalid_preference })
    expect((caught as SigilError).metaMessages).toContain('Allowed: all, smartWalletOnly, eoaOnly.')
  })
})
