import { createHash } from 'node:crypto'
import { describe, expect, it, vi } from 'vitest'
import type { EmailCodeRecord } from '@/server/store/embeddedTypes'
import { recoveryKeyring } from './recoveryKey'

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

const { bindingMatches, codeMatches, generateEmailCode, hashesMatch, hashEmailCode, hashToken, judgeEmailCode } = await import('./emailCode')

const T0 = new Date('2030-01-01T00:00:00.000Z')
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000)
const keyring = await recoveryKeyring(new Uint8Array(32).fill(7))
const other = await recoveryKeyring(new Uint8Array(32).fill(8))
const REQUEST = 'r'.repeat(22)

function record(overrides: Partial<EmailCodeRecord> = {}): EmailCodeRecord {
  return {
    requestId: REQUEST,
    emailHash: 'hmac-sha256:kid:a',
    emailSealed: 'aes-256-gcm:kid:iv:ct',
    purpose: 'recovery',
    codeHash: hashEmailCode(keyring.current, 'recovery', REQUEST, '123456'),
    bindingHash: hashToken('browser-token'),
    attempts: 1,
    createdAt: T0,
    expiresAt: at(900),
    consumedAt: null,
    ...overrides,
  }
}
const judge = (overrides: Partial<Parameters<typeof judgeEmailCode>[0]> = {}) =>
  judgeEmailCode({ keyring, record: record(), code: '123456', bindingToken: 'browser-token', now: at(1), codeTriesLeft: 4, emailTriesLeft: 9, ...overrides })

describe('emailed codes', () => {
  it('are six digits, leading zeros kept', () => {
    for (let index = 0; index < 200; index++) expect(generateEmailCode()).toMatch(/^\d{6}$/)
  })

  it('are stored as HMAC-SHA-256 under the key ring’s code key, tagged with its key id, bound to purpose and request id', () => {
    const hash = hashEmailCode(keyring.current, 'recovery', 'request-a', '123456')
    expect(hash).toMatch(new RegExp(`^hmac-sha256:${keyring.current.kid}:[0-9a-f]{64}$`))
    expect(hash.slice(-64)).not.toBe(createHash('sha256').update(`sigil-embedded/recovery-code/request-a/123456`).digest('hex'))
    expect(hash).not.toBe(hashEmailCode(keyring.current, 'recovery', 'request-b', '123456'))
    expect(hash).not.toBe(hashEmailCode(keyring.current, 'verify_email', 'request-a', '123456'))
    expect(hash.slice(-64)).not.toBe(hashEmailCode(other.current, 'recovery', 'request-a', '123456').slice(-64))
    expect(hash).not.toContain('123456')
  })

  it('match only under the key their hash names, while that key is configured', async () => {
    expect(codeMatches(keyring, record(), '123456')).toBe(true)
    expect(codeMatches(keyring, record(), '123457')).toBe(false)
    expect(codeMatches(other, record(), '123456')).toBe(false)
    const rotated = await recoveryKeyring(new Uint8Array(32).fill(8), [new Uint8Array(32).fill(7)])
    expect(codeMatches(rotated, record(), '123456')).toBe(true)
    expect(codeMatches(keyring, record({ codeHash: createHash('sha256').update('123456').digest('hex') }), '123456')).toBe(false)
  })

  it('are compared in constant time (timingSafeEqual), different lengths never matching', () => {
    const before = timingSafeEqual.calls
    expect(hashesMatch('a'.repeat(64), 'a'.repeat(64))).toBe(true)
    expect(hashesMatch('a'.repeat(64), 'b'.repeat(64))).toBe(false)
    expect(timingSafeEqual.calls).toBe(before + 2)
    expect(hashesMatch('a'.repeat(64), 'a'.repeat(63))).toBe(false)
    codeMatches(keyring, record(), '123456')
    bindingMatches(record(), 'browser-token')
    expect(timingSafeEqual.calls).toBe(before + 4)
  })

  it('accept the right code within 900 s, in the browser that asked for it', () => {
    expect(judge({ now: at(899.999) })).toEqual({ kind: 'accepted' })
  })

  it('refuse any code from another browser (no binding cookie, another one, or a row with an empty binding), before anything else', () => {
    expect(judge({ bindingToken: undefined })).toEqual({ kind: 'other_browser' })
    expect(judge({ bindingToken: 'another-browser' })).toEqual({ kind: 'other_browser' })
    expect(judge({ record: record({ bindingHash: '' }) })).toEqual({ kind: 'other_browser' })
    expect(judge({ bindingToken: 'another-browser', now: at(5000), codeTriesLeft: 0 })).toEqual({ kind: 'other_browser' })
  })

  it('refuse the right code once it is 900 s old', () => {
    expect(judge({ now: at(900) })).toEqual({ kind: 'expired' })
    expect(judge({ record: record({ expiresAt: at(10_000) }), now: at(901) })).toEqual({ kind: 'expired' })
  })

  it('count down what is left of the code’s and the email’s tries, and lock when none is left', () => {
    expect([4, 3, 2, 1].map((codeTriesLeft) => judge({ code: '000000', codeTriesLeft }))).toEqual([
      { kind: 'wrong', attemptsLeft: 4 },
      { kind: 'wrong', attemptsLeft: 3 },
      { kind: 'wrong', attemptsLeft: 2 },
      { kind: 'wrong', attemptsLeft: 1 },
    ])
    expect(judge({ code: '000000', codeTriesLeft: 0 })).toEqual({ kind: 'locked' })
    expect(judge({ code: '000000', codeTriesLeft: 4, emailTriesLeft: 2 })).toEqual({ kind: 'wrong', attemptsLeft: 2 })
    expect(judge({ code: '000000', emailTriesLeft: 0 })).toEqual({ kind: 'locked' })
  })
})
