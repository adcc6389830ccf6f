import { describe, expect, it } from 'vitest'
import { STRICT_TRANSPORT_SECURITY } from './securityHeaders'
import { VAULT_PERMISSIONS_POLICY, vaultContentSecurityPolicy, vaultHeaders, type VaultHeadersInput } from './vaultHeaders'

const NONCE = 'dmF1bHQtbm9uY2UtdmF1bHQ='
const APP_ORIGINS = ['https://sigil.example', 'https://www.sigil.example']

const input = (overrides: Partial<VaultHeadersInput> = {}): VaultHeadersInput => ({ nonce: NONCE, production: true, appOrigins: APP_ORIGINS, ...overrides })

/** The policy as a map: directive → its sources (a repeated directive would be lost: checked apart). */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split(';').map((part) => {
      const [name = '', ...sources] = part.trim().split(/\s+/)
      return [name, sources]
    }),
  )
}

/** A policy parsed as the browser reads it: `Permissions-Policy` feature → allowlist. */
function permissions(policy: string): Map<string, string> {
  return new Map(
    policy.split(',').map((part) => {
      const [feature = '', allowlist = ''] = part.trim().split('=')
      return [feature, allowlist]
    }),
  )
}

describe('vaultContentSecurityPolicy', () => {
  it('loads nothing by default', () => {
    expect(directives(vaultContentSecurityPolicy(input())).get('default-src')).toEqual(["'none'"])
  })

  it('runs only the script and the style that carry the nonce', () => {
    const policy = directives(vaultContentSecurityPolicy(input()))
    expect(policy.get('script-src')).toEqual([`'nonce-${NONCE}'`])
    expect(policy.get('style-src')).toEqual([`'nonce-${NONCE}'`])
    expect(vaultContentSecurityPolicy(input())).not.toMatch(/unsafe-inline|unsafe-eval|strict-dynamic/)
  })

  it('enforces Trusted Types with no policy at all, in production and development alike', () => {
    for (const production of [true, false]) {
      const policy = directives(vaultContentSecurityPolicy(input({ production })))
      expect(policy.get('require-trusted-types-for')).toEqual(["'script'"])
      expect(policy.get('trusted-types')).toEqual(["'none'"])
    }
  })

  it('uses the nonce of the request, not a fixed one', () => {
    const other = 'b3RoZXItbm9uY2Utb3RoZXI='
    const policy = directives(vaultContentSecurityPolicy(input({ nonce: other })))
    expect(policy.get('script-src')).toEqual([`'nonce-${other}'`])
    expect(policy.get('style-src')).toEqual([`'nonce-${other}'`])
  })

  it('talks to its own origin only', () => {
    expect(directives(vaultContentSecurityPolicy(input())).get('connect-src')).toEqual(["'self'"])
  })

  it('may be framed by exactly the app’s origins', () => {
    expect(directives(vaultContentSecurityPolicy(input())).get('frame-ancestors')).toEqual(APP_ORIGINS)
    expect(directives(vaultContentSecurityPolicy(input({ appOrigins: ['http://localhost:3000'] }))).get('frame-ancestors')).toEqual(['http://localhost:3000'])
  })

  it("may be framed by nobody without app origins ('none', never an empty list that would mean any)", () => {
    expect(directives(vaultContentSecurityPolicy(input({ appOrigins: [] }))).get('frame-ancestors')).toEqual(["'none'"])
  })

  it('submits forms only to its own origin (the cancel page) and sets no base URL', () => {
    const policy = directives(vaultContentSecurityPolicy(input()))
    expect(policy.get('form-action')).toEqual(["'self'"])
    expect(policy.get('base-uri')).toEqual(["'none'"])
  })

  it('names each directive once', () => {
    const names = vaultContentSecurityPolicy(input())
      .split(';')
      .map((part) => part.trim().split(/\s+/)[0])
    expect(new Set(names).size).toBe(names.length)
  })
})

describe('vaultHeaders', () => {
  it('carries the vault’s policy', () => {
    expect(vaultHeaders(input())['content-security-policy']).toBe(vaultContentSecurityPolicy(input()))
  })

  it('asks for HTTPS only (HSTS) in production', () => {
    expect(vaultHeaders(input())['strict-transport-security']).toBe(STRICT_TRANSPORT_SECURITY)
    expect(vaultHeaders(input({ production: false }))).not.toHaveProperty('strict-transport-security')
  })

  it('lets its own origin run passkey ceremonies (get and create) and denies camera, microphone and payment', () => {
    const policy = permissions(vaultHeaders(input())['permissions-policy']!)
    expect(policy.get('publickey-credentials-get')).toBe('(self)')
    expect(policy.get('publickey-credentials-create')).toBe('(self)')
    expect(policy.get('camera')).toBe('()')
    expect(policy.get('microphone')).toBe('()')
    expect(policy.get('payment')).toBe('()')
    expect(vaultHeaders(input())['permissions-policy']).toBe(VAULT_PERMISSIONS_POLICY)
  })

  it('allows no powerful feature to anyone but itself', () => {
    for (const [feature, allowlist] of permissions(VAULT_PERMISSIONS_POLICY)) {
      expect([`()`, `(self)`], feature).toContain(allowlist)
    }
  })

  it('forbids sniffing and referrers and keeps its responses to its own site', () => {
    const headers = vaultHeaders(input())
    expect(headers['x-content-type-options']).toBe('nosniff')
    expect(headers['referrer-policy']).toBe('no-referrer')
    expect(headers['cross-origin-resource-policy']).toBe('same-site')
  })
})
