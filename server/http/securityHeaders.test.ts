import { describe, expect, it } from 'vitest'
import { getScriptNonceFromHeader } from 'next/dist/server/app-render/get-script-nonce-from-header'
import { egressEntries, type EgressConfig } from '@sigil/connectors/egress'
import { browserRpcMap } from '@sigil/lib/config/rpc'
import { getSupportedChains } from '@sigil/lib/chains'
import { COINBASE_SDK_STYLE_HASHES, NEXT_BUILTIN_STYLE_HASHES } from './inlineStyleHashes'
import { connectSources, contentSecurityPolicy, createNonce, frameSources, securityHeaders, type SecurityHeadersInput } from './securityHeaders'

const NONCE = 'bm9uY2Utbm9uY2Utbm9uY2U='

// The policy as the app builds it: the families' declarations for a configuration (tests reach across layers).
const input = (config: Partial<EgressConfig> = {}, overrides: Partial<Omit<SecurityHeadersInput, 'publicConfig' | 'egress'>> = {}): SecurityHeadersInput => {
  const egressConfig: EgressConfig = { walletConnectProjectId: '', walletConnectRelayUrl: undefined, coinbasePreference: undefined, coinbaseKeysUrl: undefined, vaultOrigin: undefined, ...config }
  return { nonce: NONCE, production: true, publicConfig: { vaultOrigin: egressConfig.vaultOrigin }, egress: egressEntries(egressConfig), ...overrides }
}

/** The policy as a map: directive → its sources. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split(';').map((part) => {
      const [name = '', ...sources] = part.trim().split(/\s+/)
      return [name, sources]
    }),
  )
}

describe('contentSecurityPolicy', () => {
  it('runs only scripts with the nonce (and what they load), never inline or eval in production', () => {
    const policy = directives(contentSecurityPolicy(input()))
    expect(policy.get('script-src')).toEqual([`'nonce-${NONCE}'`, "'strict-dynamic'"])
    expect(policy.get('object-src')).toEqual(["'none'"])
    expect(policy.get('base-uri')).toEqual(["'none'"])
    expect(policy.get('form-action')).toEqual(["'self'"])
    expect(policy.get('frame-ancestors')).toEqual(["'none'"])
    expect(policy.get('default-src')).toEqual(["'self'"])
    expect(contentSecurityPolicy(input())).not.toMatch(/unsafe-eval/)
    expect(policy.get('script-src')).not.toContain("'unsafe-inline'")
  })

  it('loads images from this origin and data URIs only: ENS avatars come through /api/ens/<address>/avatar, not from their hosts', () => {
    for (const production of [true, false]) {
      expect(directives(contentSecurityPolicy(input({}, { production }))).get('img-src')).toEqual(["'self'", 'data:'])
    }
    expect(contentSecurityPolicy(input())).not.toMatch(/https:(;|\s|$)/)
  })

  it("adds 'unsafe-eval' to scripts outside production only (next dev's HMR and React's error stacks)", () => {
    expect(directives(contentSecurityPolicy(input({}, { production: false }))).get('script-src')).toEqual([`'nonce-${NONCE}'`, "'strict-dynamic'", "'unsafe-eval'"])
  })

  it("allows inline styles in production by nonce, or by hash for the build's CSS and the Coinbase SDK's; 'unsafe-inline' for style attributes only", () => {
    const build = ["'sha256-AAAA'", "'sha256-BBBB'"]
    const policy = directives(contentSecurityPolicy(input({}, { styleHashes: build })))
    expect(policy.get('style-src')).toEqual(["'self'", `'nonce-${NONCE}'`])
    expect(policy.get('style-src-elem')).toEqual(["'self'", `'nonce-${NONCE}'`, ...build, ...NEXT_BUILTIN_STYLE_HASHES, ...COINBASE_SDK_STYLE_HASHES])
    expect(policy.get('style-src-attr')).toEqual(["'unsafe-inline'"])
  })

  it("keeps 'unsafe-inline' styles without a nonce under next dev (its overlay's <style> elements carry none)", () => {
    const policy = directives(contentSecurityPolicy(input({}, { production: false })))
    expect(policy.get('style-src')).toEqual(["'self'", "'unsafe-inline'"])
    expect(policy.has('style-src-elem')).toBe(false)
  })

  it("enforces Trusted Types in production, with the one 'default' policy (chunk URLs only); not under next dev", () => {
    const policy = directives(contentSecurityPolicy(input()))
    expect(policy.get('require-trusted-types-for')).toEqual(["'script'"])
    expect(policy.get('trusted-types')).toEqual(['default'])
    expect(contentSecurityPolicy(input())).not.toMatch(/allow-duplicates/)
    const development = directives(contentSecurityPolicy(input({}, { production: false })))
    expect(development.has('require-trusted-types-for')).toBe(false)
    expect(development.has('trusted-types')).toBe(false)
  })

  it('gives Next the nonce it stamps on its scripts (Next parses it from the request header)', () => {
    expect(getScriptNonceFromHeader(contentSecurityPolicy(input()))).toBe(NONCE)
    const fresh = createNonce()
    expect(getScriptNonceFromHeader(contentSecurityPolicy(input({}, { nonce: fresh })))).toBe(fresh)
  })

  it('frames nothing without WalletConnect, and only its Verify iframe with it', () => {
    expect(directives(contentSecurityPolicy(input())).get('frame-src')).toEqual(["'none'"])
    expect(directives(contentSecurityPolicy(input({ walletConnectProjectId: 'abc' }))).get('frame-src')).toEqual([
      'https://verify.walletconnect.org',
      'https://verify.walletconnect.com',
    ])
  })
})

describe('connectSources and frameSources: built from the families\' declarations', () => {
  it("is 'self' alone for the default configuration: every chain read and broadcast is same-origin", () => {
    const rpcUrls = browserRpcMap(getSupportedChains({ includeLocal: true }), { projectId: '', overrides: { 31337: 'http://127.0.0.1:8545' } })
    expect(Object.values(rpcUrls).every((url) => url.startsWith('/api/rpc/'))).toBe(true)
    expect(connectSources(input().egress)).toEqual(["'self'"])
    expect(contentSecurityPolicy(input())).not.toMatch(/127\.0\.0\.1|reth\.rs|publicnode|base\.org|optimism\.io/)
  })

  it('lists exactly the connect entries it is given, as distinct origins, after self', () => {
    const egress = [
      { origin: 'https://a.example', directive: 'connect', purpose: 'a' },
      { origin: 'https://a.example', directive: 'connect', purpose: 'again' },
      { origin: 'https://b.example', directive: 'frame', purpose: 'b' },
      { origin: 'https://c.example', directive: 'popup', purpose: 'c' },
    ] as const
    expect(connectSources(egress)).toEqual(["'self'", 'https://a.example'])
    expect(frameSources(egress)).toEqual(['https://b.example'])
    expect(frameSources([])).toEqual(["'none'"])
    const policy = contentSecurityPolicy({ ...input(), egress })
    expect(policy).not.toContain('https://c.example')
  })

  it('adds the WalletConnect relay, API, Pulse and Verify hosts only when a project id is set', () => {
    expect(connectSources(input({ walletConnectProjectId: '  ' }).egress)).toEqual(["'self'"])
    expect(connectSources(input({ walletConnectProjectId: 'abc' }).egress)).toEqual([
      "'self'",
      'wss://relay.walletconnect.org',
      'wss://relay.walletconnect.com',
      'https://verify.walletconnect.org',
      'https://verify.walletconnect.com',
      'https://rpc.walletconnect.org',
      'https://pulse.walletconnect.org',
    ])
  })

  it('names a self-hosted relay (WALLETCONNECT_RELAY_URL) instead of the default ones, port included', () => {
    const sources = connectSources(input({ walletConnectProjectId: 'abc', walletConnectRelayUrl: 'ws://127.0.0.1:4123/?auth=x' }).egress)
    expect(sources).toContain('ws://127.0.0.1:4123')
    expect(sources).not.toContain('wss://relay.walletconnect.org')
    expect(sources.join(' ')).not.toContain('auth=')
  })

  it("adds Coinbase's WalletLink hosts only when its popup may hand over to the Coinbase Wallet app, and never its popup", () => {
    expect(connectSources(input().egress)).toEqual(["'self'"])
    expect(connectSources(input({ coinbasePreference: 'smartWalletOnly' }).egress)).toEqual(["'self'"])
    for (const coinbasePreference of ['all', 'eoaOnly'] as const) {
      expect(connectSources(input({ coinbasePreference }).egress)).toEqual(["'self'", 'https://www.walletlink.org', 'wss://www.walletlink.org'])
    }
    expect(contentSecurityPolicy(input())).not.toContain('keys.coinbase.com')
  })

  it('frames the vault when there is one, and never fetches it', () => {
    const egress = input({ vaultOrigin: 'https://vault.sigil.example' }).egress
    expect(frameSources(egress)).toEqual(['https://vault.sigil.example'])
    expect(connectSources(egress)).toEqual(["'self'"])
  })
})

describe('securityHeaders', () => {
  it('sends the CSP, Permissions-Policy, COOP and the old headers; HSTS in production only', () => {
    const production = securityHeaders(input())
    expect(production).toEqual({
      'content-security-policy': contentSecurityPolicy(input()),
      'permissions-policy': expect.any(String),
      'cross-origin-opener-policy': 'same-origin-allow-popups',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'x-frame-options': 'DENY',
      'strict-transport-security': 'max-age=63072000; includeSubDomains',
    })
    expect(securityHeaders(input({}, { production: false }))).not.toHaveProperty('strict-transport-security')
  })

  it('allows passkeys and clipboard writes for this origin and turns the rest off', () => {
    const rules = new Map(securityHeaders(input())['permissions-policy']!.split(', ').map((rule) => rule.split('=') as [string, string]))
    expect(rules.get('publickey-credentials-get')).toBe('(self)')
    expect(rules.get('publickey-credentials-create')).toBe('(self)')
    expect(rules.get('clipboard-write')).toBe('(self)')
    for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb', 'clipboard-read']) expect(rules.get(feature), feature).toBe('()')
    expect([...rules.values()].filter((value) => value !== '()')).toHaveLength(3)
  })

  it('keeps every header value on one line (a newline would split the header)', () => {
    for (const value of Object.values(securityHeaders(input({ walletConnectProjectId: 'abc' })))) expect(value).not.toMatch(/[\r\n]/)
  })
})

describe('createNonce', () => {
  it('is 16 random bytes in base64, different every time', () => {
    const nonces = new Set(Array.from({ length: 100 }, () => createNonce()))
    expect(nonces.size).toBe(100)
    for (const nonce of nonces) expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/)
    expect(createNonce(new Uint8Array(16).fill(255))).toBe('/////////////////////w==')
  })
})
