import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { randomBytes } from '@/lib/embedded/crypto/bytes'
import { LOCALE_COOKIE } from '@/lib/storageNames'
import { openFreshPgliteStore } from '@/tests/fixtures/pgliteFolders'
import type { Store } from '@sigil/server/store/types'
import { recoveryKeyring } from '@sigil/server/embedded/recoveryKey'
import { answer, browser as embeddedBrowser, routeHarness, seedWallet } from '@/tests/fixtures/embeddedRoutes'
import { createRoutes, errorOf, signIn, TestBrowser } from './authHarness'

/**
 * GET /api/auth/recoveries: the signed-in address's embedded wallet's recoveries under way, for the
 * app's account view on load (issue 41, part 3). The session proved the address; nothing is said to
 * anyone signed out, nor of another address's wallet.
 */

let store: Store
beforeAll(async () => {
  store = await openFreshPgliteStore()
})
afterAll(async () => {
  await store?.close()
})

type Listed = { startedAt: string; releaseAt: string; browser: string; place: string | null }

/** A wallet of `address` and an email recovery of it started through the embedded wallet's API, as a browser with `userAgent` does. */
async function startRecoveryOf(address: string, userAgent: string): Promise<void> {
  const keyring = await recoveryKeyring(randomBytes(32))
  const harness = routeHarness(store, keyring)
  const api = harness.routes()
  const email = `owner-${Math.random().toString(36).slice(2)}@example.test`
  const { walletId } = await seedWallet(store, keyring.current, email, { address })
  const user = embeddedBrowser({ 'user-agent': userAgent })
  const asked = await answer(user.keep(await api.recoveryCode(user.request({ email }))))
  await harness.settled()
  const code = harness.codeIn(email, 'Your Sigil recovery code')
  await answer(user.keep(await api.recoveryVerify(user.request({ requestId: asked.body.requestId, code }))))
  expect((await answer(user.keep(await api.recoveryStart(user.request({ walletId }))))).status).toBe(201)
}

const LINUX_CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36'
const MAC_FIREFOX = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:131.0) Gecko/20100101 Firefox/131.0'

describe('GET /api/auth/recoveries', () => {
  it('answers 401 not_signed_in without a session', async () => {
    const routes = createRoutes({ store, rpcUrls: {} })
    expect(await errorOf(await new TestBrowser(routes).recoveries())).toMatchObject({ status: 401, code: 'not_signed_in' })
  })

  it('lists the recovery of the signed-in address’s wallet, the browser in the page’s words, and none of another address’s', async () => {
    const routes = createRoutes({ store, rpcUrls: {} })
    const owner = privateKeyToAccount(generatePrivateKey())
    const stranger = privateKeyToAccount(generatePrivateKey())
    const browser = new TestBrowser(routes)
    await signIn(browser, owner)
    expect(((await (await browser.recoveries()).json()) as { recoveries: Listed[] }).recoveries).toEqual([])

    await startRecoveryOf(owner.address.toLowerCase(), LINUX_CHROME)
    await startRecoveryOf(stranger.address, MAC_FIREFOX)
    // A page in German (the locale switcher's cookie).
    browser.cookies.set(LOCALE_COOKIE, 'de')
    const response = await browser.recoveries()
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('no-store')
    const { recoveries } = (await response.json()) as { recoveries: Listed[] }
    expect(recoveries).toHaveLength(1)
    expect(recoveries[0]).toMatchObject({ browser: 'Chrome auf Linux', place: null })
    expect(Date.parse(recoveries[0]!.releaseAt) - Date.parse(recoveries[0]!.startedAt)).toBe(48 * 3600_000)

    // The stranger's own session sees only the stranger's wallet's.
    const other = new TestBrowser(routes)
    await signIn(other, stranger)
    expect(((await (await other.recoveries()).json()) as { recoveries: Listed[] }).recoveries.map((row) => row.browser)).toEqual(['Firefox on macOS'])
  })
})
