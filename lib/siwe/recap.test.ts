import { createEncodedRecap, formatMessage, populateAuthPayload } from '@walletconnect/utils'
import { describe, expect, it } from 'vitest'
import { encodeSignInRecap, readSignInRecap, SIGN_IN_RECAP_METHODS, signInRecapStatement } from './recap'

const statement = 'Sign in to Sigil to prove you own this address.'
const chains = [1, 8453, 31337]
const b64 = (json: string) => `urn:recap:${btoa(json).replace(/=+$/, '')}`
const payload = { type: 'caip122', statement, aud: 'https://sigil.example', domain: 'sigil.example', version: '1', nonce: 'abcdefgh1234', iat: '2030-01-01T00:00:00.000Z' }

describe('the sign-in ReCap', () => {
  it('is written as WalletConnect writes the request the app sends, and the one its wallet SDK narrows to its chains and methods', () => {
    // The connector asks for the methods in the session proposal's order; the SDK sorts them.
    expect(encodeSignInRecap()).toBe(createEncodedRecap('eip155', 'request', ['personal_sign', 'eth_sendTransaction', ...SIGN_IN_RECAP_METHODS.filter((m) => m !== 'personal_sign' && m !== 'eth_sendTransaction')]))
    const populated = populateAuthPayload({
      authPayload: { ...payload, chains: ['eip155:1', 'eip155:8453', 'eip155:31337'], resources: [encodeSignInRecap()] },
      chains: ['eip155:31337', 'eip155:1'],
      methods: ['personal_sign', 'eth_sendTransaction', 'eth_accounts', 'solana_signMessage'],
    })
    const narrowed = ['eth_accounts', 'eth_sendTransaction', 'personal_sign']
    expect(populated.resources).toEqual([encodeSignInRecap({ chainIds: [1, 31337], methods: narrowed })])
    expect(populated.statement).toBe(signInRecapStatement(statement, narrowed))
    expect(readSignInRecap(populated.resources![0]!, chains)).toEqual({ methods: narrowed, chainIds: [1, 31337] })
  })

  it('makes the statement WalletConnect’s message shows', () => {
    for (const methods of [SIGN_IN_RECAP_METHODS, ['personal_sign']]) {
      const message = formatMessage({ ...payload, resources: [encodeSignInRecap({ chainIds: [1], methods })] }, 'did:pkh:eip155:1:0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')
      expect(message.split('\n')[3]).toBe(signInRecapStatement(statement, methods))
    }
  })

  it('reads back the app’s own ReCap, unlimited or limited to some of the app’s chains, with some or all of its methods', () => {
    expect(readSignInRecap(encodeSignInRecap(), chains)).toEqual({ methods: [...SIGN_IN_RECAP_METHODS], chainIds: undefined })
    expect(readSignInRecap(encodeSignInRecap({ chainIds: [31337, 1] }), chains)).toEqual({ methods: [...SIGN_IN_RECAP_METHODS], chainIds: [31337, 1] })
    expect(readSignInRecap(encodeSignInRecap({ methods: ['personal_sign'] }), chains)).toEqual({ methods: ['personal_sign'], chainIds: undefined })
  })

  it('refuses any other ReCap or spelling', () => {
    const refused = [
      'https://example.com/resource',
      'urn:recap:',
      'urn:recap:not base64!',
      b64('{"att":{"eip155":{"request/personal_sign":[{}]}}}') + '=', // padded: another spelling
      b64('{"att":{"eip155":{"request/personal_sign":[{}]}},"prf":[]}'), // proofs
      b64('{"att":{"eip155":{}}}'), // nothing granted
      b64('{"att":{"eip155":{"request/eth_getBalance":[{}]}}}'), // a method the app does not ask for
      b64('{"att":{"eip155":{"request/personal_sign":[{}],"request/wallet_sendCalls":[{}]}}}'), // an extra one
      b64('{"att":{"eip155":{"sign/personal_sign":[{}]}}}'), // another ability
      b64('{"att":{"eip155":{"request/personal_sign":[{}]},"https://example.com":{"crud/read":[{}]}}}'), // another resource
      b64('{"att":{"solana":{"request/personal_sign":[{}]}}}'),
      b64('{"att":{"eip155":{"request/personal_sign":[{},{}]}}}'),
      b64('{"att":{"eip155":{"request/personal_sign":[{"chains":[]}]}}}'),
      b64('{"att":{"eip155":{"request/personal_sign":[{"chains":["eip155:10"]}]}}}'), // not an app chain
      b64('{"att":{"eip155":{"request/personal_sign":[{"chains":["eip155:1","eip155:1"]}]}}}'),
      b64('{"att":{"eip155":{"request/personal_sign":[{"chains":["eip155:01"]}]}}}'),
      b64('{"att":{"eip155":{"request/personal_sign":[{"chains":["eip155:1"],"until":"2100"}]}}}'),
      b64('{"att":{"eip155":{"request/eth_accounts":[{"chains":["eip155:1"]}],"request/personal_sign":[{}]}}}'), // limits differ
      b64('{"att":{"eip155":{"request/personal_sign":[{}],"request/eth_accounts":[{}]}}}'), // not sorted: another spelling
      b64('{ "att":{"eip155":{"request/personal_sign":[{}]}}}'), // whitespace: another spelling
    ]
    for (const resource of refused) expect(readSignInRecap(resource, chains), resource).toBeNull()
  })
})
