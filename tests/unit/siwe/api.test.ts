import { sealData } from 'iron-session'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readSessionCookie, sessionSetCookie, type Session } from '@sigil/server/session/session'
import { createAuthRoutes } from '@sigil/server/siwe/routes'
import { openFreshPgliteStore } from '@/tests/fixtures/pgliteFolders'
import { openPostgresStore } from '@sigil/server/store/postgresStore'
import { StoreLockedError } from '@sigil/server/store/errors'
import type { Store } from '@sigil/server/store/types'
import { startPostgres } from '@/tests/fixtures/postgres'
import { createRoutes, errorOf, RELAXED_LIMITS, SECRET, siweMessage, signIn, TestBrowser, uniqueIp } from './authHarness'

/** Rate limits, store outages, sessions and logout, error hygiene. EOA signatures only (no chain needed). */

let store: Store
beforeAll(async () => { store = await openFreshPgliteStore() })
afterAll(async () => { await store?.close() })

const newAccount = () => privateKeyToAccount(generatePrivateKey())
const minute = 60_000

describe('rate limits (429, counted in the store)', () => {
  it('limits verify attempts per client address and says when to retry', async () => {
    const routes = createRoutes({ store, rpcUrls: {}, limits: { ...RELAXED_LIMITS, verifyPerIp: { max: 3, windowMs: minute } } })
    const browser = new TestBrowser(routes)
    for (let attempt = 0; attempt < 3; attempt++) {
      expect((await signIn(browser, newAccount())).response.status).toBe(200)
    }
    const { response } = await signIn(browser, newAccount())
    expect(await errorOf(response.clone())).toMatchObject({ status: 429, code: 'rate_limited' })
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(Number(response.headers.get('retry-after'))).toBeLessThanOrEqual(60)
    // Another client is not affected.
    expect((await signIn(new TestBrowser(routes), newAccount())).response.status).toBe(200)
  })

  it('counts a readable body that holds no sign-in as an attempt too: junk does not parse for free', async () => {
    const routes = createRoutes({ store, rpcUrls: {}, limits: { ...RELAXED_LIMITS, verifyPerIp: { max: 3, windowMs: minute } } })
    const browser = new TestBrowser(routes)
    const junk = [
      { message: 'URI: '.repeat(800), signature: `0x${'00'.repeat(65)}` },
      { message: siweMessage({ address: newAccount().address, nonce: 'madeUpNonce1x' }), signature: 'not hex' },
      { message: 42, signature: '0x00' },
    ]
    const statuses = []
    for (const body of [...junk, ...junk]) statuses.push((await browser.verify(body)).status)
    expect(statuses).toEqual([400, 400, 400, 429, 429, 429])
    // The client's budget is spent: a real sign-in from it waits too; another client's does not.
    expect(await errorOf((await signIn(browser, newAccount())).response)).toMatchObject({ status: 429, code: 'rate_limited' })
    expect((await signIn(new TestBrowser(routes), newAccount())).response.status).toBe(200)
  })

  it('limits verify attempts per signing address within one client', async () => {
    const routes = createRoutes({ store, rpcUrls: {}, limits: { ...RELAXED_LIMITS, verifyPerAddress: { max: 2, windowMs: minute } } })
    const account = newAccount()
    const browser = new TestBrowser(routes)
    expect((await signIn(browser, account)).response.status).toBe(200)
    expect((await signIn(browser, account)).response.status).toBe(200)
    expect(await errorOf((await signIn(browser, account)).response)).toMatchObject({ status: 429, code: 'rate_limited' })
    expect((await signIn(browser, newAccount())).response.status).toBe(200)
  })

  it('does not let an attacker’s junk lock the owner of an address out', async () => {
    const limits = { ...RELAXED_LIMITS, verifyPerAddress: { max: 10, windowMs: minute } }
    const routes = createRoutes({ store, rpcUrls: {}, limits })
    const owner = newAccount()
    const attacker = new TestBrowser(routes)
    const junkSigner = newAccount()
    // 11+ junk messages a minute naming the owner's address: with made-up nonces…
    for (let attempt = 0; attempt < 15; attempt++) {
      const message = siweMessage({ address: owner.address, nonce: `madeUpNonce${attempt}x` })
      expect((await attacker.verify({ message, signature: await junkSigner.signMessage({ message }) })).status).toBe(422)
    }
    // …and with real nonces of the attacker's own: their own bucket for the address fills, not the owner's.
    for (let attempt = 0; attempt < 12; attempt++) {
      const nonce = await attacker.nonce()
      const message = siweMessage({ address: owner.address, nonce, domain: 'evil.example', uri: 'https://evil.example' })
      const response = await attacker.verify({ message, signature: await junkSigner.signMessage({ message }) })
      expect(response.status).toBe(attempt < 10 ? 422 : 429)
    }
    // The owner, from their own browser, signs in at once.
    expect((await signIn(new TestBrowser(routes), owner)).response.status).toBe(200)
  })

  it('limits nonce requests per client address', async () => {
    const routes = createRoutes({ store, rpcUrls: {}, limits: { ...RELAXED_LIMITS, noncePerIp: { max: 2, windowMs: minute } } })
    const browser = new TestBrowser(routes)
    await browser.nonce()
    await browser.nonce()
    const response = await routes.nonce(browser.request('/api/auth/nonce'))
    expect(await errorOf(response)).toMatchObject({ status: 429, code: 'rate_limited' })
  })

  it('limits nonce requests per browser as well, before they spend the shared IP budget', async () => {
    const routes = createRoutes({ store, rpcUrls: {}, limits: { ...RELAXED_LIMITS, noncePerIp: { max: 4, windowMs: minute }, noncePerBrowser: { max: 2, windowMs: minute } } })
    const ip = uniqueIp()
    const browser = new TestBrowser(routes, ip)
    await browser.nonce() // the first has no binding cookie yet: counted per IP only
    await browser.nonce()
    await browser.nonce()
    expect(await errorOf(await routes.nonce(browser.request('/api/auth/nonce')))).toMatchObject({ status: 429, code: 'rate_limited' })
    expect(await errorOf(await routes.nonce(browser.request('/api/auth/nonce')))).toMatchObject({ status: 429, code: 'rate_limited' })
    // That browser's refusals did not count against its IP: a neighbour behind it still gets one.
    const neighbour = new TestBrowser(routes, ip)
    expect(await neighbour.nonce()).toBeTruthy()
  })

  it('shares the counters between app instances on one store and starts again after the window', async () => {
    let now = new Date()
    const limits = { ...RELAXED_LIMITS, noncePerIp: { max: 1, windowMs: minute } }
    const first = createRoutes({ store, rpcUrls: {}, limits, now: () => now })
    const second = createRoutes({ store, rpcUrls: {}, limits, now: () => now })
    const ip = uniqueIp()
    expect((await first.nonce(new TestBrowser(first, ip).request('/api/auth/nonce'))).status).toBe(200)
    expect((await second.nonce(new TestBrowser(second, ip).request('/api/auth/nonce'))).status).toBe(429)
    now = new Date(now.getTime() + minute)
    expect((await second.nonce(new TestBrowser(second, ip).request('/api/auth/nonce'))).status).toBe(200)
  })
})

describe('store unavailable (503, retryable)', () => {
  it('answers 503 store_unavailable to nonce and verify when the Postgres server goes away', async () => {
    const postgres = await startPostgres()
    const pgStore = await openPostgresStore({ connectionString: postgres.url, connectionTimeoutMs: 1000 })
    try {
      const routes = createRoutes({ store: pgStore, rpcUrls: {} })
      const browser = new TestBrowser(routes)
      const account = newAccount()
      const nonce = await browser.nonce()
      postgres.stop()
      const message = siweMessage({ address: account.address, nonce })
      const verify = await browser.verify({ message, signature: await account.signMessage({ message }) })
      expect(verify.status).toBe(503)
      expect(await verify.json()).toMatchObject({ code: 'store_unavailable', retryable: true })
      expect(await errorOf(await routes.nonce(browser.request('/api/auth/nonce')))).toMatchObject({ status: 503, code: 'store_unavailable' })
    } finally {
      postgres.stop()
      await pgStore.close().catch(() => undefined)
    }
  })

  it('answers 503 store_unavailable when the store cannot be opened, and logs the reason', async () => {
    const lines: string[] = []
    const routes = createRoutes({
      store: () => Promise.reject(new StoreLockedError('/srv/sigil/.data', 4242)),
      rpcUrls: {},
      log: (line) => lines.push(line),
    })
    const response = await routes.nonce(new TestBrowser(routes).request('/api/auth/nonce'))
    expect(await errorOf(response)).toMatchObject({ status: 503, code: 'store_unavailable' })
    expect(lines.join('\n')).toContain('DATABASE_URL')
  })
})

describe('revocable sessions', () => {
  it('stops a copied session cookie from working after logout', async () => {
    const routes = createRoutes({ store, rpcUrls: {} })
    const browser = new TestBrowser(routes)
    await signIn(browser, newAccount())
    const thief = new TestBrowser(routes)
    thief.cookies.set('sigil_session', browser.cookies.get('sigil_session') ?? '')
    expect((await thief.session()).status).toBe(200)
    expect((await browser.logout()).status).toBe(204)
    expect(await errorOf(await thief.session())).toMatchObject({ status: 401, code: 'not_signed_in' })
  })

  it('signs every session of the address out with logout?everywhere=1, and no other address', async () => {
    const routes = createRoutes({ store, rpcUrls: {} })
    const account = newAccount()
    const [laptop, phone, other] = [new TestBrowser(routes), new TestBrowser(routes), new TestBrowser(routes)]
    await signIn(laptop, account)
    await signIn(phone, account)
    await signIn(other, newAccount())
    const response = await phone.logout({ everywhere: true })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ revoked: 2 })
    expect(response.headers.getSetCookie().join()).toMatch(/sigil_session=;.*Max-Age=0/)
    expect((await laptop.session()).status).toBe(401)
    expect((await phone.session()).status).toBe(401)
    expect((await other.session()).status).toBe(200)
    // Nothing left to end: 401.
    laptop.cookies.set('sigil_session', laptop.cookies.get('sigil_session') ?? '')
    expect(await errorOf(await laptop.logout({ everywhere: true }))).toMatchObject({ status: 401, code: 'not_signed_in' })
  })

  it('tells the browser to drop a revoked cookie', async () => {
    const routes = createRoutes({ store, rpcUrls: {} })
    const browser = new TestBrowser(routes)
    await signIn(browser, newAccount())
    const copy = new TestBrowser(routes)
    copy.cookies.set('sigil_session', browser.cookies.get('sigil_session') ?? '')
    await browser.logout()
    const response = await copy.session()
    expect(response.status).toBe(401)
    expect(response.headers.getSetCookie().join()).toMatch(/sigil_session=;.*Max-Age=0/)
  })

  it('answers logout with 503 (and still clears the cookie) when the session cannot be revoked', async () => {
    const browser = new TestBrowser(createRoutes({ store, rpcUrls: {} }))
    await signIn(browser, newAccount())
    const down = new TestBrowser(createRoutes({ store: () => Promise.reject(new StoreLockedError('/srv/sigil/.data', 1)), rpcUrls: {} }))
    down.cookies.set('sigil_session', browser.cookies.get('sigil_session') ?? '')
    const response = await down.logout()
    expect(await errorOf(response.clone())).toMatchObject({ status: 503, code: 'store_unavailable' })
    expect(response.headers.getSetCookie().join()).toMatch(/sigil_session=;.*Max-Age=0/)
    expect((await browser.session()).status).toBe(200)
  })
})

describe('session secret rotation', () => {
  const OLD = 'old-session-secret-0123456789-abcdefghijklmnop'
  const NEW = 'new-session-secret-0123456789-abcdefghijklmnop'

  it('keeps sessions sealed with the previous secret valid while it is listed, and seals new ones with the newest', async () => {
    const before = new TestBrowser(createRoutes({ store, rpcUrls: {}, sessionSecrets: [OLD] }))
    await signIn(before, newAccount())
    const rotated = createRoutes({ store, rpcUrls: {}, sessionSecrets: [NEW, OLD] })
    const carried = new TestBrowser(rotated)
    carried.cookies.set('sigil_session', before.cookies.get('sigil_session') ?? '')
    expect((await carried.session()).status).toBe(200)
    // A sign-in after the rotation is sealed with the new secret alone.
    const fresh = new TestBrowser(rotated)
    await signIn(fresh, newAccount())
    const newOnly = new TestBrowser(createRoutes({ store, rpcUrls: {}, sessionSecrets: [NEW] }))
    newOnly.cookies.set('sigil_session', fresh.cookies.get('sigil_session') ?? '')
    expect((await newOnly.session()).status).toBe(200)
  })

  it('refuses a cookie sealed with a secret that was removed', async () => {
    const before = new TestBrowser(createRoutes({ store, rpcUrls: {}, sessionSecrets: [OLD] }))
    await signIn(before, newAccount())
    const after = new TestBrowser(createRoutes({ store, rpcUrls: {}, sessionSecrets: [NEW] }))
    after.cookies.set('sigil_session', before.cookies.get('sigil_session') ?? '')
    expect(await errorOf(await after.session())).toMatchObject({ status: 401, code: 'not_signed_in' })
  })

  it('keeps a rotated session valid only until it expires', async () => {
    let now = new Date()
    const before = new TestBrowser(createRoutes({ store, rpcUrls: {}, sessionSecrets: [OLD], now: () => now }))
    await signIn(before, newAccount())
    const carried = new TestBrowser(createRoutes({ store, rpcUrls: {}, sessionSecrets: [NEW, OLD], now: () => now }))
    carried.cookies.set('sigil_session', before.cookies.get('sigil_session') ?? '')
    now = new Date(now.getTime() + 24 * 60 * minute - 1000)
    expect((await carried.session()).status).toBe(200)
    now = new Date(now.getTime() + 2000)
    expect((await carried.session()).status).toBe(401)
  })
})

describe('sessions', () => {
  it('reports the signed-in address, chain and 24-hour lifetime, and 401 once signed out', async () => {
    const browser = new TestBrowser(createRoutes({ store, rpcUrls: {} }))
    const account = newAccount()
    expect((await signIn(browser, account)).response.status).toBe(200)
    const response = await browser.session()
    expect(response.status).toBe(200)
    const session = (await response.json()) as { address: string; chainId: number; issuedAt: string; expiresAt: string }
    expect(session).toMatchObject({ address: account.address, chainId: 31337 })
    expect(Date.parse(session.expiresAt) - Date.parse(session.issuedAt)).toBe(24 * 60 * minute)

    const logout = await browser.logout()
    expect(logout.status).toBe(204)
    expect(logout.headers.getSetCookie().join()).toMatch(/sigil_session=;.*Max-Age=0/)
    expect(await errorOf(await browser.session())).toMatchObject({ status: 401, code: 'not_signed_in' })
  })

  it('answers 401 not_signed_in without a session cookie', async () => {
    expect(await errorOf(await new TestBrowser(createRoutes({ store, rpcUrls: {} })).session())).toMatchObject({ status: 401, code: 'not_signed_in' })
  })

  it('rejects a tampered session cookie', async () => {
    const browser = new TestBrowser(createRoutes({ store, rpcUrls: {} }))
    await signIn(browser, newAccount())
    const seal = browser.cookies.get('sigil_session') ?? ''
    browser.cookies.set('sigil_session', `${seal.slice(0, 40)}${seal[40] === 'A' ? 'B' : 'A'}${seal.slice(41)}`)
    expect((await browser.session()).status).toBe(401)
  })

  it('rejects a session sealed with another secret', async () => {
    const browser = new TestBrowser(createRoutes({ store, rpcUrls: {} }))
    const forged = await sealData(
      { address: newAccount().address, chainId: 1, issuedAt: new Date().toISOString(), expiresAt: new Date(Date.now() + minute).toISOString() },
      { password: 'another-secret-that-is-at-least-32-characters', ttl: 86_400 },
    )
    browser.cookies.set('sigil_session', forged)
    expect((await browser.session()).status).toBe(401)
  })

  it('refuses a live session re-sealed with another address or chain, even with the real secret', async () => {
    const routes = createRoutes({ store, rpcUrls: {} })
    const browser = new TestBrowser(routes)
    expect((await signIn(browser, newAccount())).response.status).toBe(200)
    expect((await browser.session()).status).toBe(200)
    // Whoever holds the sealing secret opens their own live cookie and seals its id again under
    // someone else's address (or another chain): the store's row says whose the id is.
    const own = await readSessionCookie(browser.request('/api/auth/session'), { secrets: [SECRET], secure: false, now: new Date() })
    expect(own?.id).toMatch(/^[\w-]{43}$/)
    const { session, id: sid } = own!
    const reseal = async (changed: Partial<Session>) => {
      const cookie = await sessionSetCookie({ ...session, ...changed }, sid, { secrets: [SECRET], secure: false })
      const forged = new TestBrowser(routes)
      forged.cookies.set('sigil_session', cookie.split(';')[0]!.slice('sigil_session='.length))
      return forged.session()
    }
    // Sealed the same way, unchanged: accepted (the re-seal itself is sound).
    expect((await reseal({})).status).toBe(200)
    expect(await errorOf(await reseal({ address: newAccount().address }))).toMatchObject({ status: 401, code: 'not_signed_in' })
    expect(await errorOf(await reseal({ chainId: 1 }))).toMatchObject({ status: 401, code: 'not_signed_in' })
  })

  it('ends a session after 24 hours', async () => {
    let now = new Date()
    const browser = new TestBrowser(createRoutes({ store, rpcUrls: {}, now: () => now }))
    await signIn(browser, newAccount())
    now = new Date(now.getTime() + 24 * 60 * minute - 1000)
    expect((await browser.session()).status).toBe(200)
    now = new Date(now.getTime() + 2000)
    expect((await browser.session()).status).toBe(401)
  })

  it('uses __Host- cookies with Secure when secure cookies are on', async () => {
    const browser = new TestBrowser(createRoutes({ store, rpcUrls: {}, secureCookies: true }))
    const { response } = await signIn(browser, newAccount())
    expect(response.status).toBe(200)
    const cookies = response.headers.getSetCookie()
    expect(cookies.find((line) => line.startsWith('__Host-sigil_session='))).toMatch(/; Path=\/; HttpOnly; Secure; SameSite=Lax/)
    expect([...browser.cookies.keys()]).toEqual(expect.arrayContaining(['__Host-sigil_nonce', '__Host-sigil_session']))
    expect((await browser.session()).status).toBe(200)
  })

  it('binds the nonce with a short-lived httpOnly SameSite=Strict cookie', async () => {
    const routes = createRoutes({ store, rpcUrls: {} })
    const response = await routes.nonce(new TestBrowser(routes).request('/api/auth/nonce'))
    const { nonce } = (await response.json()) as { nonce: string }
    expect(nonce).toMatch(/^[a-zA-Z0-9]{8,}$/)
    expect(response.headers.getSetCookie()[0]).toMatch(/^sigil_nonce=[\w-]{43}; Max-Age=300; Path=\/; HttpOnly; SameSite=Strict$/)
    expect(response.headers.get('cache-control')).toBe('no-store')
  })

  it('gives each nonce request a different nonce', async () => {
    const browser = new TestBrowser(createRoutes({ store, rpcUrls: {} }))
    const nonces = new Set(await Promise.all(Array.from({ length: 20 }, () => browser.nonce())))
    expect(nonces.size).toBe(20)
  })

  it("issues nonces no one can foretell: one issued to another browser between two of the attacker's shares nothing with them, so it cannot be burnt", async () => {
    const routes = createRoutes({ store, rpcUrls: {} })
    const attacker = new TestBrowser(routes, uniqueIp())
    const victim = new TestBrowser(routes, uniqueIp())
    const before = await attacker.nonce()
    const nonce = await victim.nonce()
    const after = await attacker.nonce()
    // viem's generateSiweNonce slid one character along one Math.random buffer per call: the
    // victim's nonce was `before` less its first character, plus the last of `after`.
    for (let at = 0; at + 12 <= nonce.length; at++) {
      expect(before, 'shares a run of 12 characters with the next nonce').not.toContain(nonce.slice(at, at + 12))
      expect(after, 'shares a run of 12 characters with the previous nonce').not.toContain(nonce.slice(at, at + 12))
    }
    // The burn such a guess used to cause (a nonce is burnt first, whoever presents it).
    const guess = before.slice(1) + after.slice(-1)
    const stranger = privateKeyToAccount(generatePrivateKey())
    const junk = siweMessage({ address: stranger.address, nonce: guess })
    expect((await attacker.verify({ message: junk, signature: await stranger.signMessage({ message: junk }) })).status).toBe(422)
    const owner = privateKeyToAccount(generatePrivateKey())
    const message = siweMessage({ address: owner.address, nonce })
    expect((await victim.verify({ message, signature: await owner.signMessage({ message }) })).status).toBe(200)
  })
})

describe('error hygiene', () => {
  it('answers 500 internal_error with no detail, stack or secret when configuration fails, and logs the reason', async () => {
    const lines: string[] = []
    const routes = createAuthRoutes({
      config: () => {
        throw new Error('SESSION_SECRET is required in production')
      },
      store: async () => store,
      log: (line) => lines.push(line),
      clientIp: () => '127.0.0.1',
    })
    const response = await routes.session(new Request('https://app.sigil.test/api/auth/session'))
    const text = await response.text()
    expect(response.status).toBe(500)
    expect(JSON.parse(text)).toEqual({ code: 'internal_error', message: 'Something went wrong on our side. Please try again.' })
    expect(text).not.toContain('SESSION_SECRET')
    expect(lines.join('\n')).toContain('SESSION_SECRET is required in production')
  })

  it('never logs the session secret, the signature or cookies', async () => {
    const lines: string[] = []
    const routes = createRoutes({ store, rpcUrls: {}, log: (line) => lines.push(line) })
    const browser = new TestBrowser(routes)
    const { signature } = await signIn(browser, newAccount())
    await browser.verify({ message: 'garbage', signature })
    const logged = lines.join('\n')
    expect(logged).not.toContain(SECRET)
    expect(logged).not.toContain(signature.slice(2, 40))
    for (const value of browser.cookies.values()) expect(logged).not.toContain(value)
  })
})
