import { describe, expect, it } from 'vitest'
import { HttpError } from '@/lib/http/HttpError'
import { checkSignInMessage } from './checkSignInMessage'
import type { SignInMessage } from './parseSignInMessage'
import type { SignInPolicy } from './policy'

const policy: SignInPolicy = {
  origins: ['https://sigil.example', 'https://preview-42.sigil.dev', 'http://localhost:3000'],
  chainIds: [1, 8453],
  rpcUrls: {},
}
const now = new Date('2030-01-01T00:00:00.000Z')
const base: SignInMessage = {
  address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  chainId: 1,
  domain: 'sigil.example',
  uri: 'https://sigil.example',
  nonce: 'abcdefgh1234',
  version: '1',
  issuedAt: now,
}
const codeOf = (message: Partial<SignInMessage>) => {
  try {
    checkSignInMessage({ ...base, ...message }, policy, now)
    return 'ok'
  } catch (error) {
    return error instanceof HttpError ? error.code : 'unexpected'
  }
}

describe('checkSignInMessage', () => {
  it('accepts any of the configured origins (APP_ORIGIN is a list) and returns the one matched', () => {
    expect(checkSignInMessage({ ...base, domain: 'preview-42.sigil.dev', uri: 'https://preview-42.sigil.dev/login' }, policy, now)).toBe('https://preview-42.sigil.dev')
    expect(codeOf({ domain: 'localhost:3000', uri: 'http://localhost:3000' })).toBe('ok')
  })

  it('matches domains exactly: no subdomains, no suffixes, no other ports', () => {
    expect(codeOf({ domain: 'evil.sigil.example' })).toBe('domain_mismatch')
    expect(codeOf({ domain: 'sigil.example.evil.com' })).toBe('domain_mismatch')
    expect(codeOf({ domain: 'localhost:3001', uri: 'http://localhost:3001' })).toBe('domain_mismatch')
    expect(codeOf({ domain: 'preview-43.sigil.dev', uri: 'https://preview-43.sigil.dev' })).toBe('domain_mismatch')
  })

  it('compares the domain case-insensitively, as hosts are', () => {
    expect(codeOf({ domain: 'SIGIL.example' })).toBe('ok')
  })

  it('requires the uri on the same origin as the domain', () => {
    expect(codeOf({ uri: 'https://preview-42.sigil.dev' })).toBe('uri_mismatch')
    expect(codeOf({ uri: 'http://sigil.example' })).toBe('uri_mismatch')
    expect(codeOf({ uri: 'urn:sigil' })).toBe('uri_mismatch')
    expect(codeOf({ uri: 'https://sigil.example/deep/path?x=1' })).toBe('ok')
  })

  it('rejects a scheme that is not the origin’s', () => {
    expect(codeOf({ scheme: 'http' })).toBe('domain_mismatch')
    expect(codeOf({ scheme: 'https' })).toBe('ok')
  })

  it('rejects chains outside the supported list', () => {
    expect(codeOf({ chainId: 10 })).toBe('unsupported_chain')
    expect(codeOf({ chainId: 8453 })).toBe('ok')
  })

  it('checks expiration, not-before and issued-at against now (one minute of clock skew)', () => {
    expect(codeOf({ expirationTime: now })).toBe('message_expired')
    expect(codeOf({ expirationTime: new Date(now.getTime() + 1) })).toBe('ok')
    expect(codeOf({ notBefore: new Date(now.getTime() + 1) })).toBe('message_not_yet_valid')
    expect(codeOf({ issuedAt: new Date(now.getTime() + 59_000) })).toBe('ok')
    expect(codeOf({ issuedAt: new Date(now.getTime() + 61_000) })).toBe('message_not_yet_valid')
  })
})
