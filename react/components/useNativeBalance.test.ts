import { describe, expect, it } from 'vitest'
import { BALANCE_BACKOFF_MAX_MS, BALANCE_POLL_MS, nextBalanceReadDelay } from './useNativeBalance'

describe('nextBalanceReadDelay', () => {
  it('reads every 4 s while the RPC answers', () => {
    expect(nextBalanceReadDelay(0)).toBe(BALANCE_POLL_MS)
  })

  it('doubles the wait after each failed read, up to a minute (a chain that is not running is not asked every 4 s)', () => {
    expect([1, 2, 3, 4, 5, 6].map(nextBalanceReadDelay)).toEqual([8_000, 16_000, 32_000, 60_000, 60_000, 60_000])
    expect(nextBalanceReadDelay(10_000)).toBe(BALANCE_BACKOFF_MAX_MS)
  })
})
