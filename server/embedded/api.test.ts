import { describe, expect, it } from 'vitest'
import { embeddedApiPaths } from '@sigil/lib/embedded/apiTypes'
import { answer, browser, createThroughApi, ORIGIN, pgliteRouteHarness, proveEmail } from '@/tests/fixtures/embeddedRoutes'
import { createEmbeddedApi, embeddedApiHandler } from './api'
import type { EmbeddedRoutes } from './routes'

const suite = pgliteRouteHarness()

/** Handlers that answer with their own name: which one a request reached. */
const naming = new Proxy({} as EmbeddedRoutes, {
  get: (_target, name) => async () => new Response(String(name)),
})
const dispatch = createEmbeddedApi(() => naming)
const at = (path: string, method = 'POST') => new Request(`${ORIGIN}${path}`, { method, ...(method === 'POST' ? { body: '{}' } : {}) })

describe('the embedded wallet’s API as one handler (a catch-all route file)', () => {
  it('serves every path the vault’s client calls, and every route handler has its path', () => {
    const real = suite.harness.routes()
    const served = new Set<string>()
    for (const path of Object.values(embeddedApiPaths)) {
      for (const method of ['GET', 'POST']) {
        const handler = embeddedApiHandler(path, method)
        expect(handler, path).toBeDefined()
        if (handler && 'found' in handler) {
          expect(typeof real[handler.found], `${method} ${path}`).toBe('function')
          served.add(handler.found)
        }
      }
    }
    expect([...served].sort()).toEqual(Object.keys(real).sort())
  })

  it('picks the route by the request’s path and method, the query aside', async () => {
    expect(await (await dispatch(at(embeddedApiPaths.wallets))).text()).toBe('createWallet')
    expect(await (await dispatch(at(`${embeddedApiPaths.pairingStatus}?x=1`))).text()).toBe('pairingStatus')
    expect(await (await dispatch(at(`${embeddedApiPaths.recoveryCancel}?token=abc`, 'GET'))).text()).toBe('recoveryCancelPage')
    expect(await (await dispatch(at(embeddedApiPaths.recoveryCancel, 'HEAD'))).text()).toBe('recoveryCancelPage')
    expect(await (await dispatch(at(embeddedApiPaths.recoveryCancel))).text()).toBe('recoveryCancel')
  })

  it('answers a path it has not with a 404, and a method a path does not serve with a 405 (OPTIONS a 204) naming the allowed ones', async () => {
    for (const path of ['/api/embedded', '/api/embedded/', `${embeddedApiPaths.wallets}/`, '/api/embedded/WALLETS', '/api/embedded/constructor', '/api/embedded/__proto__']) {
      const response = await dispatch(at(path))
      expect(response.status, path).toBe(404)
      expect(response.headers.get('cache-control')).toBe('no-store')
    }
    const refused = await dispatch(at(embeddedApiPaths.wallets, 'GET'))
    expect(refused.status).toBe(405)
    expect(refused.headers.get('allow')).toBe('POST, OPTIONS')
    expect(refused.headers.get('cache-control')).toBe('no-store')
    const both = await dispatch(at(embeddedApiPaths.recoveryCancel, 'PUT'))
    expect([both.status, both.headers.get('allow')]).toEqual([405, 'GET, HEAD, POST, OPTIONS'])
    const options = await dispatch(at(embeddedApiPaths.walletOptions, 'OPTIONS'))
    expect([options.status, options.headers.get('allow')]).toEqual([204, 'POST, OPTIONS'])
    // A method named like an object's own properties reaches no handler (nor a 500).
    for (const method of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) {
      expect(embeddedApiHandler(embeddedApiPaths.recoveryCancel, method), method).toEqual({ allow: 'GET, HEAD, POST, OPTIONS' })
    }
  })

  it('reads the path from the catch-all’s segments where Next gives them (a trailing slash kept by the host is the same path)', async () => {
    const viaSegments = (path: string, method = 'POST') => dispatch(at('/ignored', method), { params: Promise.resolve({ path: path.replace('/api/embedded/', '').split('/') }) })
    for (const path of Object.values(embeddedApiPaths)) {
      expect((await viaSegments(path)).status, path).toBe(200)
    }
    expect(await (await viaSegments(embeddedApiPaths.pairingPeek)).text()).toBe('pairingPeek')
    expect((await viaSegments('/api/embedded/wallets/nope')).status).toBe(404)
  })

  it('proves an email and creates a wallet through it, each request at its own path', async () => {
    const api = createEmbeddedApi(() => suite.harness.routes())
    const paths: Partial<Record<keyof EmbeddedRoutes, string>> = { emailCode: embeddedApiPaths.emailCode, emailVerify: embeddedApiPaths.emailVerify, walletOptions: embeddedApiPaths.walletOptions, createWallet: embeddedApiPaths.wallets }
    const viaPaths = new Proxy({} as EmbeddedRoutes, {
      get: (_target, name: keyof EmbeddedRoutes) => (request: Request) => api(new Request(`${ORIGIN}${paths[name]!}`, request)),
    })
    const user = browser()
    expect((await proveEmail(suite.harness, viaPaths, user, 'dora@example.test')).status).toBe(200)
    const { created } = await createThroughApi(viaPaths, user, 'dora@example.test')
    expect(created?.status).toBe(201)
    // Not the handler a name would have picked: a body sent to another path is that path's.
    const misdirected = await answer(await api(new Request(`${ORIGIN}${embeddedApiPaths.recoveryKey}`, user.request({ email: 'dora@example.test' }))))
    expect(misdirected.status).toBe(400)
  })
})
