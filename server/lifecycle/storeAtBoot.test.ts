import { afterEach, describe, expect, it, vi } from 'vitest'
import { healthResponse } from './health'
import { openStoreAtBoot, storeStarting } from './storeAtBoot'

/**
 * Issue 28: `register` starts opening the store (and warming the home page) and returns, so pages are
 * served at once; the health check answers 503 `{"status":"starting"}` until both are done, then as
 * before.
 */
const key = Symbol.for('sigil.storeAtBoot')
const storeKey = Symbol.for('sigil.store')

function deferred<T>() {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

/** Lets the promise callbacks run. */
const flush = () => new Promise((resolve) => setTimeout(resolve, 0))

afterEach(() => {
  delete (globalThis as Record<symbol, unknown>)[key]
  delete (globalThis as Record<symbol, unknown>)[storeKey]
  vi.useRealTimers()
})

describe('opening the store at start-up', () => {
  it('returns at once; "starting" until the opening settles; a second call does nothing', async () => {
    const opening = deferred<unknown>()
    const open = vi.fn(() => opening.promise)
    expect(storeStarting()).toBe(false)
    openStoreAtBoot({ open })
    expect(open).toHaveBeenCalledTimes(1)
    expect(storeStarting()).toBe(true)
    openStoreAtBoot({ open })
    expect(open).toHaveBeenCalledTimes(1)
    opening.resolve({})
    await flush()
    expect(storeStarting()).toBe(false)
  })

  it('with a warm-up: it begins once the store is open; "starting" until it has settled; a failed warm-up is logged', async () => {
    const opening = deferred<unknown>()
    const warming = deferred<unknown>()
    const log = vi.fn()
    const warm = vi.fn(() => warming.promise)
    openStoreAtBoot({ open: () => opening.promise, warm, log })
    await flush()
    expect(warm).not.toHaveBeenCalled()
    opening.resolve({})
    await flush()
    expect(warm).toHaveBeenCalledOnce()
    expect(storeStarting()).toBe(true)
    warming.reject(new Error('GET / answered 500'))
    await flush()
    expect(storeStarting()).toBe(false)
    expect(log).toHaveBeenCalledWith("[sigil] the first page could not be rendered at start-up (the first visitor's request will): GET / answered 500")
  })

  it('a failed opening ends "starting" and is logged, not thrown', async () => {
    const opening = deferred<unknown>()
    const log = vi.fn()
    openStoreAtBoot({ open: () => opening.promise, log })
    opening.reject(new Error('locked'))
    await flush()
    expect(storeStarting()).toBe(false)
    expect(log).toHaveBeenCalledWith('[sigil] the store could not be opened at start-up: locked')
  })

  it('an opening that hangs stops counting as "starting" after the wait', () => {
    vi.useFakeTimers()
    const log = vi.fn()
    openStoreAtBoot({ open: () => new Promise(() => {}), waitMs: 60_000, log })
    vi.advanceTimersByTime(59_999)
    expect(storeStarting()).toBe(true)
    vi.advanceTimersByTime(1)
    expect(storeStarting()).toBe(false)
    expect(log).toHaveBeenCalledOnce()
  })
})

describe('GET /api/health during start-up', () => {
  it('503 {"status":"starting"} with Retry-After while the store opens, then 200 ok', async () => {
    const opening = deferred<{ ping: () => Promise<void> }>()
    // The process-wide store (server/store/openStore.ts) is this same opening.
    ;(globalThis as Record<symbol, unknown>)[storeKey] = opening.promise
    openStoreAtBoot({ open: () => opening.promise })
    const early = await healthResponse()
    expect(early.status).toBe(503)
    expect(early.headers.get('retry-after')).toBe('1')
    expect(early.headers.get('cache-control')).toBe('no-store')
    expect(await early.json()).toEqual({ status: 'starting' })
    opening.resolve({ ping: async () => {} })
    await flush()
    const ready = await healthResponse()
    expect(ready.status).toBe(200)
    expect(await ready.json()).toEqual({ status: 'ok' })
  })

  it('with a Postgres server: tries again every 2 s; still unreachable after 60 s, stops with one line naming DATABASE_URL', async () => {
    vi.useFakeTimers()
    const open = vi.fn(() => Promise.reject(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })))
    const exit = vi.fn()
    const lines: string[] = []
    openStoreAtBoot({ open, log: (line) => lines.push(line), stopWhenUnreachable: { setting: 'DATABASE_URL', exit } })
    await vi.advanceTimersByTimeAsync(59_000)
    expect(exit).not.toHaveBeenCalled()
    expect(open.mock.calls.length).toBeGreaterThanOrEqual(29)
    await vi.advanceTimersByTimeAsync(2_000)
    expect(exit).toHaveBeenCalledTimes(1)
    expect(exit).toHaveBeenCalledWith('[sigil] Sigil cannot start: DATABASE_URL: the store did not open within 60 s (connect ECONNREFUSED 127.0.0.1:5432)')
    // Meanwhile the health check said what a load balancer needs: not starting, the store unavailable.
    expect(storeStarting()).toBe(false)
  })

  it('with a Postgres server that comes up within the 60 s: serves on, no stop', async () => {
    vi.useFakeTimers()
    let up = false
    const open = vi.fn(() => (up ? Promise.resolve({}) : Promise.reject(new Error('connect ECONNREFUSED'))))
    const exit = vi.fn()
    const lines: string[] = []
    openStoreAtBoot({ open, log: (line) => lines.push(line), stopWhenUnreachable: { setting: 'DATABASE_URL', exit } })
    await vi.advanceTimersByTimeAsync(10_000)
    up = true
    await vi.advanceTimersByTimeAsync(60_000)
    expect(exit).not.toHaveBeenCalled()
    expect(lines).toContain('[sigil] the store is open')
    expect(storeStarting()).toBe(false)
  })
})
