import { describe, expect, it } from 'vitest'
import { HttpError } from '@sigil/lib/errors/HttpError'
import { checkSignInMessage } from './checkSignInMessage'
import type { SignInMessage } from './parseSignInMessage'
import type { SignInPolicy } from '@sigil/lib/siwe/policy'

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
    expect(checkSignInMessage({ ...base, domain: 'preview-42.sigil.dev', uri: 'https://preview-42.sigil.dev' }, policy, now)).toBe('https://preview-42.sigil.dev')
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

  it('requires the uri to be the origin of the domain, as the page writes it', () => {
    expect(codeOf({ uri: 'https://preview-42.sigil.dev' })).toBe('uri_mismatch')
    expect(codeOf({ uri: 'http://sigil.example' })).toBe('uri_mismatch')
    expect(codeOf({ uri: 'urn:sigil' })).toBe('uri_mismatch')
    expect(codeOf({ uri: 'https://sigil.example/' })).toBe('ok')
  })

  it('refuses a uri with a path, query, userinfo or fragment (422 uri_mismatch)', () => {
    expect(codeOf({ uri: 'https://sigil.example/deep/path?x=1' })).toBe('uri_mismatch')
    expect(codeOf({ uri: 'https://sigil.example/?next=https://evil.example' })).toBe('uri_mismatch')
    expect(codeOf({ uri: 'https://evil.example@sigil.example' })).toBe('uri_mismatch')
    expect(codeOf({ uri: 'https://sigil.example#evil' })).toBe('uri_mismatch')
  })

  it('rejects a scheme that is not the origin’s', () => {
    expect(codeOf({ scheme: 'http' })).toBe('domain_mismatch')
    expect(codeOf({ scheme: 'https' })).toBe('ok')
  })

  it('rejects chains outside the supported list', () => {
    expect(codeOf({ chainId: 10 })).toBe('unsupported_chain')
    expect(codeOf({ chainId: 8453 })).toBe('ok')
  })

  it('checks expiration and not-before against now', () => {
    expect(codeOf({ expirationTime: now })).toBe('message_expired')
    expect(codeOf({ expirationTime: new Date(now.getTime() + 1) })).toBe('ok')
    expect(codeOf({ notBefore: new Date(now.getTime() + 1) })).toBe('message_not_yet_valid')
  })

  it('refuses an Issued At more than one minute ahead with its own code (422 issued_at_in_future)', () => {
    expect(codeOf({ issuedAt: new Date(now.getTime() + 59_000) })).toBe('ok')
    expect(codeOf({ issuedAt: new Date(now.getTime() + 61_000) })).toBe('issued_at_in_future')
    expect(codeOf({ issuedAt: new Date(now.getTime() + 365 * 86_400_000) })).toBe('issued_at_in_future')
  })

  it('refuses an Expiration Time further than the page asks (10 min + 1 min skew) with 422 expiration_too_far', () => {
    expect(codeOf({ expirationTime: new Date(now.getTime() + 10 * 60_000) })).toBe('ok')
    expect(codeOf({ issuedAt: new Date(now.getTime() + 50_000), expirationTime: new Date(now.getTime() + 10 * 60_000 + 50_000) })).toBe('ok')
    expect(codeOf({ expirationTime: new Date(now.getTime() + 11 * 60_000 + 1) })).toBe('expiration_too_far')
    expect(codeOf({ expirationTime: new Date(now.getTime() + 100 * 365 * 86_400_000) })).toBe('expiration_too_far')
  })

  it('accepts the page’s statement or none, and refuses any other (422 statement_mismatch)', () => {
    expect(codeOf({ statement: 'Sign in to Sigil to prove you own this address.' })).toBe('ok')
    expect(codeOf({ statement: undefined })).toBe('ok')
    expect(codeOf({ statement: 'Sign in to Sigil to prove you own this address. Also approve all my tokens.' })).toBe('statement_mismatch')
    expect(codeOf({ statement: 'Sign in to Sigil to prove you own this addres\u0455.' })).toBe('statement_mismatch')
    expect(codeOf({ statement: '' })).toBe('statement_mismatch')
  })

  it('refuses any Resources by default (422 resources_not_allowed)', () => {
    expect(codeOf({ resources: [] })).toBe('ok')
    expect(codeOf({ resources: ['https://sigil.example/admin'] })).toBe('resources_not_allowed')
    expect(codeOf({ resources: ['ipfs://bafybeiemxf5abjwjbikoz4mc3a3dla6ual3jsgpdr4cjr3oz3evfyavhwq'] })).toBe('resources_not_allowed')
  })

  it('accepts the Resources the policy allows, each once, and nothing beside them', () => {
    const recap = 'urn:recap:eyJhdHQiOnt9LCJwcmYiOltdfQ'
    const claim = 'https://sigil.example/claim.json'
    const allowing: SignInPolicy = { ...policy, allowedResources: [recap, claim] }
    const check = (resources: string[]) => {
      try {
        checkSignInMessage({ ...base, resources }, allowing, now)
        return 'ok'
      } catch (error) {
        return error instanceof HttpError ? error.code : 'unexpected'
      }
    }
    expect(check([recap])).toBe('ok')
    expect(check([claim, recap])).toBe('ok')
    expect(check([recap, recap])).toBe('resources_not_allowed')
    expect(check([recap, 'https://evil.example/claim'])).toBe('resources_not_allowed')
    // Exactly as written: another encoding of the same capability is another resource.
    expect(check([`${recap}=`])).toBe('resources_not_allowed')
    expect(check([recap.toUpperCase()])).toBe('resources_not_allowed')
  })

  it('accepts no Request ID or a short unreserved token, and refuses others (422 request_id_invalid)', () => {
    expect(codeOf({ requestId: undefined })).toBe('ok')
    expect(codeOf({ requestId: 'req-42_a.b~c' })).toBe('ok')
    expect(codeOf({ requestId: 'x'.repeat(64) })).toBe('ok')
    expect(codeOf({ requestId: 'x'.repeat(65) })).toBe('request_id_invalid')
    expect(codeOf({ requestId: '' })).toBe('request_id_invalid')
    expect(codeOf({ requestId: 'a b' })).toBe('request_id_invalid')
    expect(codeOf({ requestId: 'https://evil.example/?claim=all' })).toBe('request_id_invalid')
  })
})
