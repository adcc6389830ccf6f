import { describe, expect, it } from 'vitest'
import { loopbackRedirect } from './loopbackRedirect'

const DEFAULTS = ['http://app.localhost:3000', 'http://localhost:3000', 'http://127.0.0.1:3000']

function navigation(host: string, path = '/', init: { method?: string; dest?: string | null } = {}) {
  const headers = new Headers({ host })
  if (init.dest !== null) headers.set('sec-fetch-dest', init.dest ?? 'document')
  return { method: init.method ?? 'GET', url: `http://${host}${path}`, headers }
}

describe('loopbackRedirect', () => {
  it('sends a page opened at localhost, 127.0.0.1 or [::1] to the app.localhost origin, path and query kept', () => {
    expect(loopbackRedirect(navigation('localhost:3000', '/?lang=de#x'), DEFAULTS)).toBe('http://app.localhost:3000/?lang=de')
    expect(loopbackRedirect(navigation('127.0.0.1:3000', '/wallet-logos/x.svg'), DEFAULTS)).toBe('http://app.localhost:3000/wallet-logos/x.svg')
    expect(loopbackRedirect(navigation('[::1]:3000'), DEFAULTS)).toBe('http://app.localhost:3000/')
    expect(loopbackRedirect(navigation('LOCALHOST:3000'), DEFAULTS)).toBe('http://app.localhost:3000/')
  })

  it('answers everything else where it was asked', () => {
    // Already there, or the vault.
    expect(loopbackRedirect(navigation('app.localhost:3000'), DEFAULTS)).toBeUndefined()
    expect(loopbackRedirect(navigation('wallet.app.localhost:3000'), DEFAULTS)).toBeUndefined()
    // Not a page navigation: scripts, the API, curl, the server's own warm-up.
    expect(loopbackRedirect(navigation('localhost:3000', '/api/health', { dest: 'empty' }), DEFAULTS)).toBeUndefined()
    expect(loopbackRedirect(navigation('localhost:3000', '/api/auth/nonce'), DEFAULTS)).toBeUndefined()
    expect(loopbackRedirect(navigation('localhost:3000', '/', { dest: null }), DEFAULTS)).toBeUndefined()
    expect(loopbackRedirect(navigation('localhost:3000', '/', { method: 'POST' }), DEFAULTS)).toBeUndefined()
    // Another port: another server.
    expect(loopbackRedirect(navigation('localhost:3001'), DEFAULTS)).toBeUndefined()
    // An APP_ORIGIN that puts localhost first, or a deployment's: never.
    expect(loopbackRedirect(navigation('localhost:3000'), ['http://localhost:3000', 'http://app.localhost:3000'])).toBeUndefined()
    expect(loopbackRedirect(navigation('localhost:443'), ['https://sigil.example'])).toBeUndefined()
    expect(loopbackRedirect(navigation('localhost:3000'), [])).toBeUndefined()
    // A Host header that is no host.
    expect(loopbackRedirect(navigation('bad host:3000'), DEFAULTS)).toBeUndefined()
  })

  it('follows the port: PORT=3300 sends localhost:3300 to app.localhost:3300', () => {
    expect(loopbackRedirect(navigation('localhost:3300', '/'), ['http://app.localhost:3300'])).toBe('http://app.localhost:3300/')
  })
})
