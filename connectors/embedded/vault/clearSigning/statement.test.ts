import { maxUint160, maxUint256 } from 'viem'
import { describe, expect, it } from 'vitest'
import { isRevoke, tokenAmount, warningsOf, type ClearStatement } from './statement'

const USDC = { symbol: 'USDC', name: 'USD Coin', decimals: 6 }
const TOKEN = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
const SPENDER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const NOW = Date.UTC(2026, 0, 1)
const DAY = 24 * 60 * 60 * 1000

describe('tokenAmount', () => {
  it('formats with the token’s decimals, or leaves the amount raw for an unknown token', () => {
    expect(tokenAmount(25_500_000n, 256, USDC)).toEqual({ kind: 'amount', raw: 25_500_000n, formatted: '25.5', symbol: 'USDC' })
    expect(tokenAmount(25_500_000n, 256, undefined)).toEqual({ kind: 'amount', raw: 25_500_000n, formatted: undefined, symbol: undefined })
  })

  it('calls everything from half the type’s range up unlimited: uint256 max, 2^255, uint160 max', () => {
    expect(tokenAmount(maxUint256, 256, USDC)).toEqual({ kind: 'unlimited' })
    expect(tokenAmount(2n ** 255n, 256, USDC)).toEqual({ kind: 'unlimited' })
    expect(tokenAmount(2n ** 255n - 1n, 256, USDC).kind).toBe('amount')
    expect(tokenAmount(maxUint160, 160, undefined)).toEqual({ kind: 'unlimited' })
    expect(tokenAmount(maxUint160, 256, undefined).kind).toBe('amount')
  })
})

describe('warningsOf', () => {
  const approve = (amount: bigint, until?: Date): ClearStatement => ({
    kind: 'approve',
    token: TOKEN,
    spender: SPENDER,
    amount: tokenAmount(amount, 256, USDC),
    until,
    via: until ? 'permit2' : 'approve',
  })

  it('warns of an unlimited approval that never ends', () => {
    expect(warningsOf(approve(maxUint256), NOW)).toEqual(['unlimited', 'longLived'])
  })

  it('warns of a limited approval only when it lasts more than a year', () => {
    expect(warningsOf(approve(1n), NOW)).toEqual(['longLived'])
    expect(warningsOf(approve(1n, new Date(NOW + 30 * DAY)), NOW)).toEqual([])
    expect(warningsOf(approve(1n, new Date(NOW + 400 * DAY)), NOW)).toEqual(['longLived'])
  })

  it('does not warn of a revocation (an approval of 0)', () => {
    expect(isRevoke(approve(0n))).toBe(true)
    expect(warningsOf(approve(0n), NOW)).toEqual([])
  })

  it('warns of an approval of a whole collection, not of its revocation', () => {
    const approveAll = (approved: boolean): ClearStatement => ({ kind: 'approveAll', collection: TOKEN, operator: SPENDER, approved })
    expect(warningsOf(approveAll(true), NOW)).toEqual(['approveAll'])
    expect(warningsOf(approveAll(false), NOW)).toEqual([])
  })

  it('warns of a batch when one of its items is unlimited or long-lived', () => {
    const soon = new Date(NOW + DAY)
    const batch = (amount: bigint, until?: Date): ClearStatement => ({
      kind: 'permitBatch',
      spender: SPENDER,
      items: [
        { token: TOKEN, amount: tokenAmount(1n, 160, USDC), until: soon },
        { token: TOKEN, amount: tokenAmount(amount, 160, USDC), until },
      ],
    })
    expect(warningsOf(batch(maxUint160, soon), NOW)).toEqual(['unlimited'])
    expect(warningsOf(batch(5n), NOW)).toEqual(['longLived'])
    expect(warningsOf(batch(0n), NOW)).toEqual([])
  })

  it('warns of an unlimited one-off transfer permit, and never of a plain transfer', () => {
    const permitTransfer: ClearStatement = { kind: 'permitTransfer', spender: SPENDER, items: [{ token: TOKEN, amount: { kind: 'unlimited' } }] }
    expect(warningsOf(permitTransfer, NOW)).toEqual(['unlimited'])
    const transfer: ClearStatement = { kind: 'transfer', token: TOKEN, to: SPENDER, amount: tokenAmount(1n, 256, USDC) }
    expect(warningsOf(transfer, NOW)).toEqual([])
  })
})
