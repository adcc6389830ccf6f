import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { serverFamilies } from '@sigil/connectors/serverFamilies'
import { openFreshPgliteStore } from '@/tests/fixtures/pgliteFolders'
import type { Store } from '@/server/store/types'
import { createRoutes, siweMessage, uniqueIp } from '@/tests/unit/siwe/authHarness'
import { authApiHandler, createAuthApi } from './api'
import type { AuthRoutes } from './routes'

/**
 * The sign-in API as one self-guarding handler, for a host's catch-all route file: what another app
 * writes instead of Sigil's eleven route files (and its proxy's guard of them).
 */

/** The app's origin under test (the environment's default). */
const APP = 'http://localhost:3000'
const PATHS = ['/api/auth/nonce', '/api/auth/verify', '/api/auth/session', '/api/auth/logout', '/api/auth/sessions', '/api/auth/sessions/revoke', '/api/auth/account', '/api/auth/recoveries', '/api/auth/link/nonce', '/api/auth/link', '/api/auth/unlink']

let store: Store
beforeAll(async () => { store = await openFreshPgliteStore() })
afterAll(async () => { await store?.close() })

/** Handlers that answer with their own name: which one a request reached. */
const naming = new Proxy({} as AuthRoutes, { get: (_target, name) => async () => new Response(String(name)) })
const pageRequest = (path: string, method = 'GET', headers: Record<string, string> = {}) =>
  new Request(`${APP}${path}`, { method, headers: { host: 'localhost:3000', origin: APP, 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors', 'sec-fetch-dest': 'empty', ...headers }, ...(method === 'POST' ? { body: '{}' } : {}) })

describe('the sign-in API as one handler (a catch-all route file)', () => {
  it('serves every route handler at its path, by its method', async () => {
    const real = createRoutes({ store, rpcUrls: {} })
    const served = new Set<string>()
    for (const path of PATHS) {
      const found = ['GET', 'POST'].map((method) => authApiHandler(path, method)).flatMap((handler) => (handler && 'found' in handler ? [handler.found] : []))
      expect(found, path).toHaveLength(1)
      served.add(found[0]!)
    }
    expect([...served].sort()).toEqual(Object.keys(real).sort())
    const api = createAuthApi(() => naming, serverFamilies)
    expect(await (await api(pageRequest('/api/auth/sessions/revoke', 'POST'))).text()).toBe('revokeSession')
    expect(await (await api(pageRequest('/api/auth/nonce?x=1'))).text()).toBe('nonce')
    // By the request's own path, which the guard reads too: mounted anywhere else (a route file at
    // app/auth/[...path], outside the /api/ the origin rule covers), nothing is served unguarded.
    for (const [path, segments] of [['/auth/verify', ['verify']], ['/api/auth/link/nonce/', ['link', 'nonce']], ['/api/auth/sessions%2Frevoke', ['sessions', 'revoke']]] as const) {
      const response = await api(pageRequest(path, 'POST', { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }), { params: Promise.resolve({ path: [...segments] }) })
      expect([path, response.status]).toEqual([path, path.startsWith('/api/') ? 403 : 404])
    }
  })

  it('guards every request: another site’s POST and <img> are refused before any handler, and every answer carries the security headers', async () => {
    const handlers = new Proxy({} as AuthRoutes, { get: () => handler })
    const handler = vi.fn(async () => new Response('{}'))
    const api = createAuthApi(() => handlers, serverFamilies)
    const forged = await api(pageRequest('/api/auth/verify', 'POST', { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }))
    expect(forged.status).toBe(403)
    expect(await forged.json()).toMatchObject({ code: 'origin_not_allowed' })
    const image = await api(pageRequest('/api/auth/session', 'GET', { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'no-cors', 'sec-fetch-dest': 'image' }))
    expect(image.status).toBe(403)
    expect(handler).not.toHaveBeenCalled()
    for (const [request, status, allow] of [
      [pageRequest('/api/auth/nowhere', 'POST'), 404, null],
      [pageRequest('/api/auth/constructor'), 404, null],
      [pageRequest('/api/auth/verify'), 405, 'POST, OPTIONS'],
      [pageRequest('/api/auth/session', 'OPTIONS'), 204, 'GET, HEAD, OPTIONS'],
      [pageRequest('/api/auth/verify', 'constructor'), 405, 'POST, OPTIONS'],
    ] as const) {
      const response = await api(request)
      expect([response.status, response.headers.get('allow')], `${request.method} ${request.url}`).toEqual([status, allow])
      expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
      expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    }
    expect(handler).not.toHaveBeenCalled()
  })

  it('signs in, reads the session, the account and the sessions, and signs out, each request at its own path', async () => {
    const api = createAuthApi(() => routes, serverFamilies)
    const routes = createRoutes({ store, rpcUrls: {}, origins: [APP] })
    const cookies = new Map<string, string>()
    const ip = uniqueIp()
    const call = async (path: string, method = 'GET', body?: unknown) => {
      const request = pageRequest(path, method, { 'x-test-ip': ip, 'content-type': 'application/json', ...(cookies.size > 0 ? { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') } : {}) })
      const response = await api(body === undefined ? request : new Request(request, { body: JSON.stringify(body) }))
      for (const line of response.headers.getSetCookie()) {
        const [pair = ''] = line.split(';')
        const at = pair.indexOf('=')
        if (/max-age=0/i.test(line)) cookies.delete(pair.slice(0, at))
        else cookies.set(pair.slice(0, at), pair.slice(at + 1))
      }
      return response
    }
    expect((await call('/api/auth/session')).status).toBe(401)
    const account = privateKeyToAccount(generatePrivateKey())
    const { nonce } = (await (await call('/api/auth/nonce')).json()) as { nonce: string }
    const message = siweMessage({ address: account.address, nonce, domain: 'localhost:3000', uri: APP })
    const verified = await call('/api/auth/verify', 'POST', { message, signature: await account.signMessage({ message }) })
    expect([verified.status, verified.status === 200 ? '' : await verified.text()]).toEqual([200, ''])
    expect(((await (await call('/api/auth/session')).json()) as { address: string }).address).toBe(account.address)
    const signedIn = (await (await call('/api/auth/account')).json()) as { wallets: { address: string }[] }
    expect(signedIn.wallets.map((wallet) => wallet.address)).toEqual([account.address])
    expect(((await (await call('/api/auth/sessions')).json()) as { sessions: unknown[] }).sessions).toHaveLength(1)
    expect((await call('/api/auth/logout', 'POST')).status).toBe(204)
    expect((await call('/api/auth/session')).status).toBe(401)
  })
})
