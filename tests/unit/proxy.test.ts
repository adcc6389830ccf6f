import { NextRequest } from 'next/server'
import { describe, expect, it, vi } from 'vitest'
import { createRpcProxy } from '@sigil/server/rpc/rpcProxy'
import { pageTokenConfigFromEnv, requestHasPageToken } from '@sigil/server/rpc/pageTokenServer'
import { serverFamilies } from '@sigil/connectors/serverFamilies'
import { createSigilProxy } from '@sigil/server/http/proxy'
import { proxy } from '@/proxy'
import { TEST_SESSION_SECRET, testProxyDeps } from '@/tests/fixtures/rpcProxy'

/**
 * The proxy's own answer to the page's `HEAD` probe (the Coinbase SDK's opener check, sent each time
 * the SDK is created): headers only, and Next is not told to go on. `x-middleware-next` is how a
 * proxy response says "continue to the route" — without it Next sends this response as it is, and
 * the page is never rendered.
 */

// The app's page where the development defaults put it (plain localhost redirects there: server/http/loopbackRedirect.ts).
const PAGE = 'http://app.localhost:3000/'

/** What Chromium sends for the SDK's `fetch(origin + pathname, { method: 'HEAD' })`. */
const scriptHeaders = { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors', 'sec-fetch-dest': 'empty', host: 'app.localhost:3000' }

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
    const monitor = proxy(request('HEAD', PAGE, { host: 'app.localhost:3000' }))
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

describe('proxy: plain localhost on the development defaults', () => {
  const navigation = { 'sec-fetch-dest': 'document', 'sec-fetch-mode': 'navigate', 'sec-fetch-site': 'none', accept: 'text/html' }

  it('sends a page opened at localhost to app.localhost (307, path and query kept, with the security headers), where its vault is the same site', () => {
    const response = proxy(request('GET', 'http://localhost:3000/?lang=de', { ...navigation, host: 'localhost:3000' }))
    expect(response.status).toBe(307)
    expect(response.headers.get('location')).toBe('http://app.localhost:3000/?lang=de')
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
  })

  it('serves the page at app.localhost, and the API, scripts and the vault wherever they are asked', () => {
    expect(proxy(request('GET', PAGE, { ...navigation, host: 'app.localhost:3000' })).headers.get('x-middleware-next')).toBe('1')
    expect(proxy(request('GET', 'http://localhost:3000/api/health', { ...navigation, host: 'localhost:3000' })).status).not.toBe(307)
    expect(proxy(request('GET', 'http://localhost:3000/', { ...scriptHeaders, host: 'localhost:3000' })).status).not.toBe(307)
    expect(proxy(request('GET', 'http://wallet.app.localhost:3000/', { ...navigation, 'sec-fetch-dest': 'iframe', host: 'wallet.app.localhost:3000' })).status).not.toBe(307)
  })
})

describe('proxy: the RPC proxy’s page token comes with the page', () => {
  const pageHeaders = { 'sec-fetch-dest': 'document', 'sec-fetch-mode': 'navigate', accept: 'text/html,application/xhtml+xml', host: 'app.localhost:3000' }

  it('sets an httpOnly SameSite=Strict token on a page load, which the RPC proxy then accepts', async () => {
    vi.stubEnv('SESSION_SECRET', TEST_SESSION_SECRET)
    const response = proxy(request('GET', PAGE, pageHeaders))
    const line = response.headers.getSetCookie().find((cookie) => cookie.startsWith('sigil_rpc=')) ?? ''
    expect(line).toMatch(/; Path=\/; Max-Age=1800; HttpOnly; SameSite=Strict$/)
    const cookie = line.split(';')[0]!
    expect(requestHasPageToken({ headers: new Headers({ cookie }) })).not.toBeNull()

    const { cookie: _unused, ...deps } = testProxyDeps()
    const rpc = createRpcProxy({ ...deps, pageToken: () => pageTokenConfigFromEnv(), upstreams: () => ({ 31337: 'http://127.0.0.1:9/never' }), clientIp: () => '10.0.0.1', limitPerMinute: () => 10 })
    const refused = await rpc(new Request('http://localhost:3000/api/rpc/31337', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }), '31337')
    expect(refused.status).toBe(403)
    // With the page's cookie the request gets past the token (here to the JSON-RPC check).
    const admitted = await rpc(new Request('http://localhost:3000/api/rpc/31337', { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: '{}' }), '31337')
    expect(await admitted.json()).toMatchObject({ error: { data: { reason: 'invalid_request' } } })

    // A page load with a fresh token sets none; the API and the HEAD probe never get one.
    expect(proxy(request('GET', PAGE, { ...pageHeaders, cookie })).headers.getSetCookie().some((value) => value.startsWith('sigil_rpc='))).toBe(false)
    expect(proxy(request('GET', 'http://localhost:3000/api/health', { accept: 'text/html', host: 'localhost:3000' })).headers.getSetCookie()).toEqual([])
    expect(proxy(request('HEAD', PAGE, scriptHeaders)).headers.getSetCookie()).toEqual([])
  })

  it('uses the __Host- name with Secure in production on https', () => {
    vi.stubEnv('SESSION_SECRET', TEST_SESSION_SECRET)
    vi.stubEnv('NODE_ENV', 'production')
    vi.stubEnv('APP_ORIGIN', 'https://sigil.example')
    vi.stubEnv('TRUSTED_PROXY_HOPS', '0')
    const response = proxy(request('GET', 'https://sigil.example/', { ...pageHeaders, host: 'sigil.example' }))
    const line = response.headers.getSetCookie().find((cookie) => cookie.startsWith('__Host-sigil_rpc=')) ?? ''
    expect(line).toMatch(/; Path=\/; Max-Age=1800; HttpOnly; SameSite=Strict; Secure$/)
  })
})


describe('proxy: a host that adopts only the vault (`vaultOnly`)', () => {
  const vaultOnly = createSigilProxy(serverFamilies, { vaultOnly: true })
  const page = { 'sec-fetch-site': 'none', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document', accept: 'text/html' }

  it("leaves the host's own pages and API as they came: no headers of Sigil's, no redirect; a page gets only the RPC proxy's token", () => {
    vi.stubEnv('SESSION_SECRET', TEST_SESSION_SECRET)
    for (const url of [PAGE, 'http://localhost:3000/', 'http://app.localhost:3000/api/orders']) {
      const response = vaultOnly(request('GET', url, { ...page, host: new URL(url).host }))
      expect(response.headers.get('x-middleware-next'), url).toBe('1')
      expect(response.headers.get('content-security-policy'), url).toBeNull()
      expect(response.headers.get('location'), url).toBeNull()
      // The host's RPC route (getRpcProxy) serves browsers that loaded one of its pages: without the
      // token its pages' balance reads were refused (page_token_required).
      const cookies = response.headers.getSetCookie()
      if (url.includes('/api/')) expect(cookies, url).toEqual([])
      else {
        expect(cookies.map((cookie) => cookie.split('=')[0]), url).toEqual([expect.stringMatching(/^(__Host-)?sigil_rpc$/)])
        expect(requestHasPageToken({ headers: new Headers({ cookie: cookies[0]!.split(';')[0]! }) }), url).not.toBeNull()
      }
    }
  })

  it("keeps the vault's paths off the app's hosts, with Sigil's headers on the refusal (the vault's origin itself: the consumer app's e2e)", () => {
    for (const path of ['/vault', '/vault/script', '/api/embedded/wallets']) {
      const refused = vaultOnly(request('GET', `${PAGE.slice(0, -1)}${path}`, { ...page, host: 'app.localhost:3000' }))
      expect(refused.status, path).toBe(404)
      expect(refused.headers.get('x-content-type-options'), path).toBe('nosniff')
    }
  })
})
