import { describe, expect, it } from 'vitest'
import { isTestClockEnabled } from './clock'

describe('the test-only server clock hook', () => {
  const loopback = ['http://localhost:3000']
  it('is on only with EMBEDDED_TEST_CLOCK=1, the local chain and loopback origins', () => {
    expect(isTestClockEnabled({ EMBEDDED_TEST_CLOCK: '1', NODE_ENV: 'production', ENABLE_LOCAL_CHAIN: '1' }, loopback)).toBe(true)
    expect(isTestClockEnabled({ EMBEDDED_TEST_CLOCK: '1', NODE_ENV: 'development' }, loopback)).toBe(true)
  })

  it('is off in a production deployment whatever the flag says', () => {
    expect(isTestClockEnabled({ EMBEDDED_TEST_CLOCK: '1', NODE_ENV: 'production' }, loopback)).toBe(false)
    expect(isTestClockEnabled({ EMBEDDED_TEST_CLOCK: '1', NODE_ENV: 'production', ENABLE_LOCAL_CHAIN: '1' }, ['https://sigil.example'])).toBe(false)
    expect(isTestClockEnabled({ EMBEDDED_TEST_CLOCK: '1', NODE_ENV: 'production', ENABLE_LOCAL_CHAIN: '1' }, [...loopback, 'https://sigil.example'])).toBe(false)
    expect(isTestClockEnabled({ NODE_ENV: 'development' }, loopback)).toBe(false)
    expect(isTestClockEnabled({ EMBEDDED_TEST_CLOCK: '1', NODE_ENV: 'development' }, [])).toBe(false)
  })
})
