import { describe, expect, it } from 'vitest'
import { isTestClockEnabled, isTestRequest, TEST_SECRET_HEADER } from './clock'

describe('the test-only server hooks', () => {
  const loopback = ['http://localhost:3000']
  const secret = 'k3Y9wS2vXq7LmN4pR8tB1cF6hJ0dG5aZ'
  const testEnv = { EMBEDDED_TEST_CLOCK: secret, NODE_ENV: 'production', ENABLE_LOCAL_CHAIN: '1' }
  const request = (headers: Record<string, string> = {}) => new Request('http://localhost:3000/api/embedded/test-clock', { method: 'POST', headers })

  it('are on only with a 32+ character EMBEDDED_TEST_CLOCK secret, the local chain and loopback origins', () => {
    expect(isTestClockEnabled(testEnv, loopback)).toBe(true)
    expect(isTestClockEnabled({ EMBEDDED_TEST_CLOCK: secret, NODE_ENV: 'development' }, loopback)).toBe(true)
  })

  it('are off with a guessable flag instead of a secret', () => {
    expect(isTestClockEnabled({ ...testEnv, EMBEDDED_TEST_CLOCK: '1' }, loopback)).toBe(false)
    expect(isTestClockEnabled({ ...testEnv, EMBEDDED_TEST_CLOCK: secret.slice(0, 31) }, loopback)).toBe(false)
    expect(isTestClockEnabled({ ...testEnv, EMBEDDED_TEST_CLOCK: `${secret} with spaces` }, loopback)).toBe(false)
  })

  it('are off in a production deployment whatever the secret', () => {
    expect(isTestClockEnabled({ EMBEDDED_TEST_CLOCK: secret, NODE_ENV: 'production' }, loopback)).toBe(false)
    expect(isTestClockEnabled(testEnv, ['https://sigil.example'])).toBe(false)
    expect(isTestClockEnabled(testEnv, [...loopback, 'https://sigil.example'])).toBe(false)
    expect(isTestClockEnabled({ NODE_ENV: 'development' }, loopback)).toBe(false)
    expect(isTestClockEnabled({ EMBEDDED_TEST_CLOCK: secret, NODE_ENV: 'development' }, [])).toBe(false)
  })

  it('answer only a request that carries the secret', () => {
    expect(isTestRequest(request({ [TEST_SECRET_HEADER]: secret }), testEnv, loopback)).toBe(true)
    expect(isTestRequest(request(), testEnv, loopback)).toBe(false)
    expect(isTestRequest(request({ [TEST_SECRET_HEADER]: `${secret.slice(0, -1)}x` }), testEnv, loopback)).toBe(false)
    expect(isTestRequest(request({ [TEST_SECRET_HEADER]: secret.slice(0, 8) }), testEnv, loopback)).toBe(false)
    expect(isTestRequest(request({ [TEST_SECRET_HEADER]: secret }), { ...testEnv, ENABLE_LOCAL_CHAIN: undefined }, loopback)).toBe(false)
  })
})
