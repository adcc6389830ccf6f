import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { LATE_INJECTION_TIMEOUT_MS, waitForLateInjection } from './lateInjection'

describe('waitForLateInjection', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('resolves at once when window.ethereum is already there', async () => {
    const win = Object.assign(new EventTarget(), { ethereum: {} })
    await expect(waitForLateInjection(win)).resolves.toBeUndefined()
  })

  it('resolves on ethereum#initialized (MetaMask Mobile injects after load)', async () => {
    const win = new EventTarget()
    const done = vi.fn()
    waitForLateInjection(win).then(done)
    await vi.advanceTimersByTimeAsync(100)
    expect(done).not.toHaveBeenCalled()
    win.dispatchEvent(new Event('ethereum#initialized'))
    await vi.advanceTimersByTimeAsync(0)
    expect(done).toHaveBeenCalled()
    expect(vi.getTimerCount()).toBe(0)
  })

  it('gives up after 3000 ms', async () => {
    expect(LATE_INJECTION_TIMEOUT_MS).toBe(3000)
    const done = vi.fn()
    waitForLateInjection(new EventTarget()).then(done)
    await vi.advanceTimersByTimeAsync(2999)
    expect(done).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    expect(done).toHaveBeenCalled()
  })

  it('shares one wait per window, so the page waits at most once', async () => {
    const win = new EventTarget()
    const first = waitForLateInjection(win)
    expect(waitForLateInjection(win)).toBe(first)
    await vi.advanceTimersByTimeAsync(3000)
    const later = vi.fn()
    waitForLateInjection(win).then(later)
    await vi.advanceTimersByTimeAsync(0)
    expect(later).toHaveBeenCalled()
  })
})
