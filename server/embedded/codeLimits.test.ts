import { createHash, createHmac, hkdfSync, randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startPostgres, type Postgres } from '@/tests/fixtures/postgres'
import {
  answer,
  browser,
  openInspectablePglite,
  openInspectablePostgres,
  routeHarness,
  seedWallet,
  type InspectableStore,
  type RouteHarness,
} from '@/tests/fixtures/embeddedRoutes'
import { bindingCookieName } from '@sigil/lib/storageNames'
import { hashEmail } from './emailAtRest'
import { RECOVERY_CODE_MAX_ATTEMPTS } from './policy'
import { recoveryKeyring, type RecoveryKeyring } from './recoveryKey'

/**
 * What the database keeps of an emailed code, and the code limits under concurrency (issue 12, parts 2
 * and 3), through the real route handlers on both back ends: PGlite (one connection, work interleaved
 * at every await) and a real PostgreSQL server (a pool of 10 connections, statements truly parallel).
 */

let postgres: Postgres
let secret: Buffer
let keyring: RecoveryKeyring
beforeAll(async () => {
  postgres = await startPostgres()
  secret = randomBytes(32)
  keyring = await recoveryKeyring(new Uint8Array(secret))
})
afterAll(() => postgres?.stop())

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')
const SUBJECT = 'Your Sigil recovery code'
/** Enough requests and tries per client and email that only the limits under test decide. */
const OPEN = { max: 10_000, windowMs: 3_600_000 }

async function askForCode(harness: RouteHarness, email: string) {
  const api = harness.routes({ limits: { codeEmailPerIp: OPEN, codeEmailPerBrowser: OPEN, codeEmailCeilingPerEmail: OPEN, verifyPerIp: OPEN } })
  const user = browser()
  const asked = await answer(user.keep(await api.recoveryCode(user.request({ email }))))
  expect(asked.status).toBe(202)
  await harness.settled()
  return { api, user, requestId: asked.body.requestId as string, code: harness.codeIn(email, SUBJECT) }
}

describe('a recovery code at rest', () => {
  let db: InspectableStore
  beforeAll(async () => {
    db = await openInspectablePglite()
  })
  afterAll(() => db?.close())

  it('cannot be found from the database alone: not SHA-256, and no enumeration of the 10⁶ codes without the key finds it', async () => {
    const harness = routeHarness(db.store, keyring)
    await seedWallet(db.store, keyring.current, 'owner@example.test')
    const { requestId, code } = await askForCode(harness, 'owner@example.test')
    const rows = await db.sql<Record<string, unknown>>('SELECT * FROM sigil_embedded_codes WHERE email_hash = $1', [hashEmail(keyring.current, 'owner@example.test')])
    expect(rows).toHaveLength(1)
    const stored = JSON.stringify(rows[0])
    expect(stored).not.toContain(code)
    const digest = String(rows[0]!.code_hash).slice(-64)
    expect(digest).toMatch(/^[0-9a-f]{64}$/)

    // What someone holding only the database would try: SHA-256 as the code was stored before (with the
    // request id, or alone), and HMAC under a key that is not the server's.
    const wrongKey = randomBytes(32)
    const message = (candidate: string) => `sigil-embedded/email-code/v1/recovery/${requestId}/${candidate}`
    const found: string[] = []
    for (let value = 0; value < 1_000_000; value++) {
      const candidate = String(value).padStart(6, '0')
      if (
        sha256(`sigil-embedded/recovery-code/${requestId}/${candidate}`) === digest ||
        sha256(candidate) === digest ||
        createHmac('sha256', wrongKey).update(message(candidate)).digest('hex') === digest
      ) {
        found.push(candidate)
      }
    }
    expect(found).toEqual([])

    // With the server's key (HKDF of EMBEDDED_RECOVERY_KEY, its own label), the same search finds exactly the mailed code.
    const codeKey = Buffer.from(hkdfSync('sha256', secret, 'sigil-embedded', 'sigil-embedded/email-code-hmac/v1', 32))
    expect(createHmac('sha256', codeKey).update(message(code)).digest('hex')).toBe(digest)
  }, 120_000)
})

describe.each(['PGlite', 'Postgres'] as const)('code limits under concurrency on %s', (name) => {
  let db: InspectableStore
  beforeAll(async () => {
    db = name === 'PGlite' ? await openInspectablePglite() : await openInspectablePostgres(postgres)
  })
  afterAll(() => db?.close())

  const liveCodes = async (email: string) =>
    db.sql<{ count: string | number }>('SELECT count(*) AS count FROM sigil_embedded_codes WHERE email_hash = $1 AND consumed_at IS NULL', [hashEmail(keyring.current, email)])
  /** This browser's tries at the email's codes, as counted in the store. */
  const browserTries = async (email: string, user: { cookies: Map<string, string> }) => {
    const key = `embedded:code-tries:recovery:email:${hashEmail(keyring.current, email)}:b:${sha256(user.cookies.get(bindingCookieName(false))!)}`
    const [row] = await db.sql<{ count: number | string }>('SELECT count FROM sigil_rate_limits WHERE key = $1', [key])
    return Number(row?.count ?? 0)
  }

  it('keeps exactly one live code per email and browser after 50 parallel code requests from it, and 50 strangers never replace it', async () => {
    const harness = routeHarness(db.store, keyring)
    const email = `race-${name.toLowerCase()}@example.test`
    await seedWallet(db.store, keyring.current, email)
    const api = harness.routes({ limits: { codeEmailPerIp: OPEN, codeEmailPerBrowser: OPEN, codeEmailCeilingPerEmail: OPEN } })
    const owner = browser()
    expect(owner.keep(await api.recoveryCode(owner.request({ email }))).status).toBe(202)
    const answers = await Promise.all(Array.from({ length: 50 }, () => api.recoveryCode(owner.request({ email }))))
    expect(answers.map((response) => response.status)).toEqual(Array.from({ length: 50 }, () => 202))
    await harness.settled()
    expect(Number((await liveCodes(email))[0]!.count)).toBe(1)
    const last = await answer(await api.recoveryCode(owner.request({ email })))
    await harness.settled()
    const code = harness.codeIn(email, SUBJECT)
    const strangers = await Promise.all(Array.from({ length: 50 }, () => api.recoveryCode(browser().request({ email }))))
    expect(strangers.map((response) => response.status)).toEqual(Array.from({ length: 50 }, () => 202))
    await harness.settled()
    expect(Number((await liveCodes(email))[0]!.count)).toBe(51)
    expect((await api.recoveryVerify(owner.request({ requestId: last.body.requestId, code }))).status).toBe(200)
  })

  it('counts exactly the 5 tries of a code under 50 parallel wrong guesses, and refuses the rest as locked', async () => {
    const harness = routeHarness(db.store, keyring)
    const email = `guess-${name.toLowerCase()}@example.test`
    await seedWallet(db.store, keyring.current, email)
    const { api, user, requestId, code } = await askForCode(harness, email)
    const wrong = code === '000000' ? '000001' : '000000'
    const answers = await Promise.all(Array.from({ length: 50 }, async () => answer(await api.recoveryVerify(user.request({ requestId, code: wrong })))))
    const [row] = await db.sql<{ attempts: number | string }>('SELECT attempts FROM sigil_embedded_codes WHERE request_id = $1', [requestId])
    expect(Number(row!.attempts)).toBe(RECOVERY_CODE_MAX_ATTEMPTS)
    expect(await browserTries(email, user)).toBe(RECOVERY_CODE_MAX_ATTEMPTS)
    // Four judged wrong (4, 3, 2, 1 left), the fifth judged and locked, 45 refused without being judged.
    expect(answers.filter((entry) => entry.status === 401).map((entry) => entry.body.attemptsLeft).sort()).toEqual([1, 2, 3, 4])
    expect(answers.filter((entry) => entry.status === 423)).toHaveLength(46)
    // And the right code afterwards is locked too.
    expect(await answer(await api.recoveryVerify(user.request({ requestId, code })))).toMatchObject({ status: 423, body: { code: 'embedded_code_locked' } })
  })

  it("counts exactly the browser's cap of tries at the email under 50 parallel wrong guesses, and refuses the rest as locked until a stated time", async () => {
    const harness = routeHarness(db.store, keyring)
    const email = `cap-${name.toLowerCase()}@example.test`
    await seedWallet(db.store, keyring.current, email)
    const user = browser()
    const api = harness.routes({ limits: { verifyPerIp: OPEN, codeTriesPerBrowser: { max: 3, windowMs: 86_400_000 } } })
    const asked = await answer(user.keep(await api.recoveryCode(user.request({ email }))))
    expect(asked, JSON.stringify(harness.logged)).toMatchObject({ status: 202 })
    await harness.settled()
    const requestId = asked.body.requestId as string
    const code = harness.codeIn(email, SUBJECT)
    const wrong = code === '000000' ? '000001' : '000000'
    const answers = await Promise.all(Array.from({ length: 50 }, async () => answer(await api.recoveryVerify(user.request({ requestId, code: wrong })))))
    expect(await browserTries(email, user)).toBe(3)
    const [row] = await db.sql<{ attempts: number | string }>('SELECT attempts FROM sigil_embedded_codes WHERE request_id = $1', [requestId])
    expect(Number(row!.attempts)).toBe(3)
    expect(answers.filter((entry) => entry.status === 401).map((entry) => entry.body.attemptsLeft).sort()).toEqual([1, 2])
    const locked = answers.filter((entry) => entry.status === 423)
    expect(locked).toHaveLength(48)
    // Each lock says until when: the end of this browser's 24-hour window of tries.
    const until = new Date(harness.clock.now.getTime() + 86_400_000)
    for (const entry of locked) {
      expect(entry.body).toMatchObject({ code: 'embedded_code_tries_exhausted', retryAt: until.toISOString() })
      expect(entry.body.message).toBe(`Too many wrong codes for this email in this browser. Try again after ${until.toISOString().replace('T', ' ').slice(0, 16)} (UTC).`)
    }
  })

  it("counts nothing against the email or its code when 50 strangers' browsers guess at the owner's code at once; the owner then uses it", async () => {
    const harness = routeHarness(db.store, keyring)
    const email = `strangers-${name.toLowerCase()}@example.test`
    await seedWallet(db.store, keyring.current, email)
    const { api, user, requestId, code } = await askForCode(harness, email)
    const wrong = code === '000000' ? '000001' : '000000'
    // Half bring no binding cookie, half a binding of their own (from asking for a code for this email themselves).
    const strangers = await Promise.all(
      Array.from({ length: 50 }, async (_, index) => {
        const stranger = browser()
        if (index % 2) stranger.keep(await api.recoveryCode(stranger.request({ email })))
        return answer(await api.recoveryVerify(stranger.request({ requestId, code: index % 5 ? wrong : code })))
      }),
    )
    expect(strangers.map((entry) => entry.body.code)).toEqual(Array.from({ length: 50 }, () => 'embedded_code_other_browser'))
    const [row] = await db.sql<{ attempts: number | string }>('SELECT attempts FROM sigil_embedded_codes WHERE request_id = $1', [requestId])
    expect(Number(row!.attempts)).toBe(0)
    expect(await browserTries(email, user)).toBe(0)
    expect((await api.recoveryVerify(user.request({ requestId, code }))).status).toBe(200)
  })
  it('judges at most 10 tries at one email a day over every code and browser it does not know (3 codes × 25 parallel wrong guesses); the owner’s known browser still gets its code judged', async () => {
    const harness = routeHarness(db.store, keyring)
    const email = `email-cap-${name.toLowerCase()}@example.test`
    await seedWallet(db.store, keyring.current, email)
    const api = harness.routes({ limits: { codeEmailPerIp: OPEN, codeEmailPerBrowser: OPEN, codeEmailCeilingPerEmail: OPEN, verifyPerIp: OPEN } })

    // The owner used a code of this email in this browser before: it is known to the email.
    const owner = browser()
    const first = await answer(owner.keep(await api.recoveryCode(owner.request({ email }))))
    await harness.settled()
    expect((await api.recoveryVerify(owner.request({ requestId: first.body.requestId, code: harness.codeIn(email, SUBJECT) }))).status).toBe(200)

    // Three strangers' browsers each ask for a code for the email, then guess 25 times each, all at once.
    const strangers = await Promise.all(
      Array.from({ length: 3 }, async () => {
        const stranger = browser()
        const asked = await answer(stranger.keep(await api.recoveryCode(stranger.request({ email }))))
        expect(asked.status).toBe(202)
        return { stranger, requestId: asked.body.requestId as string }
      }),
    )
    await harness.settled()
    const guesses = await Promise.all(
      strangers.flatMap(({ stranger, requestId }) =>
        Array.from({ length: 25 }, async (_, index) => answer(await api.recoveryVerify(stranger.request({ requestId, code: String(index).padStart(6, '9') })))),
      ),
    )
    // "Wrong, try again" answers: each code's 5th try locks it, so 10 tries judged show as at most 10 of them.
    const wrongAnswers = guesses.filter((entry) => entry.status === 401)
    expect(wrongAnswers.length).toBeLessThanOrEqual(10)
    expect(guesses.filter((entry) => entry.status === 200)).toHaveLength(0)
    const emailLocks = guesses.filter((entry) => entry.body.code === 'embedded_code_tries_exhausted_email')
    expect(emailLocks.length).toBeGreaterThan(0)
    const until = new Date(harness.clock.now.getTime() + 86_400_000)
    expect(emailLocks[0]!.body).toMatchObject({ retryAt: until.toISOString() })
    expect(emailLocks[0]!.body.message).toBe(
      `Too many wrong codes for this email today. Try again after ${until.toISOString().replace('T', ' ').slice(0, 16)} (UTC), or from a browser where you used a code of this email before.`,
    )
    const [counted] = await db.sql<{ count: number | string }>('SELECT count FROM sigil_rate_limits WHERE key = $1', [`embedded:code-tries:email:${hashEmail(keyring.current, email)}`])
    expect(Number(counted!.count)).toBe(10)

    // A fresh stranger with the right code is refused unjudged; the owner's browser still gets its own code judged.
    const late = browser()
    const lateAsked = await answer(late.keep(await api.recoveryCode(late.request({ email }))))
    await harness.settled()
    const lateAnswer = await answer(await api.recoveryVerify(late.request({ requestId: lateAsked.body.requestId, code: harness.codeIn(email, SUBJECT) })))
    expect(lateAnswer).toMatchObject({ status: 423, body: { code: 'embedded_code_tries_exhausted_email' } })
    const again = await answer(owner.keep(await api.recoveryCode(owner.request({ email }))))
    await harness.settled()
    expect((await api.recoveryVerify(owner.request({ requestId: again.body.requestId, code: harness.codeIn(email, SUBJECT) }))).status).toBe(200)
  })
})
