import { describe, expect, it } from 'vitest'
import { checkFetchMetadata, checkRequestOrigin, isApiPath, type FetchMetadataInput, type RequestOriginInput } from './checkRequestOrigin'

const APP = 'https://sigil.example'
const PREVIEW = 'https://sigil-git-branch.preview.example'

const post = (overrides: Partial<RequestOriginInput> = {}): RequestOriginInput => ({
  method: 'POST',
  pathname: '/api/auth/logout',
  origin: APP,
  secFetchSite: 'same-origin',
  allowedOrigins: [APP],
  ...overrides,
})

describe('checkRequestOrigin', () => {
  it('lets a POST from the app origin through', () => {
    expect(checkRequestOrigin(post())).toEqual({ allowed: true })
  })

  it('refuses a cross-site POST, whatever Sec-Fetch-Site claims', () => {
    for (const secFetchSite of ['cross-site', 'same-origin', null]) {
      const verdict = checkRequestOrigin(post({ origin: 'https://evil.example', secFetchSite }))
      expect(verdict).toEqual({ allowed: false, reason: expect.stringContaining('"https://evil.example"') })
    }
  })

  it('refuses origins that only look like the app: another port, scheme, subdomain, a trailing slash or a path', () => {
    for (const origin of ['https://sigil.example:8443', 'http://sigil.example', 'https://evil.sigil.example', 'https://sigil.example.evil.example', `${APP}/`, `${APP}/api`, 'HTTPS://SIGIL.EXAMPLE']) {
      expect(checkRequestOrigin(post({ origin })).allowed, origin).toBe(false)
    }
  })

  it('refuses the opaque origin "null" (sandboxed frames, data: pages, cross-origin redirects)', () => {
    expect(checkRequestOrigin(post({ origin: 'null', secFetchSite: 'same-origin' }))).toEqual({ allowed: false, reason: expect.stringContaining('"null"') })
  })

  it('refuses a request without Origin unless Sec-Fetch-Site is same-origin', () => {
    expect(checkRequestOrigin(post({ origin: null, secFetchSite: 'same-origin' }))).toEqual({ allowed: true })
    expect(checkRequestOrigin(post({ origin: null, secFetchSite: null }))).toEqual({ allowed: false, reason: 'no Origin header and Sec-Fetch-Site is absent' })
    for (const secFetchSite of ['same-site', 'cross-site', 'none', 'SAME-ORIGIN']) {
      expect(checkRequestOrigin(post({ origin: null, secFetchSite })).allowed, secFetchSite).toBe(false)
    }
  })

  it('accepts every APP_ORIGIN entry, e.g. a preview deploy beside the main origin', () => {
    const allowedOrigins = [APP, PREVIEW]
    expect(checkRequestOrigin(post({ origin: PREVIEW, allowedOrigins }))).toEqual({ allowed: true })
    expect(checkRequestOrigin(post({ origin: APP, allowedOrigins }))).toEqual({ allowed: true })
    expect(checkRequestOrigin(post({ origin: PREVIEW })).allowed).toBe(false)
  })

  it('lets GET, HEAD and OPTIONS through from anywhere, in any letter case', () => {
    for (const method of ['GET', 'HEAD', 'OPTIONS', 'get']) {
      expect(checkRequestOrigin(post({ method, origin: 'https://evil.example', secFetchSite: 'cross-site' })), method).toEqual({ allowed: true })
      expect(checkRequestOrigin(post({ method, origin: null, secFetchSite: null })), method).toEqual({ allowed: true })
    }
  })

  it('guards every state-changing method, not only POST', () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'post', 'PROPFIND']) {
      expect(checkRequestOrigin(post({ method, origin: 'https://evil.example' })).allowed, method).toBe(false)
    }
  })

  it('guards the API only: pages change nothing', () => {
    expect(checkRequestOrigin(post({ pathname: '/', origin: 'https://evil.example' }))).toEqual({ allowed: true })
    expect(checkRequestOrigin(post({ pathname: '/apis', origin: 'https://evil.example' }))).toEqual({ allowed: true })
    expect(checkRequestOrigin(post({ pathname: '/api', origin: 'https://evil.example' })).allowed).toBe(false)
    expect(checkRequestOrigin(post({ pathname: '/api/embedded/wallets', origin: 'https://evil.example' })).allowed).toBe(false)
  })

  it('keeps an attacker-chosen Origin short in the log line', () => {
    const verdict = checkRequestOrigin(post({ origin: `https://${'a'.repeat(5000)}.example` }))
    expect(verdict.allowed).toBe(false)
    if (!verdict.allowed) expect(verdict.reason.length).toBeLessThan(200)
  })
})

describe('isApiPath', () => {
  it('matches /api and what is under it, nothing else', () => {
    expect(['/api', '/api/', '/api/auth/verify'].map(isApiPath)).toEqual([true, true, true])
    expect(['/', '/apis', '/app/api', '/_next/static/x.js'].map(isApiPath)).toEqual([false, false, false, false])
  })
})

describe('checkFetchMetadata', () => {
  const read = (overrides: Partial<FetchMetadataInput> = {}): FetchMetadataInput => ({
    method: 'GET',
    pathname: '/api/auth/nonce',
    secFetchSite: 'cross-site',
    secFetchMode: 'no-cors',
    secFetchDest: 'image',
    ...overrides,
  })

  it("refuses another site's subresource reads of the API: an <img>, a script, a fetch, a frame", () => {
    for (const [secFetchMode, secFetchDest] of [['no-cors', 'image'], ['no-cors', 'script'], ['cors', 'empty'], ['navigate', 'iframe'], [null, null]]) {
      for (const secFetchSite of ['cross-site', 'same-site']) {
        for (const method of ['GET', 'HEAD', 'get']) {
          const verdict = checkFetchMetadata(read({ method, secFetchSite, secFetchMode, secFetchDest }))
          expect(verdict.allowed, `${secFetchSite} ${method} ${secFetchMode} ${secFetchDest}`).toBe(false)
        }
      }
    }
    expect(checkFetchMetadata(read())).toEqual({ allowed: false, reason: 'a cross-site GET (Sec-Fetch-Mode "no-cors", Sec-Fetch-Dest "image") that is no navigation' })
  })

  it('lets top-level navigations through (a link in an email), and the site\'s own or user-typed requests', () => {
    expect(checkFetchMetadata(read({ pathname: '/api/embedded/recovery/cancel', secFetchMode: 'navigate', secFetchDest: 'document' })).allowed).toBe(true)
    for (const secFetchSite of ['same-origin', 'none']) expect(checkFetchMetadata(read({ secFetchSite })).allowed).toBe(true)
  })

  it('a navigation from another site reaches only the API\'s link pages: never the nonce, whose response would replace the browser\'s nonce binding and fail a sign-in under way', () => {
    const navigation = { secFetchMode: 'navigate', secFetchDest: 'document' }
    for (const secFetchSite of ['cross-site', 'same-site']) {
      for (const pathname of ['/api/auth/nonce', '/api/auth/link/nonce', '/api/auth/session', '/api/ens/0x70997970C51812dc3A010C7d01b50e0d17dc79C8', '/api/embedded/recovery/cancelx']) {
        expect(checkFetchMetadata(read({ pathname, secFetchSite, ...navigation })).allowed, `${secFetchSite} ${pathname}`).toBe(false)
      }
      expect(checkFetchMetadata(read({ pathname: '/api/embedded/recovery/cancel', secFetchSite, ...navigation })).allowed).toBe(true)
    }
    // The site's own navigations and typed addresses stay as they are.
    for (const secFetchSite of ['same-origin', 'none']) expect(checkFetchMetadata(read({ secFetchSite, ...navigation })).allowed).toBe(true)
  })

  it('keeps today\'s behaviour for requests without Fetch Metadata (non-browser clients, old browsers)', () => {
    expect(checkFetchMetadata(read({ secFetchSite: null, secFetchMode: null, secFetchDest: null })).allowed).toBe(true)
  })

  it('leaves pages, and writes (the origin rule\'s), alone', () => {
    for (const pathname of ['/', '/apix', '/no-such-page']) expect(checkFetchMetadata(read({ pathname })).allowed).toBe(true)
    for (const method of ['POST', 'OPTIONS']) expect(checkFetchMetadata(read({ method })).allowed).toBe(true)
  })
})
