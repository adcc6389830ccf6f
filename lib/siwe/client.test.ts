import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { parseSiweMessage } from 'viem/siwe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ChainNotSupportedError, InvalidAddressError } from '@/lib/errors/wallet'
import { HttpError } from '@/lib/errors/HttpError'
import { openFreshPgliteStore } from '@/tests/fixtures/pgliteFolders'
import type { Store } from '@sigil/server/store/types'
import { createSignInMessage, fetchNonce, fetchSession, signOut, verifySignIn, type AuthClientOptions } from './client'
import { createAuthRoutes } from '@sigil/server/siwe/routes'
import { DEFAULT_AUTH_LIMITS } from '@sigil/server/siwe/limits'

const ORIGIN = 'http://localhost:3000'
const account = privateKeyToAccount(generatePrivateKey())

describe('createSignInMessage', () => {
  it('names the page host as domain and its origin as uri, valid for 10 minutes', () => {
    const now = new Date('2030-05-01T12:00:00.000Z')
    const message = createSignInMessage({ address: account.address.toLowerCase(), chainId: 8453, nonce: 'abcdefgh1234', origin: 'https://sigil.example', now })
    expect(parseSiweMessage(message)).toMatchObject({
      address: account.address,
      chainId: 8453,
      domain: 'sigil.example',
      uri: 'https://sigil.example',
      nonce: 'abcdefgh1234',
      version: '1',
      statement: 'Sign in to Sigil to prove you own this address.',
      issuedAt: now,
      expirationTime: new Date('2030-05-01T12:10:00.000Z'),
    })
  })

  it('keeps a port in the domain', () => {
    expect(parseSiweMessage(createSignInMessage({ address: account.address, chainId: 1, nonce: 'abcdefgh1234', origin: ORIGIN })).domain).toBe('localhost:3000')
  })

  it('throws typed errors for a bad address or chain id', () => {
    expect(() => createSignInMessage({ address: '0x1234', chainId: 1, nonce: 'abcdefgh1234', origin: ORIGIN })).toThrow(InvalidAddressError)
    expect(() => createSignInMessage({ address: account.address, chainId: 0, nonce: 'abcdefgh1234', origin: ORIGIN })).toThrow(ChainNotSupportedError)
  })
})

describe('client against the routes', () => {
  let store: Store
  let options: AuthClientOptions
  beforeAll(async () => {
    store = await openFreshPgliteStore()
    const routes = createAuthRoutes({
      config: () => ({
        policy: { origins: [ORIGIN], chainIds: [1, 31337], rpcUrls: {} },
        sessionSecrets: ['client-test-secret-0123456789abcdefghijkl'],
        secureCookies: false,
        limits: DEFAULT_AUTH_LIMITS,
      }),
      store: async () => store,
      log: () => undefined,
      clientIp: () => '127.0.0.1',
    })
    // A browser-like fetch: a cookie jar in front of the route handlers.
    const jar = new Map<string, string>()
    const handlers: Record<string, (request: Request) => Promise<Response>> = {
      'GET /api/auth/nonce': routes.nonce,
      'POST /api/auth/verify': routes.verify,
      'GET /api/auth/session': routes.session,
      'POST /api/auth/logout': routes.logout,
    }
    const browserFetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init)
      const headers = new Headers(request.headers)
      if (jar.size > 0) headers.set('cookie', [...jar].map(([name, value]) => `${name}=${value}`).join('; '))
      const handler = handlers[`${request.method} ${new URL(request.url).pathname}`]
      if (!handler) return new Response('<html>Not found</html>', { status: 404 })
      const response = await handler(new Request(request, { headers }))
      for (const line of response.headers.getSetCookie()) {
        const [pair = ''] = line.split(';')
        const [name = '', value = ''] = pair.split(/=(.*)/s)
        if (/Max-Age=0/.test(line)) jar.delete(name)
        else jar.set(name, value)
      }
      return response
    }
    options = { baseUrl: ORIGIN, fetch: browserFetch as typeof fetch }
  })
  afterAll(async () => { await store?.close() })

  it('signs in, reports the session, and signs out', async () => {
    expect(await fetchSession(options)).toBeNull()
    const nonce = await fetchNonce(options)
    const message = createSignInMessage({ address: account.address, chainId: 31337, nonce, origin: ORIGIN })
    const result = await verifySignIn({ message, signature: await account.signMessage({ message }) }, options)
    expect(result).toEqual({ address: account.address, chainId: 31337 })
    expect(await fetchSession(options)).toMatchObject({ address: account.address, chainId: 31337 })
    await signOut(options)
    expect(await fetchSession(options)).toBeNull()
  })

  it('throws the auth catalogue’s HttpError with the server status, code and message', async () => {
    const nonce = await fetchNonce(options)
    const message = createSignInMessage({ address: account.address, chainId: 31337, nonce, origin: 'https://elsewhere.example' })
    const error = await verifySignIn({ message, signature: await account.signMessage({ message }) }, options).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(HttpError)
    expect(error).toMatchObject({ status: 422, code: 'domain_mismatch', message: 'The sign-in message was made for another site.', retryable: false })
  })

  it('throws network_error (retryable) when the server cannot be reached', async () => {
    const error = await fetchNonce({ baseUrl: 'http://127.0.0.1:1' }).catch((caught: unknown) => caught)
    expect(error).toMatchObject({ name: 'HttpError', api: 'auth', status: 0, code: 'network_error', retryable: true })
  })

  it('throws unexpected_response for an answer that is not the API’s JSON', async () => {
    const html = (async () => new Response('<html>gateway error</html>', { status: 502 })) as unknown as typeof fetch
    await expect(fetchNonce({ fetch: html })).rejects.toMatchObject({ status: 502, code: 'unexpected_response' })
    const wrongShape = (async () => Response.json({ nonce: 42 })) as unknown as typeof fetch
    await expect(fetchNonce({ fetch: wrongShape })).rejects.toMatchObject({ status: 200, code: 'unexpected_response' })
  })
})
