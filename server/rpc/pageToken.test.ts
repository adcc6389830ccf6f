import { describe, expect, it } from 'vitest'
import { issuePageToken, PAGE_TOKEN_TTL_SECONDS, pageTokenFromCookieHeader, pageTokenNeedsRefresh, pageTokenSetCookie, readPageToken } from './pageToken'

const OLD = 'old-secret-0123456789abcdef-0123456789abcdef'
const NEW = 'new-secret-0123456789abcdef-0123456789abcdef'

describe('page token', () => {
  it('is accepted under every secret of a rotation list, sealed with the first', () => {
    const now = Date.now()
    const old = issuePageToken({ secrets: [OLD], now }).value
    expect(readPageToken(old, { secrets: [NEW, OLD], now })).not.toBeNull()
    expect(readPageToken(old, { secrets: [NEW], now })).toBeNull()
    const fresh = issuePageToken({ secrets: [NEW, OLD], now }).value
    expect(readPageToken(fresh, { secrets: [NEW], now })).not.toBeNull()
  })

  it('expires after its lifetime and asks for renewal in its second half', () => {
    const now = 1_800_000_000_000
    const token = readPageToken(issuePageToken({ secrets: [NEW], now }).value, { secrets: [NEW], now })
    expect(pageTokenNeedsRefresh(token, now)).toBe(false)
    expect(pageTokenNeedsRefresh(token, now + 16 * 60_000)).toBe(true)
    expect(readPageToken(issuePageToken({ secrets: [NEW], now }).value, { secrets: [NEW], now: now + PAGE_TOKEN_TTL_SECONDS * 1000 })).toBeNull()
    expect(pageTokenNeedsRefresh(null, now)).toBe(true)
  })

  it('is read from its own cookie only, by exact name', () => {
    const value = issuePageToken({ secrets: [NEW], now: Date.now() }).value
    expect(pageTokenFromCookieHeader(`a=1; sigil_rpc=${value}; b=2`, false)).toBe(value)
    expect(pageTokenFromCookieHeader(`x_sigil_rpc=${value}`, false)).toBeUndefined()
    expect(pageTokenFromCookieHeader(`sigil_rpc=${value}`, true)).toBeUndefined()
    expect(pageTokenFromCookieHeader(`__Host-sigil_rpc=${value}`, true)).toBe(value)
    expect(pageTokenFromCookieHeader(null, false)).toBeUndefined()
    expect(pageTokenSetCookie(value, true)).toBe(`__Host-sigil_rpc=${value}; Path=/; Max-Age=${PAGE_TOKEN_TTL_SECONDS}; HttpOnly; SameSite=Strict; Secure`)
  })
})
