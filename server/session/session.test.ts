import { describe, expect, it } from 'vitest'
import { shouldUseSecureCookies } from './session'

describe('shouldUseSecureCookies', () => {
  it('is off outside production', () => {
    expect(shouldUseSecureCookies({ nodeEnv: 'development', origins: ['https://sigil.example'] })).toBe(false)
  })

  it('is on in production', () => {
    expect(shouldUseSecureCookies({ nodeEnv: 'production', origins: ['https://sigil.example'] })).toBe(true)
    expect(shouldUseSecureCookies({ nodeEnv: 'production', origins: ['http://sigil.example'] })).toBe(true)
    expect(shouldUseSecureCookies({ nodeEnv: 'production', origins: ['http://localhost:3000', 'https://sigil.example'] })).toBe(true)
  })

  it('is off for a production build served only on loopback http (e2e, benchmarks)', () => {
    expect(shouldUseSecureCookies({ nodeEnv: 'production', origins: ['http://localhost:4123', 'http://127.0.0.1:4123'] })).toBe(false)
  })
})
