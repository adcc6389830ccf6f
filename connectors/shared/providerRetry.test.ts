import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ProviderNotFoundError, ProviderNotFoundInitError } from '@sigil/lib/errors/wallet'
import { getProviderWithRetry, PROVIDER_RETRY_WAIT_MS, requireInitProvider } from './providerRetry'

describe('provider retry', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('returns the provider at once when there is one, without resetting', async () => {
    const reset = vi.fn()
    const provider = {}
    await expect(getProviderWithRetry({ getProvider: () => provider, reset, init: vi.fn() })).resolves.toBe(provider)
    expect(reset).not.toHaveBeenCalled()
  })

  it('resets, re-initialises, waits 1000 ms and fails with "No provider found" when there is still none', async () => {
    expect(PROVIDER_RETRY_WAIT_MS).toBe(1000)
    const order: string[] = []
    const getProvider = vi.fn(() => {
      order.push('look')
      return undefined
    })
    const reset = vi.fn(() => void order.push('reset'))
    const init = vi.fn(async () => {
      order.push('init')
      throw new ProviderNotFoundInitError()
    })
    const settled = vi.fn()
    const result = getProviderWithRetry({ getProvider, reset, init })
    result.catch(settled)
    await vi.advanceTimersByTimeAsync(999)
    expect(settled).not.toHaveBeenCalled()
    expect(getProvider).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(order).toEqual(['look', 'reset', 'init', 'look'])
    const error = settled.mock.calls[0]?.[0]
    expect(error).toBeInstanceOf(ProviderNotFoundError)
    expect((error as Error).message).toBe('No provider found')
  })

  it('returns the provider that appeared during the 1000 ms wait', async () => {
    const provider = {}
    let available: object | undefined
    const result = getProviderWithRetry({ getProvider: () => available, reset: vi.fn(), init: async () => undefined })
    await vi.advanceTimersByTimeAsync(500)
    available = provider
    await vi.advanceTimersByTimeAsync(500)
    await expect(result).resolves.toBe(provider)
  })
})

describe('requireInitProvider', () => {
  it('fails with "No provider found (init connection)" when initialising found none', () => {
    expect(() => requireInitProvider(undefined)).toThrow(ProviderNotFoundInitError)
    expect(() => requireInitProvider(null)).toThrow('No provider found (init connection)')
  })
  it('returns the provider otherwise', () => {
    const provider = { request: () => {} }
    expect(requireInitProvider(provider)).toBe(provider)
  })
})
