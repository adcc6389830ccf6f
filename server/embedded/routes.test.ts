import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { randomBytes, toBase64Url } from '@sigil/lib/embedded/crypto/bytes'
import { additionalData } from '@sigil/lib/embedded/crypto/keyWrapping'
import { generateEphemeralKeyPair, openWithPrivateKey } from '@sigil/lib/embedded/crypto/sealToPublicKey'
import { embedded } from '@sigil/lib/i18n/embedded'
import { bindingCookieName, emailCookieName, recoveryCookieName, recoveryPendingCookieName } from '@sigil/lib/storageNames'
import { deviceProofMessage } from '@sigil/lib/embedded/deviceProof'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { openFreshPgliteStore } from '@/tests/fixtures/pgliteFolders'
import type { Store } from '@/server/store/types'
import {
  answer,
  browser,
  createThroughApi,
  FRAMING_ORIGIN,
  ORIGIN,
  proveEmail,
  routeHarness,
  seedWallet,
  seededPasskey,
  softwareRegistration,
  type Browser,
  type RouteHarness,
} from '@/tests/fixtures/embeddedRoutes'
import { emailHashes } from './emailAtRest'
import type { Mail } from './mailer'
import { EMBEDDED_LIMITS, type EmbeddedLimits } from './policy'
import { recoveryKeyring, type RecoveryKeyring } from './recoveryKey'

/** The route handlers on a real (in-memory) PGlite store, a recording mailer and a clock the test moves. */

let store: Store
let keyring: RecoveryKeyring
let harness: RouteHarness

beforeAll(async () => {
  store = await openFreshPgliteStore()
  keyring = await recoveryKeyring(randomBytes(32))
  harness = routeHarness(store, keyring)
})
afterAll(async () => {
  await store?.close()
})

const RECOVERY_SUBJECT = 'Your Sigil recovery code'
const post = (body: BodyInit | null, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
  new Request(`${ORIGIN}/api/embedded/x`, { method: 'POST', body, headers: { origin: ORIGIN, ...headers } })
const json = (value: unknown) => post(JSON.stringify(value))

/** Asks for a recovery code in `user`'s browser and reads it from the owner's mail. */
async function recoveryCodeFor(api: ReturnType<RouteHarness['routes']>, user: Browser, email: string) {
  const response = await answer(user.keep(await api.recoveryCode(user.request({ email }))))
  expect(response.status).toBe(202)
  await harness.settled()
  return { requestId: response.body.requestId as string, code: harness.codeIn(email, RECOVERY_SUBJECT) }
}

async function recoverySession(api: ReturnType<RouteHarness['routes']>, user: Browser, email: string) {
  const verified = await answer(user.keep(await api.recoveryVerify(user.request(await recoveryCodeFor(api, user, email)))))
  expect(verified.status).toBe(200)
  return verified.body
}

describe('malformed bodies get an exact status and code, never a 500', () => {
  const cases: [string, Request, number, string][] = [
    ['no JSON content type', post('{"email":"a@example.test"}', { 'content-type': 'text/plain' }), 400, 'embedded_malformed_body'],
    ['invalid JSON', post('{"email":'), 400, 'embedded_malformed_body'],
    ['an array', json([1, 2]), 400, 'embedded_malformed_body'],
    ['a body over 16 KB', json({ email: 'x'.repeat(20_000) }), 413, 'embedded_body_too_large'],
    ['an invalid email', json({ email: 'not-an-email' }), 400, 'embedded_invalid_email'],
    ['an email that is not a string', json({ email: 42 }), 400, 'embedded_invalid_email'],
  ]
  it.each(cases)('an email code request with %s', async (_, request, status, code) => {
    expect(await answer(await harness.routes().emailCode(request))).toMatchObject({ status, body: { code, message: embedded.errors[code as keyof typeof embedded.errors] } })
  })

  const registration = (extensions: unknown, clientDataJSON = 'e30') => ({
    id: 'abc',
    rawId: 'abc',
    type: 'public-key',
    response: { clientDataJSON, attestationObject: 'oA' },
    clientExtensionResults: extensions,
  })
  const creation = (extensions: unknown, clientDataJSON?: string) => ({
    walletId: 'A'.repeat(22),
    email: 'a@example.test',
    address: '0x000000000000000000000000000000000000dEaD',
    recovery: { epk: 'A'.repeat(87), iv: 'A'.repeat(16), ct: 'A'.repeat(64) },
    vault: { iv: 'A'.repeat(16), ct: 'A'.repeat(40) },
    registration: registration(extensions, clientDataJSON),
  })

  it('refuses a wallet whose registration carries a PRF result (key material must never reach the server)', async () => {
    const response = await harness.routes().createWallet(json(creation({ prf: { enabled: true, results: { first: 'c2VjcmV0' } } })))
    expect(await answer(response)).toMatchObject({ status: 400, body: { code: 'embedded_malformed_body' } })
  })

  it('answers a registration without PRF with embedded_prf_unsupported', async () => {
    expect(await answer(await harness.routes().createWallet(json(creation({}))))).toMatchObject({ status: 400, body: { code: 'embedded_prf_unsupported' } })
  })

  it('answers a registration for a challenge it never issued with embedded_challenge_invalid', async () => {
    const user = browser()
    const api = harness.routes()
    await proveEmail(harness, api, user, 'a@example.test')
    const clientData = toBase64Url(new TextEncoder().encode(JSON.stringify({ type: 'webauthn.create', challenge: 'never-issued', origin: ORIGIN })))
    const response = await api.createWallet(user.request(creation({ prf: { enabled: true } }, clientData)))
    expect(await answer(response)).toMatchObject({ status: 400, body: { code: 'embedded_challenge_invalid' } })
  })

  it.each([
    [{ requestId: 'short', code: '123456' }, 400, 'embedded_malformed_body'],
    [{ requestId: 'A'.repeat(22), code: '12345' }, 400, 'embedded_invalid_code_format'],
    [{ requestId: 'A'.repeat(22), code: 123456 }, 400, 'embedded_invalid_code_format'],
    [{ requestId: 'A'.repeat(22), code: '123456' }, 410, 'embedded_code_expired'],
  ])('code verification with %j', async (body, status, code) => {
    expect(await answer(await harness.routes().recoveryVerify(json(body)))).toMatchObject({ status, body: { code } })
    expect(await answer(await harness.routes().emailVerify(json(body)))).toMatchObject({ status, body: { code } })
  })

  it('refuses the recovery key without a session cookie (401)', async () => {
    const response = await harness.routes().recoveryKey(json({ walletId: 'A'.repeat(22), publicKey: 'A'.repeat(87) }))
    expect(await answer(response)).toMatchObject({ status: 401, body: { code: 'embedded_recovery_session_invalid' } })
  })
})

describe('creating a wallet needs a proven email', () => {
  it('refuses wallet options and creation for an email nobody proved, and for another email than the one proved', async () => {
    const api = harness.routes()
    const stranger = browser()
    expect(await answer(await api.walletOptions(stranger.request({ email: 'victim@example.test' })))).toMatchObject({ status: 403, body: { code: 'embedded_email_unverified' } })
    const attacker = browser()
    await proveEmail(harness, api, attacker, 'attacker@example.test')
    expect(await answer(await api.walletOptions(attacker.request({ email: 'victim@example.test' })))).toMatchObject({ status: 403, body: { code: 'embedded_email_unverified' } })
    const { created } = await createThroughApi(api, attacker, 'attacker@example.test')
    expect(created?.status).toBe(201)
    expect(await store.listRecoverableWallets(emailHashes(keyring, 'victim@example.test'), 5)).toEqual([])
  })

  it('mails a verification code, sets an httpOnly SameSite=Strict binding cookie, and proves the email with it once', async () => {
    const api = harness.routes()
    const user = browser()
    const asked = api.emailCode(user.request({ email: ' Ann@Example.TEST ' }))
    const response = await asked
    expect(response.status).toBe(202)
    expect(response.headers.get('set-cookie')).toMatch(new RegExp(`^${bindingCookieName(false)}=[\\w-]{43}; Max-Age=2592000; Path=/; HttpOnly; SameSite=Strict$`))
    user.keep(response)
    const { requestId } = (await response.json()) as { requestId: string }
    const mail = harness.sent.at(-1)!
    expect(mail).toMatchObject({ to: 'ann@example.test', subject: 'Your Sigil verification code' })
    expect(mail.text).toContain('Never share this code. Sigil will never ask you for it')
    expect(mail.text).toContain('only in the browser that asked for it')
    const code = harness.codeIn('ann@example.test', 'Your Sigil verification code')
    const verified = await api.emailVerify(user.request({ requestId, code }))
    expect(verified.status).toBe(200)
    expect(verified.headers.get('set-cookie')).toMatch(new RegExp(`^${emailCookieName(false)}=[\\w-]{43}; Max-Age=1800; Path=/api/embedded/wallets; HttpOnly; SameSite=Strict$`))
    expect(await verified.json()).toMatchObject({ email: 'ann@example.test' })
    expect(await answer(await api.emailVerify(user.request({ requestId, code })))).toMatchObject({ status: 410, body: { code: 'embedded_code_expired' } })
  })

  it('over https (the vault) sets its cookies Secure, SameSite=None and Partitioned, as a frame of another site must send them', async () => {
    const api = harness.routes({ secureCookies: true })
    const user = browser()
    const response = await api.emailCode(user.request({ email: 'frame@example.test' }))
    expect(response.status).toBe(202)
    expect(response.headers.get('set-cookie')).toMatch(new RegExp(`^${bindingCookieName(true)}=[\\w-]{43}; Max-Age=2592000; Path=/; HttpOnly; Secure; SameSite=None; Partitioned$`))
    expect(bindingCookieName(true)).toMatch(/^__Host-/)
  })

  it('issues options for a proven email only (this site, the current recovery key), and creates one wallet per proof', async () => {
    const api = harness.routes()
    const user = browser()
    await proveEmail(harness, api, user, 'one@example.test')
    const { options, created, walletId } = await createThroughApi(api, user, 'one@example.test')
    expect(options.body.walletId).toMatch(/^[\w-]{22}$/)
    expect(options.body.recoveryPublicKey).toBe(keyring.current.publicKeyBase64Url)
    expect(options.body.options).toMatchObject({
      rp: { id: 'localhost', name: 'Sigil' },
      user: { id: options.body.walletId, name: 'one@example.test' },
      timeout: 300000,
      attestation: 'none',
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    })
    expect(created).toMatchObject({ status: 201, body: { walletId } })
    const stored = await store.getEmbeddedWallet(walletId!)
    expect(stored?.emailVerifiedAt).toEqual(harness.clock.now)
    expect(JSON.parse(stored!.recoveryEnvelope)).toMatchObject({ kid: keyring.current.kid })
    // The proof made its wallet: the cookie is gone, and another wallet needs another code.
    expect(user.cookies.has(emailCookieName(false))).toBe(false)
    expect((await createThroughApi(api, user, 'one@example.test')).options).toMatchObject({ status: 403, body: { code: 'embedded_email_unverified' } })
  })

  it('refuses a sixth verified wallet for one email, before the passkey prompt', async () => {
    const api = harness.routes()
    for (let index = 0; index < 5; index++) await seedWallet(store, keyring.current, 'five@example.test')
    const user = browser()
    await proveEmail(harness, api, user, 'five@example.test')
    expect((await createThroughApi(api, user, 'five@example.test')).options).toMatchObject({ status: 409, body: { code: 'embedded_wallet_limit' } })
    expect(await store.listRecoverableWallets(emailHashes(keyring, 'five@example.test'), 50)).toHaveLength(5)
  })
})

describe('email recovery', () => {
  it('mails a code only to an email that has a verified wallet, answering the same either way', async () => {
    const api = harness.routes()
    await seedWallet(store, keyring.current, 'owner@example.test')
    await seedWallet(store, keyring.current, 'planted@example.test', { verified: false })
    const before = harness.sent.length
    const stranger = await answer(await api.recoveryCode(json({ email: 'stranger@example.test' })))
    const planted = await answer(await api.recoveryCode(json({ email: 'planted@example.test' })))
    expect([stranger.status, planted.status]).toEqual([202, 202])
    await harness.settled()
    expect(harness.sent).toHaveLength(before)
    const owner = await answer(await api.recoveryCode(json({ email: 'owner@example.test' })))
    await harness.settled()
    expect(Object.keys(owner.body).sort()).toEqual(Object.keys(stranger.body).sort())
    const mail = harness.sent.at(-1)!
    expect(mail).toMatchObject({ to: 'owner@example.test', subject: RECOVERY_SUBJECT })
    // The email tells the truth: the old text said nobody could use the code without the mailbox.
    expect(mail.text).toContain('Never share this code. Sigil will never ask you for it')
    expect(mail.text).not.toContain('nobody can use the code')
  })

  it('lists only verified wallets, never picks one, and does not open an unverified one', async () => {
    const api = harness.routes()
    const real = await seedWallet(store, keyring.current, 'mixed@example.test', { createdAt: new Date('2030-01-02T00:00:00.000Z') })
    const planted = await seedWallet(store, keyring.current, 'mixed@example.test', { verified: false, createdAt: new Date('2029-01-01T00:00:00.000Z') })
    const user = browser()
    const session = await recoverySession(api, user, 'mixed@example.test')
    expect(session.wallets).toEqual([{ walletId: real.walletId, address: '0x000000000000000000000000000000000000dEaD', createdAt: '2030-01-02T00:00:00.000Z' }])
    expect(await answer(await api.recoveryStart(user.request({ walletId: planted.walletId })))).toMatchObject({ status: 404, body: { code: 'embedded_wallet_not_found' } })
  })

  it('opens a 1800 s session with a right code, in which a recovery starts; no recovery starts after 1800 s', async () => {
    const api = harness.routes()
    const { walletId } = await seedWallet(store, keyring.current, 'session@example.test')
    const user = browser()
    const verified = await api.recoveryVerify(user.request(await recoveryCodeFor(api, user, 'session@example.test')))
    expect(verified.status).toBe(200)
    expect(verified.headers.get('set-cookie')).toMatch(new RegExp(`^${recoveryCookieName(false)}=[\\w-]{43}; Max-Age=1800; Path=/api/embedded/recovery; HttpOnly; SameSite=Strict$`))
    user.keep(verified)
    expect((await verified.json()).wallets).toEqual([{ walletId, address: '0x000000000000000000000000000000000000dEaD', createdAt: '2030-01-01T00:00:00.000Z' }])
    // Another email's wallet is not reachable from this session.
    const other = await seedWallet(store, keyring.current, 'other@example.test')
    expect(await answer(await api.recoveryStart(user.request({ walletId: other.walletId })))).toMatchObject({ status: 404, body: { code: 'embedded_wallet_not_found' } })
    harness.advance(1800)
    expect(await answer(await api.recoveryStart(user.request({ walletId })))).toMatchObject({ status: 401, body: { code: 'embedded_recovery_session_invalid' } })
  })

  it('refuses a right code at 900 s, and locks a code after 5 wrong attempts', async () => {
    const api = harness.routes()
    await seedWallet(store, keyring.current, 'codes@example.test')
    const user = browser()
    const late = await recoveryCodeFor(api, user, 'codes@example.test')
    harness.advance(900)
    expect(await answer(await api.recoveryVerify(user.request(late)))).toMatchObject({ status: 410, body: { code: 'embedded_code_expired' } })

    const { requestId, code } = await recoveryCodeFor(api, user, 'codes@example.test')
    const wrong = code === '000000' ? '000001' : '000000'
    const answers = []
    for (let attempt = 0; attempt < 5; attempt++) answers.push(await answer(await api.recoveryVerify(user.request({ requestId, code: wrong }))))
    expect(answers.map((entry) => [entry.status, entry.body.code, entry.body.attemptsLeft])).toEqual([
      [401, 'embedded_code_invalid', 4],
      [401, 'embedded_code_invalid', 3],
      [401, 'embedded_code_invalid', 2],
      [401, 'embedded_code_invalid', 1],
      [423, 'embedded_code_locked', undefined],
    ])
    expect(answers[0]!.body.message).toBe('That code is not right. 4 attempts left.')
    expect(await answer(await api.recoveryVerify(user.request({ requestId, code })))).toMatchObject({ status: 423, body: { code: 'embedded_code_locked' } })
  })

  it('uses a right code once', async () => {
    const api = harness.routes()
    await seedWallet(store, keyring.current, 'once@example.test')
    const user = browser()
    const attempt = await recoveryCodeFor(api, user, 'once@example.test')
    expect((await api.recoveryVerify(user.request(attempt))).status).toBe(200)
    expect(await answer(await api.recoveryVerify(user.request(attempt)))).toMatchObject({ status: 410, body: { code: 'embedded_code_expired' } })
  })

  it('rate-limits code emails per address (5 an hour)', async () => {
    const api = harness.routes()
    await seedWallet(store, keyring.current, 'limit@example.test')
    const statuses = []
    for (let index = 0; index < 6; index++) statuses.push((await api.recoveryCode(json({ email: 'limit@example.test' }))).status)
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429])
  })
})

describe('a code works only in the browser that asked for it', () => {
  it('refuses the right code without the binding cookie, or with another browser’s, and counts the try nowhere', async () => {
    const api = harness.routes()
    await seedWallet(store, keyring.current, 'phished@example.test')
    const victim = browser()
    const attempt = await recoveryCodeFor(api, victim, 'phished@example.test')
    const phisher = browser()
    expect(await answer(await api.recoveryVerify(phisher.request(attempt)))).toMatchObject({ status: 403, body: { code: 'embedded_code_other_browser', message: embedded.errors.embedded_code_other_browser } })
    // A binding cookie of the phisher's own (from asking for a code for another email) is not the victim's either.
    await recoveryCodeFor(api, phisher, 'owner@example.test')
    expect(await answer(await api.recoveryVerify(phisher.request(attempt)))).toMatchObject({ status: 403, body: { code: 'embedded_code_other_browser' } })
    // The same code from the browser that asked: its first try (the refused ones were counted nowhere).
    const wrong = attempt.code === '000000' ? '000001' : '000000'
    expect(await answer(await api.recoveryVerify(victim.request({ ...attempt, code: wrong })))).toMatchObject({ status: 401, body: { attemptsLeft: 4 } })
    expect((await api.recoveryVerify(victim.request(attempt))).status).toBe(200)
  })

  it('binds email-verification codes the same way', async () => {
    const api = harness.routes()
    const user = browser()
    const asked = await answer(user.keep(await api.emailCode(user.request({ email: 'bound@example.test' }))))
    const code = harness.codeIn('bound@example.test', 'Your Sigil verification code')
    expect(await answer(await api.emailVerify(browser().request({ requestId: asked.body.requestId, code })))).toMatchObject({ status: 403, body: { code: 'embedded_code_other_browser' } })
    expect((await api.emailVerify(user.request({ requestId: asked.body.requestId, code }))).status).toBe(200)
  })

  it('keeps one browser’s recovery code valid when the same browser then asks for a verification code', async () => {
    const api = harness.routes()
    await seedWallet(store, keyring.current, 'both@example.test')
    const user = browser()
    const recovery = await recoveryCodeFor(api, user, 'both@example.test')
    await answer(user.keep(await api.emailCode(user.request({ email: 'both@example.test' }))))
    expect((await api.recoveryVerify(user.request(recovery))).status).toBe(200)
  })
})

describe('guessing codes', () => {
  it('locks a browser’s tries at an email after 10 across its codes, even for a right code, until the day is over — not another browser’s', async () => {
    const api = harness.routes()
    await seedWallet(store, keyring.current, 'guess@example.test')
    // The owner's browser used a code of this email before (known to it: docs/embedded/threat-model.md#lockout-by-strangers).
    const owner = browser()
    const api2 = harness.routes()
    expect((await api2.recoveryVerify(owner.request(await recoveryCodeFor(api2, owner, 'guess@example.test')))).status).toBe(200)
    const user = browser()
    const answers: [number, unknown, unknown][] = []
    let last = { requestId: '', code: '' }
    for (const tries of [4, 4, 2]) {
      last = await recoveryCodeFor(api, user, 'guess@example.test')
      const wrong = last.code === '000000' ? '000001' : '000000'
      for (let attempt = 0; attempt < tries; attempt++) {
        const { status, body } = await answer(await api.recoveryVerify(user.request({ requestId: last.requestId, code: wrong })))
        answers.push([status, body.code, body.attemptsLeft])
      }
    }
    expect(answers.map((entry) => entry[2] ?? entry[1])).toEqual([4, 3, 2, 1, 4, 3, 2, 1, 1, 'embedded_code_tries_exhausted'])
    const until = new Date(harness.clock.now.getTime() + 24 * 3600 * 1000)
    expect(await answer(await api.recoveryVerify(user.request(last)))).toMatchObject({
      status: 423,
      body: { code: 'embedded_code_tries_exhausted', retryAt: until.toISOString(), message: `Too many wrong codes for this email in this browser. Try again after ${until.toISOString().replace('T', ' ').slice(0, 16)} (UTC).` },
    })
    const fresh = await recoveryCodeFor(api, user, 'guess@example.test')
    expect(await answer(await api.recoveryVerify(user.request(fresh)))).toMatchObject({ status: 423, body: { code: 'embedded_code_tries_exhausted' } })
    // The owner's browser is not locked by this one's tries; a browser the email never saw is, for the
    // day: the 10 tries were also the email's, from browsers it does not know.
    expect((await api2.recoveryVerify(owner.request(await recoveryCodeFor(api2, owner, 'guess@example.test')))).status).toBe(200)
    const fresh2 = browser()
    expect(await answer(await api2.recoveryVerify(fresh2.request(await recoveryCodeFor(api2, fresh2, 'guess@example.test'))))).toMatchObject({ status: 423, body: { code: 'embedded_code_tries_exhausted_email' } })

    harness.advance(24 * 3600)
    expect((await api.recoveryVerify(user.request(await recoveryCodeFor(api, user, 'guess@example.test')))).status).toBe(200)
  })

  it("voids an email's unused code when a new one is issued", async () => {
    const api = harness.routes()
    await seedWallet(store, keyring.current, 'void@example.test')
    const user = browser()
    const first = await recoveryCodeFor(api, user, 'void@example.test')
    const second = await recoveryCodeFor(api, user, 'void@example.test')
    expect(await answer(await api.recoveryVerify(user.request(first)))).toMatchObject({ status: 410, body: { code: 'embedded_code_expired' } })
    expect((await api.recoveryVerify(user.request(second))).status).toBe(200)
  })
})

describe('the recovery-code answer tells nothing about the email', () => {
  it('answers 202 at once while the email is still being sent, for an owner as for a stranger', async () => {
    let release = () => undefined as void
    const stuck = new Promise<void>((resolve) => (release = resolve))
    const mails: Mail[] = []
    const api = harness.routes({ mailer: { kind: 'smtp', send: async (mail) => { await stuck; mails.push(mail) } } })
    await seedWallet(store, keyring.current, 'slow@example.test')
    const owner = await answer(await api.recoveryCode(json({ email: 'slow@example.test' })))
    const stranger = await answer(await api.recoveryCode(json({ email: 'nobody@example.test' })))
    expect([owner.status, stranger.status]).toEqual([202, 202])
    expect(Object.keys(owner.body).sort()).toEqual(Object.keys(stranger.body).sort())
    expect(mails).toEqual([])
    release()
    await harness.settled()
    expect(mails.map((mail) => mail.to)).toEqual(['slow@example.test'])
  })

  it('answers 202 when SMTP fails for an owner, and logs the failure without the code or the address', async () => {
    const api = harness.routes({ mailer: { kind: 'smtp', send: async () => { throw new Error('connect ECONNREFUSED 127.0.0.1:2525 for <down@example.test>') } } })
    await seedWallet(store, keyring.current, 'down@example.test')
    const before = harness.logged.length
    expect((await api.recoveryCode(json({ email: 'down@example.test' }))).status).toBe(202)
    await harness.settled()
    expect(harness.logged.slice(before)).toEqual(['[sigil] embedded_mail_failed: connect ECONNREFUSED 127.0.0.1:2525 for <d***@e***.test>'])
  })
})

const DELAY = 48 * 3600
/** Minutes in UTC as the emails and pages write them, `seconds` after `iso`. */
const utc = (iso: unknown, seconds = 0) => new Date(new Date(iso as string).getTime() + seconds * 1000).toISOString().replace('T', ' ').slice(0, 16)
const isoAfter = (iso: unknown, seconds: number) => new Date(new Date(iso as string).getTime() + seconds * 1000).toISOString()
const cancelForm = (token: string) => new Request(`${ORIGIN}/api/embedded/recovery/cancel`, { method: 'POST', body: `token=${token}`, headers: { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' } })

/** A wallet (of `account`'s address when given) and a recovery of it started in `user`'s browser by its email: the start's answer and the owner's notice. */
async function startedRecovery(email: string, options: { address?: string; userAgent?: string; limits?: Partial<EmbeddedLimits> } = {}) {
  const api = harness.routes({ limits: options.limits })
  const { walletId, dataKey } = await seedWallet(store, keyring.current, email, { address: options.address })
  const user = browser()
  await recoverySession(api, user, email)
  const before = harness.sent.length
  const response = await api.recoveryStart(user.request({ walletId }, options.userAgent ? { 'user-agent': options.userAgent } : {}))
  const start = await answer(user.keep(response.clone()))
  await harness.settled()
  const notices = harness.sent.slice(before)
  const link = notices[0] && /(http:\/\/\S+\/api\/embedded\/recovery\/cancel\?token=[\w-]{22})/.exec(notices[0].text)?.[1]
  return { api, user, walletId, dataKey, start, response, notices, link: link!, token: link ? new URL(link).searchParams.get('token')! : '' }
}

async function releaseKey(api: ReturnType<RouteHarness['routes']>, user: Browser, walletId: string) {
  const key = await generateEphemeralKeyPair()
  return { key, released: await answer(await api.recoveryKey(user.request({ walletId, publicKey: toBase64Url(key.publicKey) }))) }
}

describe('a recovery releases the key only after the delay', () => {
  it('starts with a notice to the owner (the cancel link and the release time) and a cookie that outlives the delay', async () => {
    const { start, response, notices, walletId } = await startedRecovery('notice@example.test', { userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36' })
    expect(start).toMatchObject({ status: 201, body: { walletId, state: 'started', startedAt: harness.clock.now.toISOString(), releaseAt: isoAfter(harness.clock.now.toISOString(), DELAY), secondsLeft: DELAY } })
    expect(response.headers.get('set-cookie')).toMatch(new RegExp(`^${recoveryPendingCookieName(false)}=[\\w-]{43}; Max-Age=${Math.max(DELAY, 30 * 86400) + 7 * 86400}; Path=/api/embedded/recovery; HttpOnly; SameSite=Strict$`))
    expect(notices).toHaveLength(1)
    expect(notices[0]).toMatchObject({ to: 'notice@example.test', subject: 'Sigil: a recovery of your wallet 0x000000000000000000000000000000000000dEaD has started' })
    expect(notices[0]!.text).toContain(`At ${utc(start.body.startedAt)} (UTC)`)
    expect(notices[0]!.text).toContain('(Chrome on Linux)')
    expect(notices[0]!.text).toContain(`released to that browser only at ${utc(start.body.releaseAt)} (UTC)`)
    expect(notices[0]!.text).not.toMatch(/10\.\d+\.\d+\.\d+/) // never the client's address
  })

  it('answers a second start of the same session and wallet with the first recovery, without a second notice', async () => {
    const { api, user, walletId, start } = await startedRecovery('twice@example.test')
    harness.advance(60)
    const before = harness.sent.length
    const again = await api.recoveryStart(user.request({ walletId }))
    expect(await answer(again.clone())).toMatchObject({ status: 200, body: { releaseAt: start.body.releaseAt, secondsLeft: DELAY - 60 } })
    expect(again.headers.get('set-cookie')).toBeNull()
    await harness.settled()
    expect(harness.sent.length).toBe(before)
  })

  it('refuses the key before the delay with 425 and the time left, and releases it after, sealed to the browser key', async () => {
    const { api, user, walletId, dataKey, start } = await startedRecovery('delay@example.test')
    harness.advance(DELAY - 90)
    const early = await api.recoveryKey(user.request({ walletId, publicKey: toBase64Url((await generateEphemeralKeyPair()).publicKey) }))
    expect(early.headers.get('retry-after')).toBe('90')
    expect(await answer(early)).toEqual({
      status: 425,
      body: {
        code: 'embedded_recovery_pending',
        message: `The wallet’s key is released on ${utc(start.body.releaseAt)} (UTC), in 2 min. Come back then to finish the recovery.`,
        releaseAt: start.body.releaseAt,
        secondsLeft: 90,
      },
    })
    // Coming back later: the cookie alone names the recovery (the 30-minute session is long gone).
    expect(await answer(await api.recoveryPending(user.request({ walletId })))).toMatchObject({ status: 200, body: { state: 'started', secondsLeft: 90 } })
    harness.advance(90)
    const { key, released } = await releaseKey(api, user, walletId)
    expect(released.status).toBe(200)
    expect(JSON.stringify(released.body)).not.toContain(toBase64Url(dataKey))
    expect(await openWithPrivateKey(key, released.body.wrappedKey as never, additionalData.recovery(walletId))).toEqual(dataKey)
    expect(released.body.options).toMatchObject({ user: { id: walletId } })
    // A device that still holds the wallet's old passkey must be able to make a new one (no InvalidStateError).
    expect((released.body.options as { excludeCredentials?: unknown[] }).excludeCredentials ?? []).toEqual([])
    const kinds = (await store.listWalletEvents(walletId)).map((event) => event.kind)
    expect(kinds).toEqual(['created', 'recovery_started', 'recovery_key_released'])
  })

  it('refuses to complete before the delay with the time left, and adds no passkey', async () => {
    const { api, user, walletId } = await startedRecovery('early-complete@example.test')
    harness.advance(3600)
    const registration = await softwareRegistration({ challenge: toBase64Url(randomBytes(32)), rp: { id: 'localhost' } })
    expect(await answer(await api.recoveryComplete(user.request({ walletId, registration })))).toMatchObject({ status: 425, body: { code: 'embedded_recovery_pending', secondsLeft: DELAY - 3600 } })
    expect(await store.listEmbeddedCredentials(walletId)).toHaveLength(1)
  })

  it('refuses the key and the completion without the recovery cookie, or for another wallet', async () => {
    const { api, walletId } = await startedRecovery('cookie@example.test')
    harness.advance(DELAY)
    const stranger = browser()
    expect((await releaseKey(api, stranger, walletId)).released).toMatchObject({ status: 401, body: { code: 'embedded_recovery_session_invalid' } })
    // Where a recovery stands is no secret to keep from a stranger: nothing started here, a normal answer.
    expect(await answer(await api.recoveryPending(stranger.request({ walletId })))).toMatchObject({ status: 200, body: { state: 'none' } })
    expect(await answer(await api.recoveryPending(stranger.request({})))).toMatchObject({ status: 200, body: { state: 'none' } })
  })

  it('completes after the delay: the passkey is added, the recovery cookie cleared, the log says so', async () => {
    const { api, user, walletId } = await startedRecovery('complete@example.test')
    harness.advance(DELAY)
    const { released } = await releaseKey(api, user, walletId)
    const registration = await softwareRegistration(released.body.options as { challenge: string; rp: { id?: string } })
    const done = await api.recoveryComplete(user.request({ walletId, registration }))
    expect(done.status).toBe(200)
    expect(done.headers.getSetCookie().join('\n')).toContain(`${recoveryPendingCookieName(false)}=; Max-Age=0`)
    expect(await store.listEmbeddedCredentials(walletId)).toHaveLength(2)
    expect((await store.listWalletEvents(walletId)).map((event) => event.kind).at(-1)).toBe('recovery_completed')
  })

  it('of 50 parallel key releases and then 50 parallel completions of one recovery, exactly one completes', async () => {
    const { api, user, walletId } = await startedRecovery('race@example.test', { limits: { recoveryPerIp: { max: 1000, windowMs: 60_000 } } })
    harness.advance(DELAY)
    const releases = await Promise.all(Array.from({ length: 50 }, () => releaseKey(api, user, walletId)))
    expect(releases.every(({ released }) => released.status === 200)).toBe(true)
    const registrations = await Promise.all(releases.map(({ released }) => softwareRegistration(released.body.options as { challenge: string; rp: { id?: string } })))
    const completions = await Promise.all(registrations.map(async (registration) => answer(await api.recoveryComplete(user.request({ walletId, registration })))))
    expect(completions.filter((entry) => entry.status === 200)).toHaveLength(1)
    expect(completions.filter((entry) => entry.status === 409 && entry.body.code === 'embedded_recovery_completed')).toHaveLength(49)
    expect(await store.listEmbeddedCredentials(walletId)).toHaveLength(2) // the first passkey and one new one
    const kinds = (await store.listWalletEvents(walletId)).map((event) => event.kind)
    expect(kinds.filter((kind) => kind === 'recovery_key_released')).toHaveLength(1)
    expect(kinds.filter((kind) => kind === 'recovery_completed')).toHaveLength(1)
  })
})

describe("the owner's cancel link", () => {
  it('shows a page with a button on GET (opening the link changes nothing), and cancels on its POST: the key is never released', async () => {
    const { api, user, walletId, link, token, start } = await startedRecovery('cancel@example.test')
    const page = await api.recoveryCancelPage(new Request(link))
    expect(page.status).toBe(200)
    expect(page.headers.get('cache-control')).toBe('no-store')
    const html = await page.text()
    expect(html).toContain('0x000000000000000000000000000000000000dEaD')
    expect(html).toContain(`started at ${utc(start.body.startedAt)} (UTC); its key is released at ${utc(start.body.releaseAt)} (UTC)`)
    expect(html).toMatch(/<form method="post" action="\/api\/embedded\/recovery\/cancel"><input type="hidden" name="token" value="[\w-]{22}">/)
    expect(html).not.toMatch(/<script|<link|<img|style=/)
    expect((await store.listPendingRecoveries(walletId, harness.clock.now)).length).toBe(1)

    const code = await answer(user.keep(await api.recoveryCode(user.request({ email: 'cancel@example.test' }))))
    await harness.settled()
    const open = { requestId: code.body.requestId as string, code: harness.codeIn('cancel@example.test', RECOVERY_SUBJECT) }
    const done = await api.recoveryCancel(cancelForm(token))
    expect(done.status).toBe(200)
    expect(await done.text()).toContain('Its key was not released, and it cannot finish now.')
    harness.advance(DELAY)
    expect((await releaseKey(api, user, walletId)).released).toMatchObject({ status: 409, body: { code: 'embedded_recovery_cancelled' } })
    const registration = await softwareRegistration({ challenge: toBase64Url(randomBytes(32)), rp: { id: 'localhost' } })
    expect(await answer(await api.recoveryComplete(user.request({ walletId, registration })))).toMatchObject({ status: 409, body: { code: 'embedded_recovery_cancelled' } })
    expect(await store.listEmbeddedCredentials(walletId)).toHaveLength(1)
    // The email's open recovery code is void too.
    expect(await answer(await api.recoveryVerify(user.request(open)))).toMatchObject({ status: 410, body: { code: 'embedded_code_expired' } })
    // Twice: says it was cancelled already.
    expect(await (await api.recoveryCancel(cancelForm(token))).text()).toContain('This recovery was already cancelled.')
    expect((await api.recoveryCancelPage(new Request(link))).status).toBe(410)
  })

  it('after the recovery finished, says so and changes nothing', async () => {
    const { api, user, walletId, link, token, start } = await startedRecovery('finished@example.test')
    harness.advance(DELAY)
    const { released } = await releaseKey(api, user, walletId)
    const registration = await softwareRegistration(released.body.options as { challenge: string; rp: { id?: string } })
    expect((await api.recoveryComplete(user.request({ walletId, registration }))).status).toBe(200)
    const page = await api.recoveryCancelPage(new Request(link))
    expect(page.status).toBe(410)
    expect(await page.text()).toContain(`This recovery already finished at ${utc(start.body.releaseAt)} (UTC): it can no longer be cancelled.`)
    const posted = await api.recoveryCancel(cancelForm(token))
    expect(posted.status).toBe(410)
    expect(await posted.text()).toContain('it can no longer be cancelled')
    expect(await store.listEmbeddedCredentials(walletId)).toHaveLength(2)
  })

  it('answers a wrong, malformed or expired link with a page that says so', async () => {
    const { api, token } = await startedRecovery('late-cancel@example.test')
    expect(await (await api.recoveryCancelPage(new Request(`${ORIGIN}/api/embedded/recovery/cancel?token=${'A'.repeat(22)}`))).text()).toContain('This cancel link is not valid.')
    expect((await api.recoveryCancelPage(new Request(`${ORIGIN}/api/embedded/recovery/cancel?token=<script>`))).status).toBe(404)
    expect((await api.recoveryCancel(new Request(`${ORIGIN}/api/embedded/recovery/cancel`, { method: 'POST', body: '{"token":"x"}', headers: { 'content-type': 'application/json' } }))).status).toBe(400)
    harness.advance(DELAY + 7 * 24 * 3600)
    expect(await (await api.recoveryCancel(cancelForm(token))).text()).toContain('This cancel link has expired.')
  })
})

describe("the veto on the owner's devices", () => {
  const owner = privateKeyToAccount(generatePrivateKey())

  async function challenge(api: ReturnType<RouteHarness['routes']>, walletId: string, purpose: 'status' | 'veto') {
    const response = await answer(await api.walletRecoveriesChallenge(json({ walletId, purpose })))
    expect(response.status).toBe(200)
    return response.body.challenge as string
  }
  async function status(api: ReturnType<RouteHarness['routes']>, walletId: string, signer = owner) {
    const issued = await challenge(api, walletId, 'status')
    const signature = await signer.signMessage({ message: deviceProofMessage(walletId, issued) })
    return { issued, signature, answer: await answer(await api.walletRecoveries(json({ walletId, challenge: issued, signature }))) }
  }

  it('shows a pending recovery (when, from what browser) to a device that signs with the wallet key, and to nobody else', async () => {
    const { api, walletId, start } = await startedRecovery('device@example.test', { address: owner.address, userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1' })
    const seen = await status(api, walletId)
    expect(seen.answer).toEqual({
      status: 200,
      body: { recoveries: [{ recoveryId: expect.stringMatching(/^[\w-]{22}$/), startedAt: start.body.startedAt, releaseAt: start.body.releaseAt, browser: 'Safari on iOS', place: null }] },
    })
    // The challenge works once.
    expect(await answer(await api.walletRecoveries(json({ walletId, challenge: seen.issued, signature: seen.signature })))).toMatchObject({ status: 400, body: { code: 'embedded_challenge_invalid' } })
    // Another key, or an unknown wallet: the same refusal (nothing to learn by probing).
    expect((await status(api, walletId, privateKeyToAccount(generatePrivateKey()))).answer).toMatchObject({ status: 401, body: { code: 'embedded_device_proof_invalid' } })
    expect((await status(api, 'Z'.repeat(22))).answer).toMatchObject({ status: 401, body: { code: 'embedded_device_proof_invalid' } })
    // A challenge of the other purpose does not read the status.
    const veto = await challenge(api, walletId, 'veto')
    const signature = await owner.signMessage({ message: deviceProofMessage(walletId, veto) })
    expect(await answer(await api.walletRecoveries(json({ walletId, challenge: veto, signature })))).toMatchObject({ status: 400, body: { code: 'embedded_challenge_invalid' } })
  })

  it('cancels a pending recovery for one passkey assertion of the wallet over a fresh challenge', async () => {
    const { api, user, walletId } = await startedRecovery('veto@example.test', { address: owner.address })
    const passkey = await seededPasskey(walletId)
    await store.addEmbeddedCredential(passkey.record)
    const { answer: seen } = await status(api, walletId)
    const recoveryId = ((seen.body.recoveries as { recoveryId: string }[])[0]!).recoveryId

    // Another passkey (not this wallet's), a challenge never issued, or a status challenge: refused, nothing cancelled.
    const stranger = await seededPasskey(walletId)
    expect(await answer(await api.walletRecoveriesCancel(json({ walletId, recoveryId, assertion: await stranger.assert(await challenge(api, walletId, 'veto')) })))).toMatchObject({ status: 400, body: { code: 'embedded_passkey_invalid' } })
    expect(await answer(await api.walletRecoveriesCancel(json({ walletId, recoveryId, assertion: await passkey.assert(toBase64Url(randomBytes(32))) })))).toMatchObject({ status: 400, body: { code: 'embedded_challenge_invalid' } })
    expect(await answer(await api.walletRecoveriesCancel(json({ walletId, recoveryId, assertion: await passkey.assert(await challenge(api, walletId, 'status')) })))).toMatchObject({ status: 400, body: { code: 'embedded_challenge_invalid' } })
    // Signed for another site, or in the vault framed by another site: refused.
    expect(await answer(await api.walletRecoveriesCancel(json({ walletId, recoveryId, assertion: await passkey.assert(await challenge(api, walletId, 'veto'), 'https://evil.example') })))).toMatchObject({ status: 400, body: { code: 'embedded_passkey_invalid' } })
    expect(await answer(await api.walletRecoveriesCancel(json({ walletId, recoveryId, assertion: await passkey.assert(await challenge(api, walletId, 'veto'), ORIGIN, 'https://evil.example') })))).toMatchObject({ status: 400, body: { code: 'embedded_passkey_invalid' } })
    expect(await store.listPendingRecoveries(walletId, harness.clock.now)).toHaveLength(1)

    // In the vault's frame under the app's page (as the e2e runs it): accepted.
    const vetoed = await answer(await api.walletRecoveriesCancel(json({ walletId, recoveryId, assertion: await passkey.assert(await challenge(api, walletId, 'veto'), ORIGIN, FRAMING_ORIGIN) })))
    expect(vetoed).toEqual({ status: 200, body: { recoveryId, state: 'cancelled' } })
    expect((await status(api, walletId)).answer.body).toEqual({ recoveries: [] })
    expect((await store.listWalletEvents(walletId)).at(-1)).toMatchObject({ kind: 'recovery_cancelled', detail: { recoveryId, by: 'device' } })
    // The recovering browser is refused for good.
    harness.advance(DELAY)
    expect((await releaseKey(api, user, walletId)).released).toMatchObject({ status: 409, body: { code: 'embedded_recovery_cancelled' } })
  })
})

describe('rate limits', () => {
  it('counts wallet creation under its own key: used-up option requests do not block creating', async () => {
    const api = harness.routes({ limits: { walletOptionsPerIp: { max: 1, windowMs: 60_000 } } })
    const user = browser()
    await proveEmail(harness, api, user, 'limits@example.test')
    expect((await api.walletOptions(user.request({ email: 'limits@example.test' }))).status).toBe(200)
    expect((await api.walletOptions(user.request({ email: 'limits@example.test' }))).status).toBe(429)
    // Past the rate limit: the malformed body is judged (400), not refused as 429.
    expect(await answer(await api.createWallet(json({ walletId: 'short' })))).toMatchObject({ status: 400 })
  })

  it('rate-limits verification emails per address (5 an hour), apart from recovery codes', async () => {
    const api = harness.routes()
    const statuses = []
    for (let index = 0; index < 6; index++) statuses.push((await api.emailCode(json({ email: 'many@example.test' }))).status)
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429])
    expect(EMBEDDED_LIMITS.verificationEmailPerBrowser.max).toBe(5)
  })
})

describe('no lockout by strangers', () => {
  it('a stranger’s 2 code requests and 10 guesses from a browser without the binding do not lock the owner out', async () => {
    const email = 'target@example.test'
    await seedWallet(store, keyring.current, email)
    const stranger = harness.routes()
    const guesses: unknown[] = []
    for (let request = 0; request < 2; request++) {
      const asked = await answer(await stranger.recoveryCode(json({ email })))
      expect(asked.status).toBe(202)
      for (let guess = 0; guess < 5; guess++) {
        const { status, body } = await answer(await stranger.recoveryVerify(json({ requestId: asked.body.requestId, code: String(guess).padStart(6, '0') })))
        guesses.push([status, body.code])
      }
    }
    expect(guesses).toEqual(Array.from({ length: 10 }, () => [403, 'embedded_code_other_browser']))
    await harness.settled()
    // The owner, in their own browser: asks, gets the code by email, uses it.
    const ownerApi = harness.routes()
    const owner = browser()
    expect((await ownerApi.recoveryVerify(owner.request(await recoveryCodeFor(ownerApi, owner, email)))).status).toBe(200)
  })

  it('a stranger guessing at codes bound to the stranger’s own browser locks only that browser and the browsers the email does not know', async () => {
    const email = 'target2@example.test'
    await seedWallet(store, keyring.current, email)
    const ownerApi = harness.routes()
    const owner = browser()
    expect((await ownerApi.recoveryVerify(owner.request(await recoveryCodeFor(ownerApi, owner, email)))).status).toBe(200)
    const strangerApi = harness.routes()
    const stranger = browser()
    const statuses: number[] = []
    for (let request = 0; request < 3; request++) {
      const asked = await answer(stranger.keep(await strangerApi.recoveryCode(stranger.request({ email }))))
      for (let guess = 0; guess < 4; guess++) statuses.push((await strangerApi.recoveryVerify(stranger.request({ requestId: asked.body.requestId, code: `99999${guess}` }))).status)
    }
    expect(statuses.slice(9)).toEqual([423, 423, 423])
    await harness.settled()
    expect((await ownerApi.recoveryVerify(owner.request(await recoveryCodeFor(ownerApi, owner, email)))).status).toBe(200)
  })

  it('5 code requests by a stranger do not block the owner’s own request; the stranger’s 6th says until when', async () => {
    const email = 'busy@example.test'
    await seedWallet(store, keyring.current, email)
    const stranger = harness.routes()
    const statuses = []
    for (let index = 0; index < 5; index++) statuses.push((await stranger.recoveryCode(json({ email }))).status)
    expect(statuses).toEqual([202, 202, 202, 202, 202])
    const sixth = await answer(await stranger.recoveryCode(json({ email })))
    const until = new Date(harness.clock.now.getTime() + 3600 * 1000)
    expect(sixth).toMatchObject({
      status: 429,
      body: { code: 'embedded_code_requests_limited', retryAt: until.toISOString(), message: `Too many codes were asked for this email from this browser. Ask again after ${until.toISOString().replace('T', ' ').slice(0, 16)} (UTC).` },
    })
    const ownerApi = harness.routes()
    const owner = browser()
    expect((await ownerApi.recoveryVerify(owner.request(await recoveryCodeFor(ownerApi, owner, email)))).status).toBe(200)
    // The same for verification codes.
    for (let index = 0; index < 5; index++) expect((await stranger.emailCode(json({ email }))).status).toBe(202)
    expect(await answer(await stranger.emailCode(json({ email })))).toMatchObject({ status: 429, body: { code: 'embedded_code_requests_limited' } })
    expect((await proveEmail(harness, ownerApi, owner, email)).status).toBe(200)
  })

  it('past the email’s hourly ceiling: the owner is alerted once, a browser that used a code still gets codes, others hear until when', async () => {
    const email = 'ceiling@example.test'
    await seedWallet(store, keyring.current, email)
    const ownerApi = harness.routes()
    const owner = browser()
    // The owner used a code in this browser last week: it is known to the email.
    expect((await ownerApi.recoveryVerify(owner.request(await recoveryCodeFor(ownerApi, owner, email)))).status).toBe(200)
    harness.advance(7 * 24 * 3600)
    const before = harness.sent.length
    // Strangers, each from an address and a browser of their own, use up the ceiling (10 an hour).
    const max = EMBEDDED_LIMITS.codeEmailCeilingPerEmail.max
    for (let index = 0; index < max; index++) expect((await harness.routes().recoveryCode(json({ email }))).status).toBe(202)
    const refused = await Promise.all(Array.from({ length: 5 }, async () => answer(await harness.routes().recoveryCode(json({ email })))))
    const until = new Date(harness.clock.now.getTime() + 3600 * 1000)
    for (const entry of refused) {
      expect(entry).toMatchObject({ status: 429, body: { code: 'embedded_code_requests_paused', retryAt: until.toISOString() } })
      expect(entry.body.message).toContain(`Ask again after ${until.toISOString().replace('T', ' ').slice(0, 16)} (UTC)`)
    }
    await harness.settled()
    const mails = harness.sent.slice(before)
    const alerts = mails.filter((mail) => mail.subject === 'Sigil: many codes were asked for your email')
    expect(alerts).toHaveLength(1)
    expect(alerts[0]).toMatchObject({ to: email })
    expect(alerts[0]!.text).toContain(`any other browser gets them again after ${until.toISOString().replace('T', ' ').slice(0, 16)} (UTC)`)
    expect(mails.filter((mail) => mail.subject === RECOVERY_SUBJECT)).toHaveLength(max)
    // The owner's known browser: not stopped by the ceiling.
    expect((await ownerApi.recoveryVerify(owner.request(await recoveryCodeFor(ownerApi, owner, email)))).status).toBe(200)
    // After the window, any browser again.
    harness.advance(3600)
    const fresh = browser()
    const freshApi = harness.routes()
    expect((await freshApi.recoveryVerify(fresh.request(await recoveryCodeFor(freshApi, fresh, email)))).status).toBe(200)
  })

  it('alerts nobody past the ceiling for an email without a wallet, answering the same', async () => {
    const email = 'nowallet-ceiling@example.test'
    const before = harness.sent.length
    const answers = []
    for (let index = 0; index <= EMBEDDED_LIMITS.codeEmailCeilingPerEmail.max; index++) answers.push((await harness.routes().recoveryCode(json({ email }))).status)
    expect(answers.at(-1)).toBe(429)
    await harness.settled()
    expect(harness.sent.length).toBe(before)
  })

  it('says until when in every rate-limited answer', async () => {
    const api = harness.routes({ limits: { codeEmailPerIp: { max: 1, windowMs: 600_000 } } })
    await api.recoveryCode(json({ email: 'a1@example.test' }))
    const refused = await api.recoveryCode(json({ email: 'a2@example.test' }))
    expect(refused.headers.get('retry-after')).toBe('600')
    expect(await answer(refused)).toMatchObject({
      status: 429,
      body: { code: 'embedded_rate_limited', message: embedded.errors.embedded_rate_limited, retryAt: new Date(harness.clock.now.getTime() + 600_000).toISOString() },
    })
  })
})
