import { describe, expect, it } from 'vitest'
import { encodeSignInRecap } from '@sigil/lib/siwe/recap'
import { authenticateParams, signedInFromCacaos, type Cacao } from './oneTapSignIn'

const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const cacao = (iss: string, t = 'eip191', s = '0xabcd'): Cacao => ({
  h: { t: 'caip122' },
  p: { iss, domain: 'sigil.example', aud: 'https://sigil.example', version: '1', nonce: 'abcdefgh1234', iat: '2030-01-01T00:00:00.000Z', resources: [encodeSignInRecap()] },
  s: { t, s },
})
const format = (payload: Cacao['p'], iss: string) => `${payload.domain} ${iss}`

describe('one-tap sign-in (connector side)', () => {
  it('asks with the page’s fields: domain and uri from its origin, its nonce and statement, 10 minutes, the session’s methods', () => {
    const now = new Date('2030-01-01T00:00:00.000Z')
    expect(authenticateParams({ nonce: 'abcdefgh1234', origin: 'https://sigil.example', chainIds: [1, 8453], now })).toEqual({
      chains: [1, 8453],
      domain: 'sigil.example',
      uri: 'https://sigil.example',
      nonce: 'abcdefgh1234',
      statement: 'Sign in to Sigil to prove you own this address.',
      methods: expect.arrayContaining(['personal_sign', 'eth_sendTransaction', 'wallet_switchEthereumChain']),
      exp: '2030-01-01T00:10:00.000Z',
    })
  })

  it('reads the signed sign-in from the first CACAO: the message from the formatter, the signer and chain from did:pkh', () => {
    expect(signedInFromCacaos([cacao(`did:pkh:eip155:8453:${address}`)], format)).toEqual({
      message: `sigil.example did:pkh:eip155:8453:${address}`,
      signature: '0xabcd',
      address,
      chainId: 8453,
      signatureType: 'eip191',
    })
    expect(signedInFromCacaos([cacao(`did:pkh:eip155:1:${address}`, 'eip1271')], format)?.signatureType).toBe('eip1271')
  })

  it('has nothing when the wallet approved a plain session, or the CACAO is not an Ethereum sign-in it can read', () => {
    expect(signedInFromCacaos(undefined, format)).toBeNull()
    expect(signedInFromCacaos([], format)).toBeNull()
    expect(signedInFromCacaos([cacao(`did:pkh:solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:${address}`)], format)).toBeNull()
    expect(signedInFromCacaos([cacao(`eip155:1:${address}`)], format)).toBeNull()
    expect(signedInFromCacaos([cacao(`did:pkh:eip155:1:${address}`, 'ed25519')], format)).toBeNull()
    expect(signedInFromCacaos([cacao(`did:pkh:eip155:1:${address}`, 'eip191', 'not hex')], format)).toBeNull()
    expect(signedInFromCacaos([cacao(`did:pkh:eip155:0:${address}`)], format)).toBeNull()
  })
})
