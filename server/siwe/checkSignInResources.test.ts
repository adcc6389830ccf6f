import { describe, expect, it } from 'vitest'
import { HttpError } from '@sigil/lib/errors/HttpError'
import { authCatalogue } from '@sigil/lib/siwe/catalogue'
import { linkStatement } from '@sigil/lib/siwe/link'
import { encodeSignInRecap, signInRecapStatement } from '@sigil/lib/siwe/recap'
import type { SignInPolicy } from '@sigil/lib/siwe/policy'
import { checkSignInMessage } from './checkSignInMessage'
import type { SignInMessage } from './parseSignInMessage'

const policy: SignInPolicy = { origins: ['https://sigil.example'], chainIds: [1, 8453], rpcUrls: {}, signInRecap: true }
const now = new Date('2030-01-01T00:00:00.000Z')
const oneTap: SignInMessage = {
  address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  chainId: 1,
  domain: 'sigil.example',
  uri: 'https://sigil.example',
  nonce: 'abcdefgh1234',
  version: '1',
  issuedAt: now,
  statement: signInRecapStatement(authCatalogue.statement),
  resources: [encodeSignInRecap({ chainIds: [1, 8453] })],
}
const codeOf = (message: Partial<SignInMessage>, with_: SignInPolicy = policy) => {
  try {
    checkSignInMessage({ ...oneTap, ...message }, with_, now)
    return 'ok'
  } catch (error) {
    return error instanceof HttpError ? error.code : 'unexpected'
  }
}
const foreign = (json: string) => `urn:recap:${btoa(json).replace(/=+$/, '')}`

describe('the one-tap sign-in ReCap (policy)', () => {
  it('accepts the app’s ReCap with exactly its statement, unlimited or limited to chains that include the message’s', () => {
    expect(codeOf({})).toBe('ok')
    expect(codeOf({ resources: [encodeSignInRecap()] })).toBe('ok')
    expect(codeOf({ resources: [encodeSignInRecap({ chainIds: [1] })] })).toBe('ok')
    expect(codeOf({ chainId: 8453, resources: [encodeSignInRecap({ chainIds: [8453] })] })).toBe('ok')
    // A wallet that narrowed the methods to those it has: the statement lists those.
    expect(codeOf({ resources: [encodeSignInRecap({ methods: ['personal_sign', 'eth_accounts'] })], statement: signInRecapStatement(authCatalogue.statement, ['personal_sign', 'eth_accounts']) })).toBe('ok')
    expect(codeOf({ resources: [encodeSignInRecap({ methods: ['personal_sign', 'eth_accounts'] })] })).toBe('statement_mismatch')
  })

  it('refuses a foreign ReCap, an extra resource or a ReCap for another chain (resources_not_allowed)', () => {
    expect(codeOf({ resources: [foreign('{"att":{"eip155":{"request/eth_getBalance":[{}]}}}')] })).toBe('resources_not_allowed')
    expect(codeOf({ resources: [foreign('{"att":{"eip155":{"request/personal_sign":[{}],"request/wallet_sendCalls":[{}]}}}')] })).toBe('resources_not_allowed')
    expect(codeOf({ resources: [foreign('{"att":{"https://evil.example":{"crud/write":[{}]}}}')] })).toBe('resources_not_allowed')
    expect(codeOf({ resources: ['https://sigil.example/terms', encodeSignInRecap({ chainIds: [1] })] })).toBe('resources_not_allowed')
    expect(codeOf({ resources: [encodeSignInRecap({ chainIds: [1] }), 'https://sigil.example/terms'] })).toBe('resources_not_allowed')
    expect(codeOf({ resources: [encodeSignInRecap({ chainIds: [1] }), encodeSignInRecap({ chainIds: [1] })] })).toBe('resources_not_allowed')
    expect(codeOf({ resources: [encodeSignInRecap({ chainIds: [8453] })] })).toBe('resources_not_allowed')
    expect(codeOf({ resources: [encodeSignInRecap({ chainIds: [1, 10] })] })).toBe('resources_not_allowed')
  })

  it('refuses a changed statement: the plain one, none, another ability sentence (statement_mismatch)', () => {
    expect(codeOf({ statement: authCatalogue.statement })).toBe('statement_mismatch')
    expect(codeOf({ statement: undefined })).toBe('statement_mismatch')
    expect(codeOf({ statement: signInRecapStatement(authCatalogue.statement).replace("'personal_sign', ", '') })).toBe('statement_mismatch')
    expect(codeOf({ statement: `${signInRecapStatement(authCatalogue.statement)} Also send my funds.` })).toBe('statement_mismatch')
  })

  it('is refused where the policy does not allow it, and the plain two-step message is unchanged', () => {
    expect(codeOf({}, { ...policy, signInRecap: false })).toBe('resources_not_allowed')
    expect(codeOf({ statement: authCatalogue.statement, resources: undefined })).toBe('ok')
    expect(codeOf({ statement: undefined, resources: undefined })).toBe('ok')
    expect(codeOf({ statement: signInRecapStatement(authCatalogue.statement), resources: undefined })).toBe('statement_mismatch')
  })

  it('a link message signed in one tap: the statement naming the account, then the ReCap’s sentence; nothing else links', () => {
    const accountId = '0f1e2d3c-4b5a-4697-8877-665544332211'
    const expected = { statement: linkStatement(accountId) }
    const linkCode = (message: Partial<SignInMessage>) => {
      try {
        checkSignInMessage({ ...oneTap, ...message }, policy, now, expected)
        return 'ok'
      } catch (error) {
        return error instanceof HttpError ? error.code : 'unexpected'
      }
    }
    expect(linkCode({ statement: signInRecapStatement(linkStatement(accountId)) })).toBe('ok')
    expect(linkCode({ statement: linkStatement(accountId), resources: undefined })).toBe('ok')
    // With the ReCap, the sentence must follow; without it, none may.
    expect(linkCode({ statement: linkStatement(accountId) })).toBe('statement_mismatch')
    expect(linkCode({ statement: signInRecapStatement(linkStatement(accountId)), resources: undefined })).toBe('statement_mismatch')
    // Another account's statement, the sign-in's, or none: never a link.
    expect(linkCode({ statement: signInRecapStatement(linkStatement('ffffffff-ffff-4fff-8fff-ffffffffffff')) })).toBe('statement_mismatch')
    expect(linkCode({})).toBe('statement_mismatch')
    expect(linkCode({ statement: undefined })).toBe('statement_mismatch')
    expect(linkCode({ statement: undefined, resources: undefined })).toBe('statement_mismatch')
    // And a one-tap link message never signs in.
    expect(codeOf({ statement: signInRecapStatement(linkStatement(accountId)) })).toBe('statement_mismatch')
  })
})
