import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { createSignInMessage } from '@/lib/siwe/client'

// `server-only` throws outside Next's react-server build; these modules are server modules.
vi.mock('server-only', () => ({}))

const routes: Record<string, { default: (req: IncomingMessage, res: ServerResponse) => Promise<void>; config: unknown }> = {
  '/api/auth/nonce': await import('@/pages/api/auth/nonce'),
  '/api/auth/verify': await import('@/pages/api/auth/verify'),
  '/api/auth/session': await import('@/pages/api/auth/session'),
  '/api/auth/logout': await import('@/pages/api/auth/logout'),
}
const { getStore } = await import('@sigil/server/store/openStore')
const { forgetEnv } = await import('@sigil/server/config/env')

/**
 * The sign-in's route files (pages/api/auth/, the Pages Router: server/http/pagesApiRoute.ts), wired
 * to the environment the way `next start` runs them, each served on a real Node HTTP server as Next
 * hands it Node's request and response.
 */

const ORIGIN = 'http://localhost:3999'
const dataDir = mkdtempSync(path.join(tmpdir(), 'sigil-routes-'))

beforeEach(() => {
  // Each test stubs its own environment; a production one, once read, is otherwise kept (server/config/env.ts).
  forgetEnv()
  vi.stubEnv('NODE_ENV', 'development')
  vi.stubEnv('APP_ORIGIN', ORIGIN)
  vi.stubEnv('DATA_DIR', dataDir)
  vi.stubEnv('DATABASE_URL', '')
  vi.stubEnv('SESSION_SECRET', '')
})
let server: Server
let base: string
beforeAll(async () => {
  server = createServer((req, res) => {
    const route = routes[new URL(req.url ?? '/', 'http://localhost').pathname]
    if (route) void route.default(req, res)
    else res.writeHead(404).end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()))
  await (await getStore({ DATA_DIR: dataDir })).close()
  rmSync(dataDir, { recursive: true, force: true })
})

function jarFetch() {
  const jar = new Map<string, string>()
  return async (pathname: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers)
    headers.set('x-forwarded-for', '127.0.0.1')
    // The page's own requests: the routes apply the origin rule themselves (guardedRoute).
    headers.set('origin', ORIGIN)
    if (jar.size > 0) headers.set('cookie', [...jar].map(([name, value]) => `${name}=${value}`).join('; '))
    const response = await fetch(`${base}${pathname}`, { ...init, headers })
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';')
      const [name = '', value = ''] = pair.split(/=(.*)/s)
      if (/Max-Age=0/.test(line)) jar.delete(name)
      else jar.set(name, value)
    }
    return response
  }
}

describe('pages/api/auth route files', () => {
  it('refuse a cross-site sign-in before it runs, with the security headers on the answer', async () => {
    const response = await fetch(`${base}/api/auth/verify`, { method: 'POST', headers: { origin: 'https://evil.example', 'content-type': 'application/json' }, body: '{}' })
    expect(response.status).toBe(403)
    expect(await response.json()).toMatchObject({ code: 'origin_not_allowed' })
    expect(response.headers.get('content-security-policy')).toMatch(/script-src 'nonce-[^']+' 'strict-dynamic'/)
    const answered = await fetch(`${base}/api/auth/session`)
    expect(answered.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
  })

  it("leave the body to the adapter, which caps it (Next's own body parser would read up to 1 MB first)", () => {
    for (const route of Object.values(routes)) expect(route.config).toEqual({ api: { bodyParser: false } })
  })

  it('sign in with the embedded store in DATA_DIR and a generated development secret, then sign out', async () => {
    const call = jarFetch()
    const account = privateKeyToAccount(generatePrivateKey())
    const { nonce } = (await (await call('/api/auth/nonce')).json()) as { nonce: string }
    const message = createSignInMessage({ address: account.address, chainId: 31337, nonce, origin: ORIGIN })
    const verify = await call('/api/auth/verify', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ message, signature: await account.signMessage({ message }) }),
    })
    expect(verify.status).toBe(200)
    expect(await (await call('/api/auth/session')).json()).toMatchObject({ address: account.address, chainId: 31337 })
    expect((await call('/api/auth/logout', { method: 'POST' })).status).toBe(204)
    expect((await call('/api/auth/session')).status).toBe(401)
  }, 60_000) // the first request opens the embedded database (initdb)

  it('answer 500 internal_error and log a clear reason in production without SESSION_SECRET', async () => {
    vi.stubEnv('NODE_ENV', 'production')
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const response = await fetch(`${base}/api/auth/session`)
    expect(response.status).toBe(500)
    expect(await response.json()).toEqual({ code: 'internal_error', message: 'Something went wrong on our side. Please try again.' })
    expect(log.mock.calls.flat().join('\n')).toMatch(/SESSION_SECRET is required in production/)
  })

  it('answer 500 internal_error and log a clear reason in production without APP_ORIGIN', async () => {
    vi.stubEnv('NODE_ENV', 'production')
    vi.stubEnv('APP_ORIGIN', '')
    vi.stubEnv('SESSION_SECRET', 'p'.repeat(40))
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const response = await fetch(`${base}/api/auth/nonce`)
    expect(response.status).toBe(500)
    expect(log.mock.calls.flat().join('\n')).toMatch(/APP_ORIGIN is required in production/)
  })
})
