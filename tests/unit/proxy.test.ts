import { NextRequest } from 'next/server'
import { describe, expect, it } from 'vitest'
import { proxy } from '@/proxy'

/**
 * The proxy's own answer to the page's `HEAD` probe (the Coinbase SDK's opener check, sent each time
 * the SDK is created): headers only, and Next is not told to go on. `x-middleware-next` is how a
 * proxy response says "continue to the route" — without it Next sends this response as it is, and
 * the page is never rendered.
 */

const PAGE = 'http://localhost:3000/'

/** What Chromium sends for the SDK's `fetch(origin + pathname, { method: 'HEAD' })`. */
const scriptHeaders = { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors', 'sec-fetch-dest': 'empty', host: 'localhost:3000' }

function request(method: string, url: string, headers: Record<string, string>) {
  return new NextRequest(url, { method, headers })
}

describe('proxy: the opener check', () => {
  it("answers the page's own HEAD probe with 204 and the page's headers, without going on to render it", async () => {
    const response = proxy(request('HEAD', PAGE, scriptHeaders))
    expect(response.status).toBe(204)
    expect(response.headers.get('x-middleware-next')).toBeNull()
    expect(response.headers.get('x-middleware-rewrite')).toBeNull()
    // What the SDK reads, the same value a rendered page carries.
    expect(response.headers.get('cross-origin-opener-policy')).toBe('same-origin-allow-popups')
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'")
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(await response.text()).toBe('')
  })

  it('the same probe of another page path is answered the same way (the SDK asks for the current path)', () => {
    const response = proxy(request('HEAD', 'http://localhost:3000/some/page?x=1', scriptHeaders))
    expect(response.status).toBe(204)
    expect(response.headers.get('x-middleware-next')).toBeNull()
  })

  it('a HEAD from anything but the page itself, a GET, or a HEAD of the API goes on to the route as before', () => {
    const monitor = proxy(request('HEAD', PAGE, { host: 'localhost:3000' }))
    const crossSite = proxy(request('HEAD', PAGE, { ...scriptHeaders, 'sec-fetch-site': 'cross-site' }))
    const navigation = proxy(request('HEAD', PAGE, { ...scriptHeaders, 'sec-fetch-dest': 'document', 'sec-fetch-mode': 'navigate' }))
    const get = proxy(request('GET', PAGE, scriptHeaders))
    const api = proxy(request('HEAD', 'http://localhost:3000/api/rpc/84532', scriptHeaders))
    for (const response of [monitor, crossSite, navigation, get, api]) {
      expect(response.headers.get('x-middleware-next')).toBe('1')
      expect(response.headers.get('cross-origin-opener-policy')).toBe('same-origin-allow-popups')
    }
  })
})
