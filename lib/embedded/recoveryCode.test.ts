import { describe, expect, it, vi } from 'vitest'
import type { RecoveryCodeRecord } from '@/lib/store/embeddedTypes'

// A spy around the real timingSafeEqual: the comparison must go through it (constant time).
const timingSafeEqual = vi.hoisted(() => ({ calls: 0 }))
vi.mock('node:crypto', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:crypto')>()
  return {
    ...actual,
    timingSafeEqual: (a: NodeJS.ArrayBufferView, b: NodeJS.ArrayBufferView) => {
      timingSafeEqual.calls += 1
      return actual.timingSafeEqual(a, b)
    },
  }
})

const { checkRecoveryCode, generateRecoveryCode, hashesMatch, hashRecoveryCode } = await import('./recoveryCode')

const T0 = new Date('2030-01-01T00:00:00.000Z')
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000)

function record(overrides: Partial<RecoveryCodeRecord> = {}): RecoveryCodeRecord {
  return { requestId: 'r'.repeat(22), email: 'a@example.test', codeHash: hashRecoveryCode('r'.repeat(22), '123456'), attempts: 1, createdAt: T0, expiresAt: at(900), consumedAt: null, ...overrides }
}

describe('recovery codes', () => {
  it('are six digits, leading zeros kept', () => {
    for (let index = 0; index < 200; index++) expect(generateRecoveryCode()).toMatch(/^\d{6}$/)
  })

  it('are stored as a SHA-256 hex digest bound to their request id', () => {
    const hash = hashRecoveryCode('request-a', '123456')
    expect(hash).toMatch(/^[0-9a-f]{64}$/)
    expect(hash).not.toBe(hashRecoveryCode('request-b', '123456'))
    expect(hash).not.toContain('123456')
  })

  it('are compared in constant time (timingSafeEqual), different lengths never matching', () => {
    const before = timingSafeEqual.calls
    expect(hashesMatch('a'.repeat(64), 'a'.repeat(64))).toBe(true)
    expect(hashesMatch('a'.repeat(64), 'b'.repeat(64))).toBe(false)
    expect(timingSafeEqual.calls).toBe(before + 2)
    expect(hashesMatch('a'.repeat(64), 'a'.repeat(63))).toBe(false)
  })

  it('accept the right code within 900 s', () => {
    expect(checkRecoveryCode(record(), hashRecoveryCode('r'.repeat(22), '123456'), at(899.999))).toEqual({ kind: 'accepted' })
  })

  it('refuse the right code once it is 900 s old', () => {
    expect(checkRecoveryCode(record(), hashRecoveryCode('r'.repeat(22), '123456'), at(900))).toEqual({ kind: 'expired' })
    expect(checkRecoveryCode(record({ expiresAt: at(10_000) }), hashRecoveryCode('r'.repeat(22), '123456'), at(901))).toEqual({ kind: 'expired' })
  })

  it('count down wrong attempts and lock on the 5th', () => {
    const wrong = hashRecoveryCode('r'.repeat(22), '000000')
    expect([1, 2, 3, 4].map((attempts) => checkRecoveryCode(record({ attempts }), wrong, at(1)))).toEqual([
      { kind: 'wrong', attemptsLeft: 4 },
      { kind: 'wrong', attemptsLeft: 3 },
      { kind: 'wrong', attemptsLeft: 2 },
      { kind: 'wrong', attemptsLeft: 1 },
    ])
    expect(checkRecoveryCode(record({ attempts: 5 }), wrong, at(1))).toEqual({ kind: 'locked' })
  })

  it('stay locked after 5 attempts, even for the right code', () => {
    expect(checkRecoveryCode(record({ attempts: 6 }), hashRecoveryCode('r'.repeat(22), '123456'), at(1))).toEqual({ kind: 'locked' })
  })
})
