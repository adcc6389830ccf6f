import { describe, expect, it } from 'vitest'
import { routeByHost, VAULT_PATHS, VAULT_ROUTES, vaultHost } from './vaultRouting'

const VAULT_ORIGIN = 'https://wallet.sigil.example'
const VAULT_HOST = 'wallet.sigil.example'
const APP_HOST = 'sigil.example'

// The rest length, not a default value: an explicit `undefined` means "no vault origin".
function route(host: string | null, pathname: string, ...origin: [vaultOrigin?: string | undefined]) {
  return routeByHost({ host, pathname, vaultOrigin: origin.length ? origin[0] : VAULT_ORIGIN })
}

describe('vaultHost', () => {
  it('is the origin’s host as a Host header carries it: name, and port when not the default', () => {
    expect(vaultHost('https://wallet.sigil.example')).toBe('wallet.sigil.example')
    expect(vaultHost('http://wallet.localhost:3000')).toBe('wallet.localhost:3000')
    expect(vaultHost('https://wallet.sigil.example:443')).toBe('wallet.sigil.example')
  })

  it('is undefined without a vault origin', () => {
    expect(vaultHost(undefined)).toBeUndefined()
    expect(vaultHost('')).toBeUndefined()
  })
})

describe('routeByHost on the vault’s host', () => {
  it('serves the vault page at / through its internal route', () => {
    expect(route(VAULT_HOST, VAULT_PATHS.page)).toEqual({ kind: 'vault', rewrite: VAULT_ROUTES.page })
    expect(route(VAULT_HOST, '/')).toEqual({ kind: 'vault', rewrite: '/vault' })
  })

  it('serves the vault script at /vault.js through its internal route', () => {
    expect(route(VAULT_HOST, VAULT_PATHS.script)).toEqual({ kind: 'vault', rewrite: VAULT_ROUTES.script })
    expect(route(VAULT_HOST, '/vault.js')).toEqual({ kind: 'vault', rewrite: '/vault/script' })
  })

  it('serves the script’s lazy chunks beside it, by their hashed names only', () => {
    expect(route(VAULT_HOST, '/vault-clear-0123456789ab.js')).toEqual({ kind: 'vault', rewrite: '/vault/script/vault-clear-0123456789ab.js' })
    for (const pathname of ['/vault-clear-0123456789ab.js/', '/vault-../x-0123456789ab.js', '/vault-clear-0123.js', '/a/vault-clear-0123456789ab.js', '/vault-CLEAR-0123456789ab.js'])
      expect(route(VAULT_HOST, pathname)).toEqual({ kind: 'notFound' })
  })

  it.each(['/api/embedded', '/api/embedded/session', '/api/embedded/passkey/options'])('serves the wallet API %s as it is, without a rewrite', (pathname) => {
    expect(route(VAULT_HOST, pathname)).toEqual({ kind: 'vault', rewrite: undefined })
  })

  it.each([
    '/vault',
    '/vault/script',
    '/api/auth/nonce',
    '/api/auth/verify',
    '/_next/static/chunks/main.js',
    '/favicon.ico',
    '/index.html',
    '/vault.js/',
    '/api/embeddedx',
    '/api',
    '//',
  ])('answers nothing else (%s is not found)', (pathname) => {
    expect(route(VAULT_HOST, pathname)).toEqual({ kind: 'notFound' })
  })

  it('matches the Host header without regard to case', () => {
    expect(route('WALLET.Sigil.Example', '/')).toEqual({ kind: 'vault', rewrite: '/vault' })
  })

  it('matches the Host header with its port exactly', () => {
    const origin = 'http://wallet.localhost:3000'
    expect(route('wallet.localhost:3000', '/', origin)).toEqual({ kind: 'vault', rewrite: '/vault' })
    // Another port, or none, is another host: the app (which has no page at the vault's paths).
    expect(route('wallet.localhost:3001', '/', origin)).toEqual({ kind: 'app' })
    expect(route('wallet.localhost', '/', origin)).toEqual({ kind: 'app' })
    expect(route('wallet.localhost:3001', '/api/embedded/session', origin)).toEqual({ kind: 'notFound' })
  })

  it('does not take a host that only contains or extends the vault’s as the vault', () => {
    expect(route(`${VAULT_HOST}.evil.example`, '/')).toEqual({ kind: 'app' })
    expect(route(`x${VAULT_HOST}`, '/')).toEqual({ kind: 'app' })
    expect(route(`${VAULT_HOST}:443`, '/')).toEqual({ kind: 'app' })
  })
})

describe('routeByHost on any other host', () => {
  it.each(['/', '/api/auth/nonce', '/_next/static/chunks/main.js', '/vault.js', '/vaults', '/api/embeddedx'])('serves %s as the app', (pathname) => {
    expect(route(APP_HOST, pathname)).toEqual({ kind: 'app' })
  })

  it.each(['/api/embedded', '/api/embedded/session', '/vault', '/vault/script', '/vault/anything/deeper'])('does not answer the vault-only path %s', (pathname) => {
    expect(route(APP_HOST, pathname)).toEqual({ kind: 'notFound' })
  })

  it('treats a request without a Host header as the app’s', () => {
    expect(route(null, '/')).toEqual({ kind: 'app' })
    expect(route(null, '/api/embedded/session')).toEqual({ kind: 'notFound' })
  })
})

describe('routeByHost without a vault origin', () => {
  it('serves everything as the app except the vault-only paths, whatever the host', () => {
    for (const host of [APP_HOST, VAULT_HOST, 'wallet.localhost:3000', null]) {
      expect(route(host, '/', undefined)).toEqual({ kind: 'app' })
      expect(route(host, '/vault.js', undefined)).toEqual({ kind: 'app' })
      expect(route(host, '/api/auth/nonce', undefined)).toEqual({ kind: 'app' })
      expect(route(host, '/api/embedded/session', undefined)).toEqual({ kind: 'notFound' })
      expect(route(host, '/vault', undefined)).toEqual({ kind: 'notFound' })
      expect(route(host, '/vault/script', undefined)).toEqual({ kind: 'notFound' })
    }
  })
})
