import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { randomBytes } from '@sigil/lib/embedded/crypto/bytes'
import { openFreshPgliteStore } from '@/tests/fixtures/pgliteFolders'
import type { Store } from '@/server/store/types'
import { answer, browser, ORIGIN, routeHarness, seedWallet, type RouteHarness } from '@/tests/fixtures/embeddedRoutes'
import { recoveryKeyring, type RecoveryKeyring } from '@/server/embedded/recoveryKey'

/**
 * The attack of issue 29, in the API both the parent commit and this one have (so it ran, and failed,
 * on the parent): a stranger who knows an email must not lock its owner out.
 */
let store: Store
let keyring: RecoveryKeyring
let harness: RouteHarness
beforeAll(async () => {
  store = await openFreshPgliteStore()
  keyring = await recoveryKeyring(randomBytes(32))
  harness = routeHarness(store, keyring)
})
afterAll(() => store?.close())
const json = (value: unknown) => new Request(`${ORIGIN}/api/embedded/x`, { method: 'POST', body: JSON.stringify(value), headers: { origin: ORIGIN, 'content-type': 'application/json' } })
async function ownerRecovers(email: string) {
  const api = harness.routes()
  const owner = browser()
  const asked = await answer(owner.keep(await api.recoveryCode(owner.request({ email }))))
  expect(asked.status).toBe(202)
  await harness.settled()
  const code = harness.codeIn(email, 'Your Sigil recovery code')
  return answer(await api.recoveryVerify(owner.request({ requestId: asked.body.requestId, code })))
}

describe('strangers against the owner', () => {
  it('2 stranger requests and 10 guesses without the binding do not lock the owner out', async () => {
    await seedWallet(store, keyring.current, 'a@example.test')
    const stranger = harness.routes()
    for (let r = 0; r < 2; r++) {
      const asked = await answer(await stranger.recoveryCode(json({ email: 'a@example.test' })))
      for (let g = 0; g < 5; g++) await stranger.recoveryVerify(json({ requestId: asked.body.requestId, code: `12345${g}` }))
    }
    expect((await ownerRecovers('a@example.test')).status).toBe(200)
  })
  it('5 stranger requests do not block the owner’s own request', async () => {
    await seedWallet(store, keyring.current, 'b@example.test')
    const stranger = harness.routes()
    for (let r = 0; r < 5; r++) await stranger.recoveryCode(json({ email: 'b@example.test' }))
    expect((await ownerRecovers('b@example.test')).status).toBe(200)
  })
  it('a stranger’s request does not void the owner’s code', async () => {
    await seedWallet(store, keyring.current, 'c@example.test')
    const api = harness.routes()
    const owner = browser()
    const asked = await answer(owner.keep(await api.recoveryCode(owner.request({ email: 'c@example.test' }))))
    await harness.settled()
    const code = harness.codeIn('c@example.test', 'Your Sigil recovery code')
    await harness.routes().recoveryCode(json({ email: 'c@example.test' }))
    expect((await api.recoveryVerify(owner.request({ requestId: asked.body.requestId, code }))).status).toBe(200)
  })
  it('50 parallel stranger guesses at the owner’s code leave it usable', async () => {
    await seedWallet(store, keyring.current, 'd@example.test')
    const api = harness.routes({ limits: { verifyPerIp: { max: 10_000, windowMs: 60_000 } } })
    const owner = browser()
    const asked = await answer(owner.keep(await api.recoveryCode(owner.request({ email: 'd@example.test' }))))
    await harness.settled()
    const code = harness.codeIn('d@example.test', 'Your Sigil recovery code')
    await Promise.all(Array.from({ length: 50 }, async () => api.recoveryVerify(json({ requestId: asked.body.requestId, code: code === '000000' ? '000001' : '000000' }))))
    expect((await api.recoveryVerify(owner.request({ requestId: asked.body.requestId, code }))).status).toBe(200)
  })
})
