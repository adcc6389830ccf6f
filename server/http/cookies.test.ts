import { describe, expect, it } from 'vitest'
import { expiredCookie, readCookies, serializeCookie } from './cookies'

const withCookie = (cookie: string) => new Request('https://app.sigil.test/', { headers: { cookie } })

describe('readCookies', () => {
  it('reads pairs, trims spaces, unquotes values and keeps the first of duplicates', () => {
    const cookies = readCookies(withCookie(' a=1;b="two" ; a=3; c=x=y'))
    expect(Object.fromEntries(cookies)).toEqual({ a: '1', b: 'two', c: 'x=y' })
  })

  it('skips malformed pairs instead of throwing', () => {
    expect(Object.fromEntries(readCookies(withCookie('=novalue; ;noequals; bad name=1; ok=1')))).toEqual({ ok: '1' })
  })

  it('returns nothing without a Cookie header', () => {
    expect(readCookies(new Request('https://app.sigil.test/')).size).toBe(0)
  })
})

describe('serializeCookie', () => {
  it('writes the attributes in a fixed order', () => {
    expect(serializeCookie('s', 'v', { maxAge: 60, httpOnly: true, secure: true, sameSite: 'Lax' })).toBe('s=v; Max-Age=60; Path=/; HttpOnly; Secure; SameSite=Lax')
  })

  it('refuses values that would break the header', () => {
    expect(() => serializeCookie('s', 'a;b')).toThrow(TypeError)
    expect(() => serializeCookie('s v', 'a')).toThrow(TypeError)
  })

  it('expires a cookie with Max-Age=0', () => {
    expect(expiredCookie('s', { httpOnly: true })).toBe('s=; Max-Age=0; Path=/; HttpOnly')
  })
})
