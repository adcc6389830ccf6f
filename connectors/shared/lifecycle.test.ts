import { describe, expect, it, vi } from 'vitest'
import { createLifecycle } from './lifecycle'

function deferred<T>() {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

describe('connector lifecycle', () => {
  it('goes uninitialised → initialising → initialised', async () => {
    const gate = deferred<string>()
    const lifecycle = createLifecycle(() => gate.promise)
    expect(lifecycle.status).toBe('uninitialised')
    const init = lifecycle.init()
    expect(lifecycle.status).toBe('initialising')
    gate.resolve('provider')
    await expect(init).resolves.toBe('provider')
    expect(lifecycle.status).toBe('initialised')
    expect(lifecycle.value).toBe('provider')
  })

  it('shares one promise between concurrent init() calls and initialises once', async () => {
    const gate = deferred<object>()
    const initialise = vi.fn(() => gate.promise)
    const lifecycle = createLifecycle(initialise)
    const first = lifecycle.init()
    const second = lifecycle.init()
    expect(second).toBe(first)
    const provider = {}
    gate.resolve(provider)
    const [a, b] = await Promise.all([first, second])
    expect(a).toBe(provider)
    expect(b).toBe(provider)
    expect(initialise).toHaveBeenCalledTimes(1)
  })

  it('does not initialise again once initialised', async () => {
    const initialise = vi.fn(async () => 1)
    const lifecycle = createLifecycle(initialise)
    await lifecycle.init()
    await lifecycle.init()
    expect(initialise).toHaveBeenCalledTimes(1)
  })

  it('returns to uninitialised after a failed init, so the next call retries', async () => {
    const initialise = vi.fn().mockRejectedValueOnce(new Error('no provider')).mockResolvedValueOnce('ok')
    const lifecycle = createLifecycle<string>(initialise)
    await expect(lifecycle.init()).rejects.toThrow('no provider')
    expect(lifecycle.status).toBe('uninitialised')
    await expect(lifecycle.init()).resolves.toBe('ok')
    expect(initialise).toHaveBeenCalledTimes(2)
  })

  it('reset() returns to uninitialised and the next init() starts afresh', async () => {
    let count = 0
    const lifecycle = createLifecycle(async () => ++count)
    await lifecycle.init()
    lifecycle.reset()
    expect(lifecycle.status).toBe('uninitialised')
    expect(lifecycle.value).toBeUndefined()
    await expect(lifecycle.init()).resolves.toBe(2)
  })

  it('an init disowned by reset() cannot mark the lifecycle initialised when it settles late', async () => {
    const gate = deferred<string>()
    const lifecycle = createLifecycle(() => gate.promise)
    const stale = lifecycle.init()
    lifecycle.reset()
    gate.resolve('stale provider')
    await stale
    expect(lifecycle.status).toBe('uninitialised')
    expect(lifecycle.value).toBeUndefined()
  })
})
