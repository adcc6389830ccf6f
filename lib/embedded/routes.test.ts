import { isoCBOR } from '@simplewebauthn/server/helpers'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fromBase64Url, randomBytes, toBase64Url } from '@/connectors/embedded/crypto/bytes'
import { additionalData } from '@/connectors/embedded/crypto/keyWrapping'
import { generateEphemeralKeyPair, openWithPrivateKey, sealToPublicKey } from '@/connectors/embedded/crypto/sealToPublicKey'
import { embedded } from '@/lib/i18n/embedded'
import { openPgliteStore } from '@/lib/store/pgliteStore'
import type { Store } from '@/lib/store/types'
import type { Mail, Mailer } from './mailer'
import { EMBEDDED_LIMITS, type RateLimit } from './policy'
import { recoveryKeyPair, type RecoveryKeyPair } from './recoveryKey'
import { createEmbeddedRoutes, recoveryCookieName } from './routes'

/** The route handlers on a real (in-memory) PGlite store, a recording mailer and a clock the test moves. */

const ORIGIN = 'http://localhost:3999'
let store: Store
let keys: RecoveryKeyPair
const sent: Mail[] = []
let clock = new Date('2030-01-01T00:00:00.000Z')

beforeAll(async () => {
  store = await openPgliteStore()
  keys = await recoveryKeyPair(randomBytes(32))
})
afterAll(async () => {
  await store?.close()
})

let ip = 0
/** Work the routes ran after answering (the recovery email): awaited by `settled()`. */
let pending: Promise<void>[] = []
const logged: string[] = []
async function settled() {
  const tasks = pending
  pending = []
  await Promise.all(tasks)
}

function routes(overrides: { mailer?: Mailer; limits?: Record<keyof typeof EMBEDDED_LIMITS, RateLimit> } = {}) {
  // A client address per test: the rate limits of one test never touch another's.
  const address = `10.0.0.${++ip}`
  return createEmbeddedRoutes({
    config: () => ({
      origins: [ORIGIN],
      recoveryKey: async () => keys,
      mailer: overrides.mailer ?? { kind: 'outbox', send: async (mail) => void sent.push(mail) },
      secureCookies: false,
      limits: overrides.limits,
    }),
    store: async () => store,
    now: () => clock,
    clientIp: () => address,
    log: (line) => void logged.push(line),
    background: (task) => void pending.push(task()),
  })
}

const post = (body: BodyInit | null, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
  new Request(`${ORIGIN}/api/embedded/x`, { method: 'POST', body, headers: { origin: ORIGIN, ...headers } })
const json = (value: unknown, cookie?: string) => post(JSON.stringify(value), { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) })

async function answer(response: Response) {
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

async function seedWallet(email: string) {
  const walletId = toBase64Url(randomBytes(16))
  const dataKey = randomBytes(32)
  const recovery = await sealToPublicKey(keys.publicKey, dataKey, additionalData.recovery(walletId))
  await store.createEmbeddedWallet(
    { walletId, email, address: '0x000000000000000000000000000000000000dEaD', recoveryEnvelope: JSON.stringify(recovery), vault: JSON.stringify({ iv: 'A'.repeat(16), ct: 'B'.repeat(40) }), createdAt: clock },
    { credentialId: toBase64Url(randomBytes(16)), walletId, publicKey: 'pk', counter: 0, transports: 'internal', createdAt: clock },
  )
  return { walletId, dataKey }
}

async function codeFor(api: ReturnType<typeof routes>, email: string) {
  const response = await answer(await api.recoveryCode(json({ email })))
  expect(response.status).toBe(202)
  await settled()
  const mail = sent.findLast((candidate) => candidate.to === email)!
  return { requestId: response.body.requestId as string, code: /\b(\d{6})\b/.exec(mail.text)![1]! }
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
  it.each(cases)('wallet options with %s', async (_, request, status, code) => {
    expect(await answer(await routes().walletOptions(request))).toMatchObject({ status, body: { code, message: embedded.errors[code as keyof typeof embedded.errors] } })
  })

  it('refuses a wallet whose registration carries a PRF result (key material must never reach the server)', async () => {
    const response = await routes().createWallet(
      json({
        walletId: 'A'.repeat(22),
        email: 'a@example.test',
        address: '0x000000000000000000000000000000000000dEaD',
        recovery: { epk: 'A'.repeat(87), iv: 'A'.repeat(16), ct: 'A'.repeat(64) },
        vault: { iv: 'A'.repeat(16), ct: 'A'.repeat(40) },
        registration: { id: 'abc', rawId: 'abc', type: 'public-key', response: { clientDataJSON: 'e30', attestationObject: 'oA' }, clientExtensionResults: { prf: { enabled: true, results: { first: 'c2VjcmV0' } } } },
      }),
    )
    expect(await answer(response)).toMatchObject({ status: 400, body: { code: 'embedded_malformed_body' } })
  })

  it('answers a registration without PRF with embedded_prf_unsupported', async () => {
    const response = await routes().createWallet(
      json({
        walletId: 'A'.repeat(22),
        email: 'a@example.test',
        address: '0x000000000000000000000000000000000000dEaD',
        recovery: { epk: 'A'.repeat(87), iv: 'A'.repeat(16), ct: 'A'.repeat(64) },
        vault: { iv: 'A'.repeat(16), ct: 'A'.repeat(40) },
        registration: { id: 'abc', rawId: 'abc', type: 'public-key', response: { clientDataJSON: 'e30', attestationObject: 'oA' }, clientExtensionResults: {} },
      }),
    )
    expect(await answer(response)).toMatchObject({ status: 400, body: { code: 'embedded_prf_unsupported' } })
  })

  it('answers a registration for a challenge it never issued with embedded_challenge_invalid', async () => {
    const clientData = toBase64Url(new TextEncoder().encode(JSON.stringify({ type: 'webauthn.create', challenge: 'never-issued', origin: ORIGIN })))
    const response = await routes().createWallet(
      json({
        walletId: 'A'.repeat(22),
        email: 'a@example.test',
        address: '0x000000000000000000000000000000000000dEaD',
        recovery: { epk: 'A'.repeat(87), iv: 'A'.repeat(16), ct: 'A'.repeat(64) },
        vault: { iv: 'A'.repeat(16), ct: 'A'.repeat(40) },
        registration: { id: 'abc', rawId: 'abc', type: 'public-key', response: { clientDataJSON: clientData, attestationObject: 'oA' }, clientExtensionResults: { prf: { enabled: true } } },
      }),
    )
    expect(await answer(response)).toMatchObject({ status: 400, body: { code: 'embedded_challenge_invalid' } })
  })

  it.each([
    [{ requestId: 'short', code: '123456' }, 400, 'embedded_malformed_body'],
    [{ requestId: 'A'.repeat(22), code: '12345' }, 400, 'embedded_invalid_code_format'],
    [{ requestId: 'A'.repeat(22), code: 123456 }, 400, 'embedded_invalid_code_format'],
    [{ requestId: 'A'.repeat(22), code: '123456' }, 410, 'embedded_code_expired'],
  ])('code verification with %j', async (body, status, code) => {
    expect(await answer(await routes().recoveryVerify(json(body)))).toMatchObject({ status, body: { code } })
  })

  it('refuses the recovery key without a session cookie (401)', async () => {
    const response = await routes().recoveryKey(json({ walletId: 'A'.repeat(22), publicKey: 'A'.repeat(87) }))
    expect(await answer(response)).toMatchObject({ status: 401, body: { code: 'embedded_recovery_session_invalid' } })
  })
})

describe('wallet options', () => {
  it('issue a 22-character wallet id, passkey options for this site and the recovery public key', async () => {
    const { status, body } = await answer(await routes().walletOptions(json({ email: ' Ann@Example.TEST ' })))
    expect(status).toBe(200)
    expect(body.walletId).toMatch(/^[\w-]{22}$/)
    expect(body.recoveryPublicKey).toBe(keys.publicKeyBase64Url)
    expect(body.options).toMatchObject({
      rp: { id: 'localhost', name: 'Sigil' },
      user: { id: body.walletId, name: 'ann@example.test' },
      timeout: 300000,
      attestation: 'none',
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    })
  })
})

describe('email recovery', () => {
  it('mails a code only to an email that has a wallet, answering the same either way', async () => {
    const api = routes()
    await seedWallet('owner@example.test')
    const before = sent.length
    const stranger = await answer(await api.recoveryCode(json({ email: 'stranger@example.test' })))
    expect(stranger.status).toBe(202)
    await settled()
    expect(sent).toHaveLength(before)
    const owner = await answer(await api.recoveryCode(json({ email: 'owner@example.test' })))
    await settled()
    expect(Object.keys(owner.body).sort()).toEqual(Object.keys(stranger.body).sort())
    expect(sent.at(-1)).toMatchObject({ to: 'owner@example.test', subject: 'Your Sigil recovery code' })
  })

  it('opens a 1800 s session with a right code, hands the data key sealed to the browser key, and refuses it after 1800 s', async () => {
    const api = routes()
    const { walletId, dataKey } = await seedWallet('session@example.test')
    const { requestId, code } = await codeFor(api, 'session@example.test')
    const verified = await api.recoveryVerify(json({ requestId, code }))
    expect(verified.status).toBe(200)
    const cookie = verified.headers.get('set-cookie')!
    expect(cookie).toMatch(new RegExp(`^${recoveryCookieName(false)}=[\\w-]{43}; Max-Age=1800; Path=/api/embedded/recovery; HttpOnly; SameSite=Strict$`))
    expect((await verified.json()).wallets).toEqual([{ walletId, address: '0x000000000000000000000000000000000000dEaD', createdAt: clock.toISOString() }])

    const browser = await generateEphemeralKeyPair()
    const pair = cookie.split(';')[0]!
    const key = await answer(await api.recoveryKey(json({ walletId, publicKey: toBase64Url(browser.publicKey) }, pair)))
    expect(key.status).toBe(200)
    expect(JSON.stringify(key.body)).not.toContain(toBase64Url(dataKey))
    expect(await openWithPrivateKey(browser, key.body.wrappedKey as never, additionalData.recovery(walletId))).toEqual(dataKey)
    expect(key.body.options).toMatchObject({ user: { id: walletId } })
    // A device that still holds the wallet's old passkey must be able to make a new one (no InvalidStateError).
    expect((key.body.options as { excludeCredentials?: unknown[] }).excludeCredentials ?? []).toEqual([])

    // Another email's wallet is not reachable from this session.
    const other = await seedWallet('other@example.test')
    expect(await answer(await api.recoveryKey(json({ walletId: other.walletId, publicKey: toBase64Url(browser.publicKey) }, pair)))).toMatchObject({ status: 404 })

    clock = new Date(clock.getTime() + 1800 * 1000)
    const late = await answer(await api.recoveryKey(json({ walletId, publicKey: toBase64Url(browser.publicKey) }, pair)))
    expect(late).toMatchObject({ status: 401, body: { code: 'embedded_recovery_session_invalid' } })
  })

  it('refuses a right code at 900 s, and locks a code after 5 wrong attempts', async () => {
    const api = routes()
    await seedWallet('codes@example.test')
    const late = await codeFor(api, 'codes@example.test')
    clock = new Date(clock.getTime() + 900 * 1000)
    expect(await answer(await api.recoveryVerify(json(late)))).toMatchObject({ status: 410, body: { code: 'embedded_code_expired' } })

    const { requestId, code } = await codeFor(api, 'codes@example.test')
    const wrong = code === '000000' ? '000001' : '000000'
    const answers = []
    for (let attempt = 0; attempt < 5; attempt++) answers.push(await answer(await api.recoveryVerify(json({ requestId, code: wrong }))))
    expect(answers.map((entry) => [entry.status, entry.body.code, entry.body.attemptsLeft])).toEqual([
      [401, 'embedded_code_invalid', 4],
      [401, 'embedded_code_invalid', 3],
      [401, 'embedded_code_invalid', 2],
      [401, 'embedded_code_invalid', 1],
      [423, 'embedded_code_locked', undefined],
    ])
    expect(answers[0]!.body.message).toBe('That code is not right. 4 attempts left.')
    expect(await answer(await api.recoveryVerify(json({ requestId, code })))).toMatchObject({ status: 423, body: { code: 'embedded_code_locked' } })
  })

  it('uses a right code once', async () => {
    const api = routes()
    await seedWallet('once@example.test')
    const attempt = await codeFor(api, 'once@example.test')
    expect((await api.recoveryVerify(json(attempt))).status).toBe(200)
    expect(await answer(await api.recoveryVerify(json(attempt)))).toMatchObject({ status: 410, body: { code: 'embedded_code_expired' } })
  })

  it('rate-limits code emails per address (5 an hour)', async () => {
    const api = routes()
    await seedWallet('limit@example.test')
    const statuses = []
    for (let index = 0; index < 6; index++) statuses.push((await api.recoveryCode(json({ email: 'limit@example.test' }))).status)
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429])
  })
})

/**
 * A software authenticator's answer to creation options: a P-256 credential with a "none"
 * attestation (WebAuthn L3 §6.5), built byte by byte, so the server's real verification runs.
 */
async function softwareRegistration(options: { challenge: string; rp: { id?: string } }) {
  const pair = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign'])
  const jwk = await crypto.subtle.exportKey('jwk', pair.publicKey)
  // COSE_Key (RFC 9053): kty EC2, alg ES256, crv P-256, x, y.
  const coseKey = new Map<number, number | Uint8Array>([[1, 2], [3, -7], [-1, 1], [-2, fromBase64Url(jwk.x!)], [-3, fromBase64Url(jwk.y!)]])
  const credentialId = randomBytes(16)
  const rpIdHash = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(options.rp.id ?? 'localhost')))
  const flags = 0x01 | 0x04 | 0x40 // user present, user verified, attested credential data
  const authData = new Uint8Array([
    ...rpIdHash, flags, 0, 0, 0, 0, ...new Uint8Array(16), 0, credentialId.length, ...credentialId, ...isoCBOR.encode(coseKey),
  ])
  const attestationObject = isoCBOR.encode(new Map<string, unknown>([['fmt', 'none'], ['attStmt', new Map()], ['authData', authData]]) as never)
  const clientDataJSON = new TextEncoder().encode(JSON.stringify({ type: 'webauthn.create', challenge: options.challenge, origin: ORIGIN, crossOrigin: false }))
  const id = toBase64Url(credentialId)
  return {
    id,
    rawId: id,
    type: 'public-key',
    response: { clientDataJSON: toBase64Url(clientDataJSON), attestationObject: toBase64Url(attestationObject), transports: ['internal'] },
    clientExtensionResults: { prf: { enabled: true } },
  }
}

async function recoverySessionCookie(api: ReturnType<typeof routes>, email: string) {
  const verified = await api.recoveryVerify(json(await codeFor(api, email)))
  expect(verified.status).toBe(200)
  return verified.headers.get('set-cookie')!.split(';')[0]!
}

describe('guessing codes', () => {
  it('locks an email after 10 wrong codes across its codes, even for a right code, until the day is over', async () => {
    const api = routes()
    await seedWallet('guess@example.test')
    const answers: [number, unknown, unknown][] = []
    let last = { requestId: '', code: '' }
    for (const tries of [4, 4, 2]) {
      last = await codeFor(api, 'guess@example.test')
      const wrong = last.code === '000000' ? '000001' : '000000'
      for (let attempt = 0; attempt < tries; attempt++) {
        const { status, body } = await answer(await api.recoveryVerify(json({ requestId: last.requestId, code: wrong })))
        answers.push([status, body.code, body.attemptsLeft])
      }
    }
    expect(answers.map((entry) => entry[2] ?? entry[1])).toEqual([4, 3, 2, 1, 4, 3, 2, 1, 1, 'embedded_code_locked'])
    expect(await answer(await api.recoveryVerify(json(last)))).toMatchObject({ status: 423, body: { code: 'embedded_code_locked', message: embedded.errors.embedded_code_locked } })
    const fresh = await codeFor(api, 'guess@example.test')
    expect(await answer(await api.recoveryVerify(json(fresh)))).toMatchObject({ status: 423, body: { code: 'embedded_code_locked' } })

    clock = new Date(clock.getTime() + 24 * 3600 * 1000)
    expect((await api.recoveryVerify(json(await codeFor(api, 'guess@example.test')))).status).toBe(200)
  })

  it("voids an email's unused code when a new one is issued", async () => {
    const api = routes()
    await seedWallet('void@example.test')
    const first = await codeFor(api, 'void@example.test')
    const second = await codeFor(api, 'void@example.test')
    expect(await answer(await api.recoveryVerify(json(first)))).toMatchObject({ status: 410, body: { code: 'embedded_code_expired' } })
    expect((await api.recoveryVerify(json(second))).status).toBe(200)
  })
})

describe('the recovery-code answer tells nothing about the email', () => {
  it('answers 202 at once while the email is still being sent, for an owner as for a stranger', async () => {
    let release = () => undefined as void
    const stuck = new Promise<void>((resolve) => (release = resolve))
    const mails: Mail[] = []
    const api = routes({ mailer: { kind: 'smtp', send: async (mail) => { await stuck; mails.push(mail) } } })
    await seedWallet('slow@example.test')
    const owner = await answer(await api.recoveryCode(json({ email: 'slow@example.test' })))
    const stranger = await answer(await api.recoveryCode(json({ email: 'nobody@example.test' })))
    expect([owner.status, stranger.status]).toEqual([202, 202])
    expect(Object.keys(owner.body).sort()).toEqual(Object.keys(stranger.body).sort())
    expect(mails).toEqual([])
    release()
    await settled()
    expect(mails.map((mail) => mail.to)).toEqual(['slow@example.test'])
  })

  it('answers 202 when SMTP fails for an owner, and logs the failure without the code or the address', async () => {
    const api = routes({ mailer: { kind: 'smtp', send: async () => { throw new Error('connect ECONNREFUSED 127.0.0.1:2525 for <down@example.test>') } } })
    await seedWallet('down@example.test')
    const before = logged.length
    expect((await api.recoveryCode(json({ email: 'down@example.test' }))).status).toBe(202)
    await settled()
    const lines = logged.slice(before)
    expect(lines).toEqual(['[sigil] embedded_mail_failed: connect ECONNREFUSED 127.0.0.1:2525 for <d***@e***.test>'])
  })
})

describe('finishing a recovery', () => {
  it('adds a passkey for exactly one of two parallel completions of one session', async () => {
    const api = routes()
    const { walletId } = await seedWallet('race@example.test')
    const cookie = await recoverySessionCookie(api, 'race@example.test')
    const browser = await generateEphemeralKeyPair()
    const keyAnswers = await Promise.all([0, 1].map(async () => answer(await api.recoveryKey(json({ walletId, publicKey: toBase64Url(browser.publicKey) }, cookie)))))
    const registrations = await Promise.all(keyAnswers.map(({ body }) => softwareRegistration(body.options as { challenge: string; rp: { id?: string } })))
    const completions = await Promise.all(registrations.map(async (registration) => answer(await api.recoveryComplete(json({ walletId, registration }, cookie)))))
    expect(completions.map((entry) => entry.status).sort()).toEqual([200, 401])
    expect(completions.find((entry) => entry.status === 401)?.body.code).toBe('embedded_recovery_session_invalid')
    expect(await store.listEmbeddedCredentials(walletId)).toHaveLength(2) // the first passkey and one new one
  })

  it('refuses to complete once the session has expired, and adds no passkey', async () => {
    const api = routes()
    const { walletId } = await seedWallet('expiring@example.test')
    const cookie = await recoverySessionCookie(api, 'expiring@example.test')
    const browser = await generateEphemeralKeyPair()
    const { body } = await answer(await api.recoveryKey(json({ walletId, publicKey: toBase64Url(browser.publicKey) }, cookie)))
    const registration = await softwareRegistration(body.options as { challenge: string; rp: { id?: string } })
    clock = new Date(clock.getTime() + 1800 * 1000)
    expect(await answer(await api.recoveryComplete(json({ walletId, registration }, cookie)))).toMatchObject({ status: 401, body: { code: 'embedded_recovery_session_invalid' } })
    expect(await store.listEmbeddedCredentials(walletId)).toHaveLength(1)
  })
})

describe('rate limits', () => {
  it('counts wallet creation under its own key: used-up option requests do not block creating', async () => {
    const api = routes({ limits: { ...EMBEDDED_LIMITS, walletOptionsPerIp: { max: 1, windowMs: 60_000 } } })
    expect((await api.walletOptions(json({ email: 'a@example.test' }))).status).toBe(200)
    expect((await api.walletOptions(json({ email: 'a@example.test' }))).status).toBe(429)
    // Past the rate limit: the malformed body is judged (400), not refused as 429.
    expect(await answer(await api.createWallet(json({ walletId: 'short' })))).toMatchObject({ status: 400 })
  })
})
