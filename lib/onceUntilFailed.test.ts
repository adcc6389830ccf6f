import { describe, expect, it } from 'vitest'
import { onceUntilFailed, onceUntilFailedByKey } from './onceUntilFailed'

describe('onceUntilFailed', () => {
  it('starts the load once and gives every caller the same promise', async () => {
    let starts = 0
    const load = onceUntilFailed(async () => ++starts)
    expect(load.current).toBeUndefined()
    const first = load()
    expect(load()).toBe(first)
    expect(load.current).toBe(first)
    expect(await first).toBe(1)
    expect(await load()).toBe(1)
    expect(starts).toBe(1)
  })

  it('forgets a load that failed: its callers see the failure, the next call starts afresh', async () => {
    let starts = 0
    const load = onceUntilFailed(() => (++starts === 1 ? Promise.reject(new Error('offline')) : Promise.resolve(starts)))
    const failed = load()
    // A caller that asks while it is on its way shares it, failure included.
    expect(load()).toBe(failed)
    await expect(failed).rejects.toThrow('offline')
    expect(load.current).toBeUndefined()
    expect(await load()).toBe(2)
    expect(await load()).toBe(2)
    expect(starts).toBe(2)
  })

  it('does not keep a load that threw before it could start', async () => {
    let starts = 0
    const load = onceUntilFailed(() => {
      if (++starts === 1) throw new Error('no loader')
      return Promise.resolve(starts)
    })
    await expect(load()).rejects.toThrow('no loader')
    expect(load.current).toBeUndefined()
    expect(await load()).toBe(2)
  })
})

describe('onceUntilFailedByKey', () => {
  it('shares one load per key, starts afresh after a failure, and keeps at most `max` keys', async () => {
    const cache = onceUntilFailedByKey<string>(2)
    let runs = 0
    const load = (value: string) => () => {
      runs++
      return Promise.resolve(value)
    }
    expect(await Promise.all([cache('a', load('A')), cache('a', load('other'))])).toEqual(['A', 'A'])
    expect(runs).toBe(1)
    await expect(cache('b', () => Promise.reject(new Error('offline')))).rejects.toThrow('offline')
    expect(await cache('b', load('B'))).toBe('B')
    expect(runs).toBe(2)
    // A third key drops the oldest: `a` is computed again.
    expect(await cache('c', load('C'))).toBe('C')
    expect(await cache('a', load('A2'))).toBe('A2')
    expect(runs).toBe(4)
  })
})
