import { describe, expect, it } from 'vitest'
import { getSupportedChains } from '@sigil/lib/chains'
import { HttpError } from '@sigil/lib/errors/HttpError'
import { checkSignInMessage } from '@/server/siwe/checkSignInMessage'
import { deploymentChains } from './server'
import { serverSigilConfig } from './sigilConfig'

const ids = (chains: readonly { id: number }[]) => chains.map((chain) => chain.id)

describe('what the server applies of sigil.config.ts', () => {
  it('reads the chains, the statement and the copy, by the file’s rules, and nothing of the page’s part', () => {
    expect(serverSigilConfig({ chains: [8453, 1], signIn: { statement: 'Sign in to Acme.' }, copy: { fr: { 'connect.title': 'Choisir' } }, wallets: { featured: ['not-checked-here'] } })).toEqual({
      chains: [8453, 1],
      signIn: { statement: 'Sign in to Acme.' },
      copy: { fr: { 'connect.title': 'Choisir' } },
    })
    expect(() => serverSigilConfig({ chains: [8453, 8453] })).toThrow('chains[1]: chain 8453 is listed twice')
    expect(serverSigilConfig(undefined)).toEqual({ signIn: {}, copy: {} })
  })

  it('serves the file’s chains in its order; the local chain joins last when the environment enables it', () => {
    const withLocal = getSupportedChains({ includeLocal: true })
    const withoutLocal = getSupportedChains({ includeLocal: false })
    expect(ids(deploymentChains(withoutLocal, undefined))).toEqual(ids(withoutLocal))
    expect(ids(deploymentChains(withoutLocal, [8453, 1]))).toEqual([8453, 1])
    expect(ids(deploymentChains(withLocal, [8453, 1]))).toEqual([8453, 1, 31337])
    expect(ids(deploymentChains(withLocal, [31337, 8453]))).toEqual([31337, 8453])
    expect(() => deploymentChains(withoutLocal, [31337])).toThrow('sigil.config.ts chains: none of 31337 is served here (chain 31337 needs ENABLE_LOCAL_CHAIN=1)')
  })

  it('requires the deployment’s statement in a sign-in message, and no longer the default one', () => {
    const policy = { origins: ['https://acme.example'], chainIds: [1], rpcUrls: {}, statement: 'Sign in to Acme.' }
    const now = new Date('2030-01-01T00:00:00.000Z')
    const message = { address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', chainId: 1, domain: 'acme.example', uri: 'https://acme.example', nonce: 'abcdefgh1234', version: '1', issuedAt: now } as const
    expect(checkSignInMessage({ ...message, statement: 'Sign in to Acme.' }, policy, now)).toBe('https://acme.example')
    // The default one, or none at all (which EIP-4361 allows, and the default policy too): refused.
    for (const statement of ['Sign in to Sigil to prove you own this address.', undefined]) {
      const refusal = (() => {
        try {
          checkSignInMessage({ ...message, statement }, policy, now)
          return 'accepted'
        } catch (error) {
          return (error as HttpError).code
        }
      })()
      expect(refusal, String(statement)).toBe('statement_mismatch')
    }
  })
})
