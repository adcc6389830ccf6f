import { createEncodedRecap, formatMessage, populateAuthPayload } from '@walletconnect/utils'
import { describe, expect, it } from 'vitest'
import { encodeSignInRecap, readSignInRecap, signInRecapStatement } from './recap'

const statement = 'Sign in to Sigil to prove you own this address.'
const chains = [1, 8453, 31337]
const b64 = (json: string) => `urn:recap:${btoa(json).replace(/=+$/, '')}`

describe('the sign-in ReCap', () => {
  it('is written as WalletConnect writes the request the app sends, and the one its wallet SDK narrows to its chains', () => {
    expect(encodeSignInRecap()).toBe(createEncodedRecap('eip155', 'request', ['personal_sign']))
    const populated = populateAuthPayload({
      authPayload: { type: 'caip122', chains: ['eip155:1', 'eip155:8453', 'eip155:31337'], statement, aud: 'https://sigil.example', domain: 'sigil.example', version: '1', nonce: 'abcdefgh1234', iat: '2030-01-01T00:00:00.000Z', resources: [encodeSignInRecap()] },
      chains: ['eip155:31337', 'eip155:1'],
      methods: ['personal_sign', 'eth_sendTransaction'],
    })
    expect(populated.resources).toEqual([encodeSignInRecap([1, 31337])])
    expect(populated.statement).toBe(signInRecapStatement(statement))
  })

  it('makes the statement WalletConnect’s message shows', () => {
    const message = formatMessage(
      { type: 'caip122', statement, aud: 'https://sigil.example', domain: 'sigil.example', version: '1', nonce: 'abcdefgh1234', iat: '2030-01-01T00:00:00.000Z', resources: [encodeSignInRecap([1])] },
      'did:pkh:eip155:1:0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
    )
    expect(message.split('\n')[3]).toBe(signInRecapStatement(statement))
  })

  it('reads back the app’s own ReCap, unlimited or limited to some of the app’s chains', () => {
    expect(readSignInRecap(encodeSignInRecap(), chains)).toEqual({ chainIds: undefined })
    expect(readSignInRecap(encodeSignInRecap([31337, 1]), chains)).toEqual({ chainIds: [31337, 1] })
  })

  it('refuses any other ReCap or spelling', () => {
    const refused = [
      'https://example.com/resource',
      'urn:recap:',
      'urn:recap:not base64!',
      b64('{"att":{"eip155":{"request/personal_sign":[{}]}}}') + '=', // padded: another spelling
      b64('{"att":{"eip155":{"request/personal_sign":[{}]}},"prf":[]}'), // proofs
      b64('{"att":{"eip155":{"request/eth_sendTransaction":[{}]}}}'), // another method
      b64('{"att":{"eip155":{"request/personal_sign":[{}],"request/eth_sendTransaction":[{}]}}}'), // an extra one
      b64('{"att":{"eip155":{"request/personal_sign":[{}]},"https://example.com":{"crud/read":[{}]}}}'), // another resource
      b64('{"att":{"solana":{"request/personal_sign":[{}]}}}'),
      b64('{"att":{"eip155":{"request/personal_sign":[{},{}]}}}'),
      b64('{"att":{"eip155":{"request/personal_sign":[{"chains":[]}]}}}'),
      b64('{"att":{"eip155":{"request/personal_sign":[{"chains":["eip155:10"]}]}}}'), // not an app chain
      b64('{"att":{"eip155":{"request/personal_sign":[{"chains":["eip155:1","eip155:1"]}]}}}'),
      b64('{"att":{"eip155":{"request/personal_sign":[{"chains":["eip155:01"]}]}}}'),
      b64('{"att":{"eip155":{"request/personal_sign":[{"chains":["eip155:1"],"until":"2100"}]}}}'),
      b64('{ "att":{"eip155":{"request/personal_sign":[{}]}}}'), // whitespace: another spelling
    ]
    for (const resource of refused) expect(readSignInRecap(resource, chains), resource).toBeNull()
  })
})
