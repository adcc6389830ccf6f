import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { randomBytes } from '@sigil/lib/embedded/crypto/bytes'
import { startPostgres, type Postgres } from '@/tests/fixtures/postgres'
import {
  answer,
  browser,
  createThroughApi,
  openInspectablePglite,
  openInspectablePostgres,
  proveEmail,
  routeHarness,
  softwarePasskey,
  type InspectableStore,
  type RouteHarness,
} from '@/tests/fixtures/embeddedRoutes'
import { toBase64Url } from '@sigil/lib/embedded/crypto/bytes'
import { generateEphemeralKeyPair } from '@sigil/lib/embedded/crypto/sealToPublicKey'
import { recoveryKeyring, type RecoveryKeyring } from './recoveryKey'

/**
 * The owner's recovery settings (issue 29, item 4), on the real routes and both stores: email
 * recovery turned off (the email path then refuses to start a recovery), or a longer delay than the
 * server's; changed only with a fresh passkey assertion of the wallet, each change in its log.
 */

type Routes = ReturnType<RouteHarness['routes']>
type Passkey = ReturnType<typeof softwarePasskey>

let postgres: Postgres
let keyring: RecoveryKeyring
beforeAll(async () => {
  postgres = await startPostgres()
  keyring = await recoveryKeyring(randomBytes(32))
})
afterAll(() => postgres?.stop())

const backends = [
  { name: 'PGlite', open: () => openInspectablePglite() },
  { name: 'Postgres', open: () => openInspectablePostgres(postgres) },
]

async function assertion(api: Routes, walletId: string, passkey: Passkey) {
  const challenge = await answer(await api.deviceChallenge(browser().request({ walletId })))
  expect(challenge.status).toBe(200)
  return passkey.assert(challenge.body.options as { challenge: string })
}

describe.each(backends)("the owner's recovery settings on $name", (backend) => {
  let db: InspectableStore
  let harness: RouteHarness
  beforeAll(async () => {
    db = await backend.open()
    harness = routeHarness(db.store, keyring)
  })
  afterAll(async () => {
    await db?.close()
  })

  /** A wallet made through the API, its owner's browser (email proven) and its passkey. */
  async function ownedWallet(api: Routes) {
    const email = `owner-${Buffer.from(randomBytes(4)).toString('hex')}@example.test`
    const user = browser()
    await proveEmail(harness, api, user, email)
    const made = await createThroughApi(api, user, email)
    expect(made.created?.status).toBe(201)
    return { email, walletId: made.walletId!, passkey: made.passkey }
  }

  /** Asks a recovery code for `email` in a fresh browser, enters it, and starts the recovery of `walletId`. */
  async function startRecovery(api: Routes, email: string, walletId: string) {
    const user = browser()
    const asked = await answer(user.keep(await api.recoveryCode(user.request({ email }))))
    await harness.settled()
    const verified = await answer(user.keep(await api.recoveryVerify(user.request({ requestId: asked.body.requestId, code: harness.codeIn(email, 'Your Sigil recovery code') }))))
    expect(verified.status).toBe(200)
    return answer(user.keep(await api.recoveryStart(user.request({ walletId }))))
  }

  it('turned off, the email path refuses to start a recovery; turned on again, it starts', async () => {
    const api = harness.routes({ recoveryDelaySeconds: 3600 })
    const owner = await ownedWallet(api)
    const off = await answer(await api.walletSettings(browser().request({ walletId: owner.walletId, emailRecovery: false, recoveryDelaySeconds: null, assertion: await assertion(api, owner.walletId, owner.passkey) })))
    expect(off).toMatchObject({ status: 200, body: { walletId: owner.walletId, emailRecovery: false, recoveryDelaySeconds: null } })
    expect(await startRecovery(api, owner.email, owner.walletId)).toMatchObject({ status: 403, body: { code: 'embedded_recovery_off' } })
    // Nothing was started, so nothing was mailed as a recovery notice.
    expect((await db.store.listPendingRecoveries(owner.walletId, harness.clock.now)).length).toBe(0)

    const on = await answer(await api.walletSettings(browser().request({ walletId: owner.walletId, emailRecovery: true, recoveryDelaySeconds: null, assertion: await assertion(api, owner.walletId, owner.passkey) })))
    expect(on.status).toBe(200)
    expect(await startRecovery(api, owner.email, owner.walletId)).toMatchObject({ status: 201 })
    // Both changes are in the wallet's log, with their values.
    const events = await db.store.listWalletEvents(owner.walletId)
    expect(events.filter((event) => event.kind === 'settings_changed').map((event) => event.detail)).toEqual([
      { emailRecovery: false, recoveryDelaySeconds: null },
      { emailRecovery: true, recoveryDelaySeconds: null },
    ])
  })

  it("a longer delay than the server's holds the key that much longer; a shorter one changes nothing", async () => {
    const api = harness.routes({ recoveryDelaySeconds: 3600 })
    const owner = await ownedWallet(api)
    const week = 7 * 86_400
    expect((await answer(await api.walletSettings(browser().request({ walletId: owner.walletId, emailRecovery: true, recoveryDelaySeconds: week, assertion: await assertion(api, owner.walletId, owner.passkey) })))).status).toBe(200)
    const started = await startRecovery(api, owner.email, owner.walletId)
    expect(started.status).toBe(201)
    expect(new Date(started.body.releaseAt as string).getTime() - harness.clock.now.getTime()).toBe(week * 1000)

    const other = await ownedWallet(api)
    expect((await answer(await api.walletSettings(browser().request({ walletId: other.walletId, emailRecovery: true, recoveryDelaySeconds: 60, assertion: await assertion(api, other.walletId, other.passkey) })))).status).toBe(200)
    const sooner = await startRecovery(api, other.email, other.walletId)
    expect(new Date(sooner.body.releaseAt as string).getTime() - harness.clock.now.getTime()).toBe(3600 * 1000)
  })

  /** As `startRecovery`, keeping the recovering browser to ask for the key later. */
  async function startRecoveryIn(api: Routes, email: string, walletId: string) {
    const user = browser()
    const asked = await answer(user.keep(await api.recoveryCode(user.request({ email }))))
    await harness.settled()
    await answer(user.keep(await api.recoveryVerify(user.request({ requestId: asked.body.requestId, code: harness.codeIn(email, 'Your Sigil recovery code') }))))
    const started = await answer(user.keep(await api.recoveryStart(user.request({ walletId }))))
    expect(started.status).toBe(201)
    const askKey = async () => answer(user.keep(await api.recoveryKey(user.request({ walletId, publicKey: toBase64Url((await generateEphemeralKeyPair()).publicKey) }))))
    return { started, askKey, pending: async () => answer(await api.recoveryPending(user.request({ walletId }))) }
  }

  it('a change made while a recovery waits applies to it: turned off, the recovery is cancelled and its key never released', async () => {
    const api = harness.routes({ recoveryDelaySeconds: 3600 })
    const owner = await ownedWallet(api)
    const recovery = await startRecoveryIn(api, owner.email, owner.walletId)
    const off = await answer(await api.walletSettings(browser().request({ walletId: owner.walletId, emailRecovery: false, recoveryDelaySeconds: null, assertion: await assertion(api, owner.walletId, owner.passkey) })))
    expect(off.status).toBe(200)
    expect((await db.store.listPendingRecoveries(owner.walletId, harness.clock.now)).length).toBe(0)
    harness.advance(3601)
    expect(await recovery.askKey()).toMatchObject({ status: 409, body: { code: 'embedded_recovery_cancelled' } })
    expect((await db.store.listWalletEvents(owner.walletId)).map((event) => event.kind)).toEqual(expect.arrayContaining(['settings_changed', 'recovery_cancelled']))
  })

  it('the key release reads the settings again: a recovery started as email recovery was being turned off gets no key', async () => {
    const api = harness.routes({ recoveryDelaySeconds: 3600 })
    const owner = await ownedWallet(api)
    const recovery = await startRecoveryIn(api, owner.email, owner.walletId)
    // The start read the setting just before the owner's change landed: the row says off, the recovery waits.
    await db.sql('UPDATE sigil_embedded_wallets SET email_recovery = false, recovery_delay_seconds = $2 WHERE wallet_id = $1', [owner.walletId, 7 * 86_400])
    harness.advance(3601)
    expect(await recovery.askKey()).toMatchObject({ status: 403, body: { code: 'embedded_recovery_off' } })
    await db.sql('UPDATE sigil_embedded_wallets SET email_recovery = true WHERE wallet_id = $1', [owner.walletId])
    expect(await recovery.askKey()).toMatchObject({ status: 425, body: { code: 'embedded_recovery_pending' } })
  })

  it('a change made while a recovery waits applies to it: a longer delay holds its key that much longer, a shorter one changes nothing', async () => {
    const api = harness.routes({ recoveryDelaySeconds: 3600 })
    const owner = await ownedWallet(api)
    const recovery = await startRecoveryIn(api, owner.email, owner.walletId)
    const startedAt = harness.clock.now.getTime()
    const week = 7 * 86_400
    harness.advance(60)
    expect((await answer(await api.walletSettings(browser().request({ walletId: owner.walletId, emailRecovery: true, recoveryDelaySeconds: week, assertion: await assertion(api, owner.walletId, owner.passkey) })))).status).toBe(200)
    expect((await answer(await api.walletSettings(browser().request({ walletId: owner.walletId, emailRecovery: true, recoveryDelaySeconds: 60, assertion: await assertion(api, owner.walletId, owner.passkey) })))).status).toBe(200)
    harness.advance(3601)
    expect(await recovery.askKey()).toMatchObject({ status: 425, body: { code: 'embedded_recovery_pending' } })
    expect(new Date((await recovery.pending()).body.releaseAt as string).getTime()).toBe(startedAt + week * 1000)
    harness.advance(week)
    expect((await recovery.askKey()).status).toBe(200)
  })

  it("refuses a change without the wallet's own passkey, and malformed settings", async () => {
    const api = harness.routes()
    const owner = await ownedWallet(api)
    const stranger = await ownedWallet(api)
    // Another wallet's passkey, over a challenge issued for this wallet.
    const theirs = await assertion(api, owner.walletId, stranger.passkey)
    expect(await answer(await api.walletSettings(browser().request({ walletId: owner.walletId, emailRecovery: false, recoveryDelaySeconds: null, assertion: theirs })))).toMatchObject({ status: 400, body: { code: 'embedded_passkey_invalid' } })
    // A replayed assertion: its challenge is spent.
    const mine = await assertion(api, owner.walletId, owner.passkey)
    expect((await answer(await api.walletSettings(browser().request({ walletId: owner.walletId, emailRecovery: true, recoveryDelaySeconds: null, assertion: mine })))).status).toBe(200)
    expect(await answer(await api.walletSettings(browser().request({ walletId: owner.walletId, emailRecovery: false, recoveryDelaySeconds: null, assertion: mine })))).toMatchObject({ status: 400, body: { code: 'embedded_challenge_invalid' } })
    for (const bad of [
      { emailRecovery: 'no', recoveryDelaySeconds: null },
      { emailRecovery: false },
      { emailRecovery: false, recoveryDelaySeconds: -1 },
      { emailRecovery: false, recoveryDelaySeconds: 1.5 },
      { emailRecovery: false, recoveryDelaySeconds: 31 * 86_400 },
    ]) {
      const answered = await answer(await api.walletSettings(browser().request({ walletId: owner.walletId, ...bad, assertion: await assertion(api, owner.walletId, owner.passkey) })))
      expect(answered, JSON.stringify(bad)).toMatchObject({ status: 400, body: { code: 'embedded_malformed_body' } })
    }
    // Nothing of the refused changes reached the wallet: email recovery is still on.
    expect((await db.store.getEmbeddedWallet(owner.walletId))?.emailRecovery).toBe(true)
  })
})
