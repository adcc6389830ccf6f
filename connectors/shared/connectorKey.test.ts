import { describe, expect, it } from 'vitest'
import { connectorKey } from './connectorKey'

describe('connectorKey', () => {
  it('lowercases the name and drops non-word characters', () => {
    expect(connectorKey('Trust Wallet')).toBe('trustwallet')
    expect(connectorKey('OKX Wallet')).toBe('okxwallet')
    expect(connectorKey('Coinbase Wallet (Smart)')).toBe('coinbasewalletsmart')
  })
  it('keeps underscores and digits (they are word characters)', () => {
    expect(connectorKey('Wallet_3 Pro')).toBe('wallet_3pro')
  })
  it('prefers the override key when one is set', () => {
    expect(connectorKey('Trust Wallet', 'trust')).toBe('trust')
  })
  it('ignores an empty override key', () => {
    expect(connectorKey('Rabby', '')).toBe('rabby')
  })
})
