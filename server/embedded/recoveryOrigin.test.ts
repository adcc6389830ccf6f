import { describe, expect, it } from 'vitest'
import { browserName, coarsePlace } from './recoveryOrigin'

describe('what the owner is told about the browser that started a recovery', () => {
  it.each([
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36', 'Chrome on Linux'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36 Edg/140.0.0.0', 'Edge on Windows'],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1', 'Safari on iOS'],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:131.0) Gecko/20100101 Firefox/131.0', 'Firefox on macOS'],
    ['Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36', 'Chrome on Android'],
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/140.0.0.0 Safari/537.36', 'Chrome on Linux'],
    ['curl/8.5.0', 'an unknown browser'],
    [null, 'an unknown browser'],
  ])('names %j as %j, never the raw string', (userAgent, expected) => {
    expect(browserName(userAgent)).toBe(expected)
  })

  it('takes a country only from a proxy in front of the app, and never an address', () => {
    const headers = new Headers({ 'cf-ipcountry': 'de', 'x-forwarded-for': '203.0.113.9' })
    expect(coarsePlace(headers, { TRUSTED_PROXY_HOPS: '0' })).toBeNull()
    expect(coarsePlace(headers, {})).toBeNull()
    expect(coarsePlace(headers, { TRUSTED_PROXY_HOPS: '1' })).toBe('DE')
    expect(coarsePlace(new Headers({ 'cf-ipcountry': 'XX' }), { TRUSTED_PROXY_HOPS: '1' })).toBeNull()
    expect(coarsePlace(new Headers({ 'x-vercel-ip-country': '203.0.113.9' }), { TRUSTED_PROXY_HOPS: '1' })).toBeNull()
  })
})
