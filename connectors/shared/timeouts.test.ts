import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { RequestTimeoutError } from '@sigil/lib/errors/wallet'
import { ACCOUNTS_TIMEOUT_MS, CHAIN_ID_TIMEOUT_MS, requestAccounts, requestChainId, withRequestTimeout } from './timeouts'

const never = () => new Promise<never>(() => {})

describe('request timeouts', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('uses the spec limits: 1000 ms for eth_chainId, 500 ms for eth_accounts', () => {
    expect(CHAIN_ID_TIMEOUT_MS).toBe(1000)
    expect(ACCOUNTS_TIMEOUT_MS).toBe(500)
  })

  it('eth_chainId times out after exactly 1000 ms with RequestTimeoutError', async () => {
    const request = vi.fn(never)
    const result = requestChainId(request)
    const settled = vi.fn()
    result.catch(settled)
    await vi.advanceTimersByTimeAsync(999)
    expect(settled).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    expect(settled).toHaveBeenCalledWith(expect.any(RequestTimeoutError))
    expect(request).toHaveBeenCalledWith({ method: 'eth_chainId' })
    const error = settled.mock.calls[0]?.[0] as RequestTimeoutError
    expect(error.code).toBe('request_timeout')
    expect(error.details).toBe('eth_chainId did not answer within 1000 ms')
  })

  it('eth_accounts times out after exactly 500 ms with RequestTimeoutError', async () => {
    const request = vi.fn(never)
    const settled = vi.fn()
    requestAccounts(request).catch(settled)
    await vi.advanceTimersByTimeAsync(499)
    expect(settled).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    expect(settled).toHaveBeenCalledWith(expect.any(RequestTimeoutError))
    expect((settled.mock.calls[0]?.[0] as RequestTimeoutError).details).toBe('eth_accounts did not answer within 500 ms')
  })

  it('returns the answer of a wallet that replies in time and clears its timer', async () => {
    const request = vi.fn(async () => '0x2105')
    await expect(requestChainId(request)).resolves.toBe('0x2105')
    expect(vi.getTimerCount()).toBe(0)
  })

  it('passes a wallet error through unchanged', async () => {
    const failure = Object.assign(new Error('nope'), { code: 4100 })
    await expect(requestAccounts(async () => Promise.reject(failure))).rejects.toBe(failure)
    expect(vi.getTimerCount()).toBe(0)
  })

  it('turns a request function that throws synchronously into a rejection without leaving a timer', async () => {
    const broken = () => {
      throw new TypeError('request is not a function')
    }
    await expect(withRequestTimeout('eth_chainId', 1000, broken)).rejects.toThrow(TypeError)
    expect(vi.getTimerCount()).toBe(0)
  })
})
