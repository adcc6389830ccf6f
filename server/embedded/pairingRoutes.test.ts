import { format } from '@sigil/lib/i18n/format'
import type { Locale } from '@sigil/lib/i18n/locales'
import { MAIL_TEXT } from '@/server/i18n/mailLocales'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fromBase64Url, randomBytes, toBase64Url } from '@sigil/lib/embedded/crypto/bytes'
import { additionalData } from '@sigil/lib/embedded/crypto/keyWrapping'
import { generateEphemeralKeyPair, openWithPrivateKey, sealToPublicKey, type Envelope } from '@sigil/lib/embedded/crypto/sealToPublicKey'
import { formatPairingCode } from '@sigil/lib/embedded/pairingCode'
import { embedded } from '@sigil/lib/i18n/embedded'
import { verifyWalletLog, type WalletEvent } from '@/server/store/walletLog'
import { startPostgres, type Postgres } from '@/tests/fixtures/postgres'
import {
  answer,
  browser,
  createThroughApi,
  openInspectablePglite,
  openInspectablePostgres,
  ORIGIN,
  proveEmail,
  routeHarness,
  softwarePasskey,
  type InspectableStore,
  type RouteHarness,
} from '@/tests/fixtures/embeddedRoutes'
import { EMBEDDED_LIMITS } from './policy'
import { openRecoveryEnvelope } from './recoveryEnvelope'
import { recoveryKeyring, type RecoveryKeyring } from './recoveryKey'

/**
 * Adding a device (the pairing routes) and reading the wallet's log, on the real route handlers and a
 * real store, with software passkeys whose assertions the server verifies for real.
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

/** A wallet made through the API as the browser makes it, with the passkey that can sign assertions for it. */
async function walletWithPasskey(harness: RouteHarness, api: Routes, email = `owner-${Buffer.from(randomBytes(4)).toString("hex")}@example.test`, locale?: Locale) {
  const user = browser(locale ? { 'accept-language': locale } : {})
  await proveEmail(harness, api, user, email, locale ? MAIL_TEXT[locale].verifySubject : undefined)
  const made = await createThroughApi(api, user, email)
  expect(made.created?.status).toBe(201)
  return { email, walletId: made.walletId!, dataKey: made.dataKey!, passkey: made.passkey }
}

/** A fresh challenge for `walletId`, answered by `passkey`. */
async function assertion(api: Routes, walletId: string, passkey: Passkey) {
  const user = browser()
  const challenge = await answer(await api.deviceChallenge(user.request({ walletId })))
  expect(challenge.status).toBe(200)
  return passkey.assert(challenge.body.options as { challenge: string })
}

async function startPairing(api: Routes, walletId: string, passkey: Passkey) {
  const started = await answer(await api.pairingStart(browser().request({ walletId, assertion: await assertion(api, walletId, passkey) })))
  expect(started.status).toBe(201)
  return started.body as { pairingId: string; code: string; ownerToken: string; expiresAt: string }
}

async function newDeviceKey() {
  const pair = await generateEphemeralKeyPair()
  return { pair, publicKey: toBase64Url(pair.publicKey) }
}

const VAULT = { iv: 'A'.repeat(16), ct: 'B'.repeat(40) }

describe.each(backends)('adding a device on $name', (backend) => {
  let db: InspectableStore
  let harness: RouteHarness
  beforeAll(async () => {
    db = await backend.open()
    harness = routeHarness(db.store, keyring)
  })
  afterAll(async () => {
    await db?.close()
  })

  it("names the opening device's browser and place for its link, and each look counts as a claim try", async () => {
    const api = harness.routes()
    const owner = await walletWithPasskey(harness, api)
    const challenge = await answer(await api.deviceChallenge(browser().request({ walletId: owner.walletId })))
    const started = await answer(
      await api.pairingStart(
        browser().request(
          { walletId: owner.walletId, assertion: await owner.passkey.assert(challenge.body.options as { challenge: string }) },
          { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0', 'cf-ipcountry': 'PT' },
        ),
      ),
    )
    expect(started.status).toBe(201)
    const peeked = await answer(await api.pairingPeek(browser().request({ code: started.body.code })))
    // The place comes only from a proxy the deployment trusts (TRUSTED_PROXY_HOPS): none here, so none.
    expect(peeked).toMatchObject({ status: 200, body: { browser: 'Firefox on Linux', place: null } })
    expect(peeked.body).not.toHaveProperty('walletId')
    // Behind a proxy the deployment names (its config's trustedProxyHops), the edge's country shows.
    const behindProxy = harness.routes({ trustedProxyHops: 1 })
    const fromPortugal = await answer(
      await behindProxy.pairingStart(
        browser().request(
          { walletId: owner.walletId, assertion: await owner.passkey.assert((await answer(await behindProxy.deviceChallenge(browser().request({ walletId: owner.walletId })))).body.options as { challenge: string }) },
          { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0', 'cf-ipcountry': 'PT' },
        ),
      ),
    )
    expect(fromPortugal.status).toBe(201)
    expect(await answer(await behindProxy.pairingPeek(browser().request({ code: fromPortugal.body.code })))).toMatchObject({ status: 200, body: { browser: 'Firefox on Linux', place: 'PT' } })
    // The claim limit per client address (10 in 10 minutes) counts looks and claims together.
    const limited = harness.routes({ limits: { pairingClaimPerIp: { max: 2, windowMs: 600_000 } } })
    const sameClient = () => browser().request({ code: 'ZZZZZZZZZZ' }, { 'x-forwarded-for': '203.0.113.9' })
    const statuses = [(await limited.pairingPeek(sameClient())).status, (await limited.pairingPeek(sameClient())).status, (await limited.pairingPeek(sameClient())).status]
    expect(statuses.slice(2)).toEqual([429])
  })

  it('pairs a new device end to end: the server relays only a key sealed to the new device, which it cannot open', async () => {
    const api = harness.routes()
    // The owner made the wallet in Korean; the new device's browser speaks English.
    const owner = await walletWithPasskey(harness, api, undefined, 'ko')
    const pairing = await startPairing(api, owner.walletId, owner.passkey)
    expect(pairing.code).toMatch(/^[0-9A-HJKMNP-TV-Z]{10}$/)
    expect(new Date(pairing.expiresAt).getTime() - harness.clock.now.getTime()).toBe(600_000)
    // The QR code's link: this site's vault, the code in the fragment (never sent to a server by a browser).
    const started = pairing as typeof pairing & { link: string; qr: { size: number; path: string } }
    expect(started.link).toBe(`${ORIGIN}/#pair=${formatPairingCode(pairing.code)}`)
    expect(started.qr.path).toMatch(/^(?:M\d{1,3} \d{1,3}h1v1h-1z)+$/)
    expect(await answer(await api.pairingStatus(browser().request({ pairingId: pairing.pairingId, ownerToken: pairing.ownerToken })))).toMatchObject({ status: 200, body: { state: 'waiting' } })

    // A pairing link names where the pairing was opened, and claims nothing.
    expect(await answer(await api.pairingPeek(browser().request({ code: formatPairingCode(pairing.code) })))).toMatchObject({ status: 200, body: { expiresAt: pairing.expiresAt } })
    expect(await answer(await api.pairingStatus(browser().request({ pairingId: pairing.pairingId, ownerToken: pairing.ownerToken })))).toMatchObject({ body: { state: 'waiting' } })

    // The new device types the code as people do: grouped, lower case.
    const device = await newDeviceKey()
    const claimed = await answer(await api.pairingClaim(browser().request({ code: formatPairingCode(pairing.code).toLowerCase(), publicKey: device.publicKey })))
    expect(claimed.status).toBe(200)
    const claimToken = claimed.body.claimToken as string
    expect(claimed.body.pairingId).toBe(pairing.pairingId)
    // Once claimed, the link names nothing more.
    expect(await answer(await api.pairingPeek(browser().request({ code: pairing.code })))).toMatchObject({ status: 409, body: { code: 'embedded_pairing_used' } })
    // A second device with the same code: refused.
    const late = await newDeviceKey()
    expect(await answer(await api.pairingClaim(browser().request({ code: pairing.code, publicKey: late.publicKey })))).toMatchObject({ status: 409, body: { code: 'embedded_pairing_used' } })
    expect(await answer(await api.pairingStatus(browser().request({ pairingId: pairing.pairingId, ownerToken: pairing.ownerToken })))).toMatchObject({
      body: { state: 'claimed', publicKey: device.publicKey },
    })
    expect(await answer(await api.pairingPackage(browser().request({ pairingId: pairing.pairingId, claimToken })))).toMatchObject({ status: 200, body: { state: 'waiting' } })

    // The owner approves with a fresh assertion, the data key sealed to the new device's key.
    const sealedKey = await sealToPublicKey(device.pair.publicKey, owner.dataKey, additionalData.pairing(owner.walletId, pairing.pairingId))
    const approve = async () =>
      answer(
        await api.pairingApprove(
          browser().request({ pairingId: pairing.pairingId, ownerToken: pairing.ownerToken, walletId: owner.walletId, assertion: await assertion(api, owner.walletId, owner.passkey), sealedKey, vault: VAULT }),
        ),
      )
    expect(await approve()).toMatchObject({ status: 200, body: { state: 'approved' } })
    expect(await approve()).toMatchObject({ status: 409, body: { code: 'embedded_pairing_used' } })

    // What the server holds: ciphertext its recovery key cannot open, and no byte of the data key.
    const [row] = await db.sql<Record<string, string | null>>('SELECT * FROM sigil_embedded_pairings WHERE pairing_id = $1', [pairing.pairingId])
    const stored = JSON.parse(row!.sealed_key!) as Envelope
    await expect(openRecoveryEnvelope(keyring, stored, owner.walletId)).rejects.toThrow()
    const everything = JSON.stringify(row)
    const raw = Buffer.from(owner.dataKey)
    for (const text of [raw.toString('hex'), raw.toString('base64'), toBase64Url(owner.dataKey)]) expect(everything).not.toContain(text)
    expect(row!.code_hash).not.toContain(pairing.code)

    const delivered = await answer(await api.pairingPackage(browser().request({ pairingId: pairing.pairingId, claimToken })))
    expect(delivered).toMatchObject({ status: 200, body: { state: 'approved', walletId: owner.walletId, email: owner.email, vault: VAULT } })
    const opened = await openWithPrivateKey(device.pair, delivered.body.sealedKey as Envelope, additionalData.pairing(owner.walletId, pairing.pairingId))
    expect(toBase64Url(opened)).toBe(toBase64Url(owner.dataKey))
    // Bound to this pairing: the same envelope does not open as another pairing's or as a recovery.
    await expect(openWithPrivateKey(device.pair, delivered.body.sealedKey as Envelope, additionalData.recovery(owner.walletId))).rejects.toThrow()

    const newPasskey = softwarePasskey()
    const registration = await newPasskey.register(delivered.body.options as { challenge: string; rp: { id?: string } })
    const before = harness.sent.length
    const done = await answer(await api.pairingComplete(browser().request({ pairingId: pairing.pairingId, claimToken, registration })))
    expect(done).toMatchObject({ status: 200, body: { walletId: owner.walletId } })
    await harness.settled()
    const notice = harness.sent.slice(before).find((mail) => mail.to === owner.email)
    // In the language the wallet was made in, whatever the new device speaks.
    expect(notice?.subject).toBe(format(MAIL_TEXT.ko.deviceAddedSubject, { address: done.body.address as string }))
    expect(notice?.text).toContain('새 기기가 추가되었습니다')
    // The sealed key is gone once delivered; the pairing is used up.
    const [after] = await db.sql<Record<string, string | null>>('SELECT sealed_key, sealed_vault, completed_at FROM sigil_embedded_pairings WHERE pairing_id = $1', [pairing.pairingId])
    expect(after).toMatchObject({ sealed_key: null, sealed_vault: null })
    expect(await answer(await api.pairingPackage(browser().request({ pairingId: pairing.pairingId, claimToken })))).toMatchObject({ status: 409, body: { code: 'embedded_pairing_used' } })
    expect(await answer(await api.pairingStatus(browser().request({ pairingId: pairing.pairingId, ownerToken: pairing.ownerToken })))).toMatchObject({ body: { state: 'completed' } })

    // The new device's own passkey now proves the wallet: it reads the log, which ends with device_added.
    const log = await answer(await api.walletLog(browser().request({ walletId: owner.walletId, assertion: await assertion(api, owner.walletId, newPasskey) })))
    expect(log.status).toBe(200)
    const events = (log.body.events as (Omit<WalletEvent, 'at'> & { at: string })[]).map((event) => ({ ...event, at: new Date(event.at) }))
    expect(events.map((event) => event.kind)).toEqual(['created', 'device_added'])
    expect(events[1]!.detail).toMatchObject({ credentialId: newPasskey.credentialId, pairingId: pairing.pairingId })
    expect(verifyWalletLog(owner.walletId, events)).toMatchObject({ ok: true, entries: 2 })
  })

  it('answers an unknown, malformed, expired or used code with its own typed error', async () => {
    const api = harness.routes()
    const owner = await walletWithPasskey(harness, api)
    const device = await newDeviceKey()
    const claim = async (code: unknown) => answer(await api.pairingClaim(browser().request({ code, publicKey: device.publicKey })))
    expect(await claim('ABCDE-FGHJK')).toMatchObject({ status: 404, body: { code: 'embedded_pairing_code_invalid', message: embedded.errors.embedded_pairing_code_invalid } })
    expect(await claim('ABC')).toMatchObject({ status: 400, body: { code: 'embedded_pairing_code_format', message: embedded.errors.embedded_pairing_code_format } })
    expect(await claim('ABCDE-FGHJU')).toMatchObject({ status: 400, body: { code: 'embedded_pairing_code_format' } })
    expect(await claim(1234567890)).toMatchObject({ status: 400, body: { code: 'embedded_pairing_code_format' } })
    const expiring = await startPairing(api, owner.walletId, owner.passkey)
    harness.advance(601)
    expect(await claim(expiring.code)).toMatchObject({ status: 410, body: { code: 'embedded_pairing_expired', message: embedded.errors.embedded_pairing_expired } })
    const used = await startPairing(api, owner.walletId, owner.passkey)
    expect((await claim(used.code)).status).toBe(200)
    expect(await claim(used.code)).toMatchObject({ status: 409, body: { code: 'embedded_pairing_used', message: embedded.errors.embedded_pairing_used } })
    // A pairing the owner cancelled is dead for its claimant.
    const cancelled = await startPairing(api, owner.walletId, owner.passkey)
    expect((await answer(await api.pairingCancel(browser().request({ pairingId: cancelled.pairingId, ownerToken: cancelled.ownerToken })))).status).toBe(200)
    expect(await claim(cancelled.code)).toMatchObject({ status: 409, body: { code: 'embedded_pairing_used' } })
    // A public key that is no P-256 point is refused before anything is claimed.
    const fresh = await startPairing(api, owner.walletId, owner.passkey)
    const bogus = toBase64Url(new Uint8Array([4, ...new Uint8Array(64).fill(7)]))
    expect(await answer(await api.pairingClaim(browser().request({ code: fresh.code, publicKey: bogus })))).toMatchObject({ status: 400, body: { code: 'embedded_malformed_body' } })
    expect((await claim(fresh.code)).status).toBe(200)
  })

  it('refuses to pair or show the log to anyone without one of the wallet’s passkeys', async () => {
    const api = harness.routes()
    const owner = await walletWithPasskey(harness, api)
    const stranger = await walletWithPasskey(harness, api)
    // A stranger knowing the wallet id, answering its challenge with their own passkey.
    const theirs = await assertion(api, owner.walletId, stranger.passkey)
    expect(await answer(await api.walletLog(browser().request({ walletId: owner.walletId, assertion: theirs })))).toMatchObject({ status: 400, body: { code: 'embedded_passkey_invalid' } })
    expect(await answer(await api.pairingStart(browser().request({ walletId: owner.walletId, assertion: await assertion(api, owner.walletId, stranger.passkey) })))).toMatchObject({
      status: 400,
      body: { code: 'embedded_passkey_invalid' },
    })
    // Their own wallet's challenge does not serve for this one; a challenge works once.
    const forTheirs = await assertion(api, stranger.walletId, owner.passkey)
    expect(await answer(await api.walletLog(browser().request({ walletId: owner.walletId, assertion: forTheirs })))).toMatchObject({ status: 400, body: { code: 'embedded_challenge_invalid' } })
    const mine = await assertion(api, owner.walletId, owner.passkey)
    expect((await answer(await api.walletLog(browser().request({ walletId: owner.walletId, assertion: mine })))).status).toBe(200)
    expect(await answer(await api.walletLog(browser().request({ walletId: owner.walletId, assertion: mine })))).toMatchObject({ status: 400, body: { code: 'embedded_challenge_invalid' } })
    // No assertion, or one carrying a PRF result: refused as malformed.
    expect(await answer(await api.walletLog(browser().request({ walletId: owner.walletId })))).toMatchObject({ status: 400, body: { code: 'embedded_malformed_body' } })
    const withPrf = { ...(await assertion(api, owner.walletId, owner.passkey)), clientExtensionResults: { prf: { results: { first: 'AAAA' } } } }
    expect(await answer(await api.walletLog(browser().request({ walletId: owner.walletId, assertion: withPrf })))).toMatchObject({ status: 400, body: { code: 'embedded_malformed_body' } })
    // The owner token is what the status answers to.
    const pairing = await startPairing(api, owner.walletId, owner.passkey)
    expect(await answer(await api.pairingStatus(browser().request({ pairingId: pairing.pairingId, ownerToken: toBase64Url(randomBytes(32)) })))).toMatchObject({
      status: 404,
      body: { code: 'embedded_pairing_code_invalid' },
    })
  })

  it('limits code tries per client address: the 11th in 10 minutes is refused before it is looked up', async () => {
    const api = harness.routes()
    const owner = await walletWithPasskey(harness, api)
    const pairing = await startPairing(api, owner.walletId, owner.passkey)
    const device = await newDeviceKey()
    for (let index = 0; index < EMBEDDED_LIMITS.pairingClaimPerIp.max; index++) {
      expect((await answer(await api.pairingClaim(browser().request({ code: `${index}`.padStart(10, 'Z'), publicKey: device.publicKey })))).status).toBe(404)
    }
    // Even the right code: the address has used its tries.
    const refused = await api.pairingClaim(browser().request({ code: pairing.code, publicKey: device.publicKey }))
    expect(refused.status).toBe(429)
    expect((await answer(refused)).body.code).toBe('embedded_rate_limited')
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
  })

  it('lets exactly one of 50 devices claiming one code at once win, and exactly one of 50 approvals', async () => {
    const api = harness.routes({ limits: { pairingClaimPerIp: { max: 1000, windowMs: 60_000 }, devicePasskeyPerIp: { max: 1000, windowMs: 60_000 } } })
    const owner = await walletWithPasskey(harness, api)
    const pairing = await startPairing(api, owner.walletId, owner.passkey)
    const devices = await Promise.all(Array.from({ length: 50 }, () => newDeviceKey()))
    const claims = await Promise.all(devices.map(async (device) => answer(await api.pairingClaim(browser().request({ code: pairing.code, publicKey: device.publicKey })))))
    expect(claims.filter((claim) => claim.status === 200)).toHaveLength(1)
    expect(claims.filter((claim) => claim.status === 409 && claim.body.code === 'embedded_pairing_used')).toHaveLength(49)
    const winner = devices[claims.findIndex((claim) => claim.status === 200)]!
    const sealedKey = await sealToPublicKey(fromBase64Url(winner.publicKey), owner.dataKey, additionalData.pairing(owner.walletId, pairing.pairingId))
    const assertions = await Promise.all(Array.from({ length: 50 }, () => assertion(api, owner.walletId, owner.passkey)))
    const approvals = await Promise.all(
      assertions.map(async (signed) =>
        answer(await api.pairingApprove(browser().request({ pairingId: pairing.pairingId, ownerToken: pairing.ownerToken, walletId: owner.walletId, assertion: signed, sealedKey, vault: VAULT }))),
      ),
    )
    expect(approvals.filter((approval) => approval.status === 200)).toHaveLength(1)
    // The others: the pairing was approved already, or their assertion's counter had been passed by a
    // faster one (the authenticator signed them in order; the server saw them out of order).
    expect(approvals.filter((approval) => approval.status !== 200).every((approval) => ['embedded_pairing_used', 'embedded_passkey_invalid'].includes(approval.body.code as string))).toBe(true)
    const [row] = await db.sql<{ approved_at: unknown }>('SELECT approved_at FROM sigil_embedded_pairings WHERE pairing_id = $1', [pairing.pairingId])
    expect(row!.approved_at).not.toBeNull()
  })
})
