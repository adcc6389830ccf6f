import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openFreshPgliteStore } from '@/tests/fixtures/pgliteFolders'
import type { Store } from '@sigil/server/store/types'
import { createRoutes, errorOf, signIn, TestBrowser } from './authHarness'

/**
 * The sessions list (GET /api/auth/sessions) and its sign-out of one session
 * (POST /api/auth/sessions/revoke): the signed-in address sees and ends its own sessions, and no one
 * else's; a revoked browser is signed out on its next request.
 */

const MAC_CHROME = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
const IPHONE_SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1'

type Listed = { id: string; device: string | null; place: string | null; chainId: number | null; createdAt: string; lastSeenAt: string; current: boolean }

let store: Store
beforeAll(async () => {
  store = await openFreshPgliteStore()
})
afterAll(async () => {
  await store?.close()
})

const newAccount = () => privateKeyToAccount(generatePrivateKey())

async function listOf(browser: TestBrowser): Promise<Listed[]> {
  const response = await browser.sessions()
  expect(response.status).toBe(200)
  return ((await response.json()) as { sessions: Listed[] }).sessions
}

describe('the sessions list', () => {
  it("lists the address's live sessions with their browser, place and times, this one first and marked", async () => {
    // Whole seconds from now (the messages are signed with the real time).
    const start = Math.floor(Date.now() / 1000) * 1000
    const at = (minutes: number) => new Date(start + minutes * 60_000)
    let clock = at(0)
    const routes = createRoutes({ store, rpcUrls: {}, placeHeader: 'cf-ipcountry', now: () => clock })
    const account = newAccount()
    const laptop = new TestBrowser(routes, undefined, MAC_CHROME)
    const phone = new TestBrowser(routes, undefined, IPHONE_SAFARI)
    await signIn(laptop, account)
    clock = at(2)
    await signIn(phone, account)
    await signIn(new TestBrowser(routes), newAccount())
    const fromPhone = await listOf(phone)
    expect(fromPhone.map((row) => [row.device, row.current])).toEqual([
      ['Safari on iOS', true],
      ['Chrome on macOS', false],
    ])
    expect(fromPhone[1]).toMatchObject({ chainId: 31337, createdAt: at(0).toISOString(), lastSeenAt: at(0).toISOString(), place: null })
    // The laptop's session check, 18 minutes on, marks it seen; one a minute later writes nothing new.
    clock = at(20)
    expect((await laptop.session()).status).toBe(200)
    clock = at(21)
    expect((await laptop.session()).status).toBe(200)
    expect((await listOf(phone)).find((row) => !row.current)?.lastSeenAt).toBe(at(20).toISOString())
  })

  it('records the place only from the configured proxy header, and only a place name', async () => {
    const routes = createRoutes({ store, rpcUrls: {}, placeHeader: 'cf-ipcountry' })
    const account = newAccount()
    const browser = new TestBrowser(routes)
    const request = browser.request.bind(browser)
    browser.request = (path, init = {}) => {
      const built = request(path, init)
      built.headers.set('cf-ipcountry', 'FR')
      return built
    }
    await signIn(browser, account)
    expect((await listOf(browser))[0]?.place).toBe('FR')
    const other = new TestBrowser(createRoutes({ store, rpcUrls: {} }))
    await signIn(other, newAccount())
    expect((await listOf(other))[0]?.place).toBeNull()
  })

  it('answers 401 without a session, and after the session was revoked (clearing the cookie)', async () => {
    const routes = createRoutes({ store, rpcUrls: {} })
    const browser = new TestBrowser(routes)
    expect(await errorOf(await browser.sessions())).toMatchObject({ status: 401, code: 'not_signed_in' })
    await signIn(browser, newAccount())
    const copy = new TestBrowser(routes)
    copy.cookies.set('sigil_session', browser.cookies.get('sigil_session') ?? '')
    await browser.logout()
    const response = await copy.sessions()
    expect(response.headers.getSetCookie().join()).toMatch(/sigil_session=;.*Max-Age=0/)
    expect(await errorOf(response)).toMatchObject({ status: 401, code: 'not_signed_in' })
  })
})

describe("signing out one session from the list", () => {
  it("ends another browser's session of the same address: signed out on its next request", async () => {
    const routes = createRoutes({ store, rpcUrls: {} })
    const account = newAccount()
    const [laptop, phone] = [new TestBrowser(routes, undefined, MAC_CHROME), new TestBrowser(routes, undefined, IPHONE_SAFARI)]
    await signIn(laptop, account)
    await signIn(phone, account)
    const target = (await listOf(laptop)).find((row) => !row.current)!
    const response = await laptop.revoke({ id: target.id })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ revoked: true })
    // The laptop keeps its own cookie and session.
    expect(response.headers.getSetCookie()).toEqual([])
    expect((await laptop.session()).status).toBe(200)
    expect(await errorOf(await phone.session())).toMatchObject({ status: 401, code: 'not_signed_in' })
    // Twice: already gone.
    expect(await errorOf(await laptop.revoke({ id: target.id }))).toMatchObject({ status: 404, code: 'unknown_session' })
    expect((await listOf(laptop)).map((row) => row.current)).toEqual([true])
  })

  it("never ends another address's session, even with its id", async () => {
    const routes = createRoutes({ store, rpcUrls: {} })
    const [mine, theirs] = [new TestBrowser(routes), new TestBrowser(routes)]
    await signIn(mine, newAccount())
    await signIn(theirs, newAccount())
    const theirId = (await listOf(theirs))[0]!.id
    expect(await errorOf(await mine.revoke({ id: theirId }))).toMatchObject({ status: 404, code: 'unknown_session' })
    expect((await theirs.session()).status).toBe(200)
  })

  it("ends this browser's own session and clears its cookie", async () => {
    const browser = new TestBrowser(createRoutes({ store, rpcUrls: {} }))
    await signIn(browser, newAccount())
    const own = (await listOf(browser))[0]!
    const response = await browser.revoke({ id: own.id })
    expect(response.status).toBe(200)
    expect(response.headers.getSetCookie().join()).toMatch(/sigil_session=;.*Max-Age=0/)
    expect(await errorOf(await browser.session())).toMatchObject({ status: 401, code: 'not_signed_in' })
  })

  it.each([[{}], [{ id: 42 }], [{ id: 'x' }], [{ id: 'a'.repeat(44) }], [{ id: '../'.padEnd(43, 'a') }], [[]], ['id']])('refuses the body %j with 400 malformed_body', async (body) => {
    const browser = new TestBrowser(createRoutes({ store, rpcUrls: {} }))
    await signIn(browser, newAccount())
    expect(await errorOf(await browser.revoke(body))).toMatchObject({ status: 400, code: 'malformed_body' })
  })

  it('answers 401 without a session', async () => {
    const browser = new TestBrowser(createRoutes({ store, rpcUrls: {} }))
    expect(await errorOf(await browser.revoke({ id: 'a'.repeat(43) }))).toMatchObject({ status: 401, code: 'not_signed_in' })
  })

  it('50 parallel sign-outs of one session from its two siblings: it ends once, the rest are told it is gone', async () => {
    const routes = createRoutes({ store, rpcUrls: {} })
    const account = newAccount()
    const [a, b, target] = [new TestBrowser(routes), new TestBrowser(routes), new TestBrowser(routes)]
    for (const browser of [a, b, target]) await signIn(browser, account)
    const targetId = (await listOf(target))[0]!.id
    const answers = await Promise.all(Array.from({ length: 50 }, (_, index) => (index % 2 ? a : b).revoke({ id: targetId })))
    expect(answers.filter((response) => response.status === 200)).toHaveLength(1)
    expect(answers.filter((response) => response.status === 404)).toHaveLength(49)
  })
})
