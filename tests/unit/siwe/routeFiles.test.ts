import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { createSignInMessage } from '@/lib/siwe/client'

// `server-only` throws outside Next's react-server build; these modules are server modules.
vi.mock('server-only', () => ({}))

const nonceRoute = await import('@/app/api/auth/nonce/route')
const verifyRoute = await import('@/app/api/auth/verify/route')
const sessionRoute = await import('@/app/api/auth/session/route')
const logoutRoute = await import('@/app/api/auth/logout/route')
const { getStore } = await import('@sigil/server/store/openStore')
const { forgetEnv } = await import('@sigil/server/config/env')

/** The exported App Router handlers, wired to the environment the way `next start` runs them. */

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
afterAll(async () => {
  await (await getStore({ DATA_DIR: dataDir })).close()
  rmSync(dataDir, { recursive: true, force: true })
})

function jarFetch() {
  const jar = new Map<string, string>()
  return async (handler: (request: Request) => Promise<Response>, pathname: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers)
    headers.set('x-forwarded-for', '127.0.0.1')
    // The page's own requests: the routes apply the origin rule themselves (guardedRoute).
    headers.set('origin', ORIGIN)
    if (jar.size > 0) headers.set('cookie', [...jar].map(([name, value]) => `${name}=${value}`).join('; '))
    const response = await handler(new Request(`${ORIGIN}${pathname}`, { ...init, headers }))
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';')
      const [name = '', value = ''] = pair.split(/=(.*)/s)
      if (/Max-Age=0/.test(line)) jar.delete(name)
      else jar.set(name, value)
    }
    return response
  }
}

describe('app/api/auth route handlers', () => {
  it('refuse a cross-site sign-in before it runs, with the security headers on the answer', async () => {
    const response = await verifyRoute.POST(
      new Request(`${ORIGIN}/api/auth/verify`, { method: 'POST', headers: { origin: 'https://evil.example', 'content-type': 'application/json' }, body: '{}' }),
    )
    expect(response.status).toBe(403)
    expect(await response.json()).toMatchObject({ code: 'origin_not_allowed' })
    expect(response.headers.get('content-security-policy')).toMatch(/script-src 'nonce-[^']+' 'strict-dynamic'/)
    const answered = await sessionRoute.GET(new Request(`${ORIGIN}/api/auth/session`))
    expect(answered.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
  })

  it('run on the Node.js runtime', () => {
    for (const route of [nonceRoute, verifyRoute, sessionRoute, logoutRoute]) expect(route.runtime).toBe('nodejs')
  })

  it('sign in with the embedded store in DATA_DIR and a generated development secret, then sign out', async () => {
    const call = jarFetch()
    const account = privateKeyToAccount(generatePrivateKey())
    const { nonce } = (await (await call(nonceRoute.GET, '/api/auth/nonce')).json()) as { nonce: string }
    const message = createSignInMessage({ address: account.address, chainId: 31337, nonce, origin: ORIGIN })
    const verify = await call(verifyRoute.POST, '/api/auth/verify', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ message, signature: await account.signMessage({ message }) }),
    })
    expect(verify.status).toBe(200)
    expect(await (await call(sessionRoute.GET, '/api/auth/session')).json()).toMatchObject({ address: account.address, chainId: 31337 })
    expect((await call(logoutRoute.POST, '/api/auth/logout', { method: 'POST' })).status).toBe(204)
    expect((await call(sessionRoute.GET, '/api/auth/session')).status).toBe(401)
  }, 60_000) // the first request opens the embedded database (initdb)

  it('answer 500 internal_error and log a clear reason in production without SESSION_SECRET', async () => {
    vi.stubEnv('NODE_ENV', 'production')
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const response = await sessionRoute.GET(new Request(`${ORIGIN}/api/auth/session`))
    expect(response.status).toBe(500)
    expect(await response.json()).toEqual({ code: 'internal_error', message: 'Something went wrong on our side. Please try again.' })
    expect(log.mock.calls.flat().join('\n')).toMatch(/SESSION_SECRET is required in production/)
  })

  it('answer 500 internal_error and log a clear reason in production without APP_ORIGIN', async () => {
    vi.stubEnv('NODE_ENV', 'production')
    vi.stubEnv('APP_ORIGIN', '')
    vi.stubEnv('SESSION_SECRET', 'p'.repeat(40))
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const response = await nonceRoute.GET(new Request(`${ORIGIN}/api/auth/nonce`))
    expect(response.status).toBe(500)
    expect(log.mock.calls.flat().join('\n')).toMatch(/APP_ORIGIN is required in production/)
  })
})
