import { afterEach, describe, expect, it, vi } from 'vitest'
import { readOncePerProcess } from './readOncePerProcess'

afterEach(() => vi.unstubAllEnvs())

describe('readOncePerProcess', () => {
  it('reads once in production, where the environment is fixed for the process', () => {
    vi.stubEnv('NODE_ENV', 'production')
    const read = vi.fn(() => ({ origin: process.env.APP_ORIGIN }))
    const config = readOncePerProcess(read)
    vi.stubEnv('APP_ORIGIN', 'https://a.example')
    expect(config()).toEqual({ origin: 'https://a.example' })
    vi.stubEnv('APP_ORIGIN', 'https://b.example')
    expect(config()).toEqual({ origin: 'https://a.example' })
    expect(read).toHaveBeenCalledTimes(1)
  })

  it('reads on every call elsewhere', () => {
    vi.stubEnv('NODE_ENV', 'development')
    const config = readOncePerProcess(() => process.env.APP_ORIGIN)
    vi.stubEnv('APP_ORIGIN', 'https://a.example')
    expect(config()).toBe('https://a.example')
    vi.stubEnv('APP_ORIGIN', 'https://b.example')
    expect(config()).toBe('https://b.example')
  })

  it('keeps no failed read: a misconfiguration is met (and reported) again', () => {
    vi.stubEnv('NODE_ENV', 'production')
    let calls = 0
    const config = readOncePerProcess(() => {
      calls += 1
      if (calls === 1) throw new Error('APP_ORIGIN is required in production')
      return 'fixed'
    })
    expect(() => config()).toThrow('APP_ORIGIN is required')
    expect(config()).toBe('fixed')
    expect(config()).toBe('fixed')
    expect(calls).toBe(2)
  })
})
