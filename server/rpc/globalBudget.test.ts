import { describe, expect, it } from 'vitest'
import type { RateLimitHit } from '@/server/store/types'
import { BUDGET_STORE_RETRY_MS, GlobalBudget } from './globalBudget'

/** The store's fixed-window `hit`, in memory, counting its writes. */
function fakeStore() {
  const windows = new Map<string, { count: number; resetAt: number }>()
  const store = {
    writes: 0,
    async hit(key: string, windowMs: number, now: Date): Promise<RateLimitHit> {
      store.writes += 1
      let window = windows.get(key)
      if (!window || window.resetAt <= now.getTime()) {
        window = { count: 0, resetAt: now.getTime() + windowMs }
        windows.set(key, window)
      }
      window.count += 1
      return { count: window.count, resetAt: new Date(window.resetAt) }
    },
  }
  return store
}

describe('GlobalBudget', () => {
  it('spends leases of 50 from memory, one store write each, up to the budget per window, then again in the next window', async () => {
    const store = fakeStore()
    const budget = new GlobalBudget({ store: async () => store, perMinute: () => 120 })
    let granted = 0
    for (let call = 0; call < 200; call += 1) if ((await budget.take(1, 1, 1_000)).ok) granted += 1
    expect(granted).toBe(120)
    expect(store.writes).toBe(4) // 50 + 50 + 20, then one that finds the window spent
    const refused = await budget.take(1, 1, 1_000)
    expect(refused).toEqual({ ok: false, retryAfterMs: 60_000 })
    // Another chain has its own budget.
    expect((await budget.take(8453, 1, 1_000)).ok).toBe(true)
    // The next window starts afresh.
    expect((await budget.take(1, 1, 61_000)).ok).toBe(true)
  })

  it('a take larger than one lease (a batch of full blocks, 10 calls each) leases as many as it needs, and no more than the budget', async () => {
    const store = fakeStore()
    const budget = new GlobalBudget({ store: async () => store, perMinute: () => 300 })
    expect(await budget.take(1, 200, 0)).toEqual({ ok: true })
    expect(store.writes).toBe(4)
    // 100 of the 300 are left, two leases in the store: 150 is refused, and the two it leased serve the next 100.
    expect(await budget.take(1, 150, 0)).toMatchObject({ ok: false })
    expect(await budget.take(1, 100, 0)).toEqual({ ok: true })
    expect(await budget.take(1, 1, 0)).toMatchObject({ ok: false })
  })

  it('a budget under one lease is one partial lease', async () => {
    const store = fakeStore()
    const budget = new GlobalBudget({ store: async () => store, perMinute: () => 7 })
    const verdicts = await Promise.all(Array.from({ length: 10 }, () => budget.take(1, 1, 0)))
    expect(verdicts.filter((verdict) => verdict.ok)).toHaveLength(7)
  })

  it('concurrent requests wait for one lease instead of each writing to the store', async () => {
    const store = fakeStore()
    const budget = new GlobalBudget({ store: async () => store, perMinute: () => 1000 })
    const verdicts = await Promise.all(Array.from({ length: 40 }, () => budget.take(1, 1, 0)))
    expect(verdicts.every((verdict) => verdict.ok)).toBe(true)
    expect(store.writes).toBe(1)
  })

  it('fails closed while the store fails, and asks again after a pause', async () => {
    let fail = true
    const store = fakeStore()
    const log: string[] = []
    const budget = new GlobalBudget({
      store: async () => ({ hit: (...args: Parameters<typeof store.hit>) => (fail ? Promise.reject(new Error('down')) : store.hit(...args)) }),
      perMinute: () => 100,
      log: (line) => log.push(line),
    })
    expect(await budget.take(1, 1, 0)).toEqual({ ok: false, retryAfterMs: BUDGET_STORE_RETRY_MS })
    fail = false
    expect((await budget.take(1, 1, 1_000)).ok).toBe(false)
    expect((await budget.take(1, 1, BUDGET_STORE_RETRY_MS)).ok).toBe(true)
    expect(log).toHaveLength(1)
  })
})
