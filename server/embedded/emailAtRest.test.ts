import { createHash, randomBytes } from 'node:crypto'
import type { PGlite } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migrations } from '@/server/store/migrations'
import { createSqlStore, migrate, type Queryable, type SqlDriver } from '@/server/store/sqlStore'
import { freshBlankPglite } from '@/tests/fixtures/pgliteFolders'
import { startPostgres, type Postgres } from '@/tests/fixtures/postgres'
import {
  answer,
  browser,
  createThroughApi,
  openInspectablePglite,
  openInspectablePostgres,
  proveEmail,
  routeHarness,
  type InspectableStore,
} from '@/tests/fixtures/embeddedRoutes'
import { generateEphemeralKeyPair } from '@sigil/lib/embedded/crypto/sealToPublicKey'
import { toBase64Url } from '@sigil/lib/embedded/crypto/bytes'
import { emailHashes, hashEmail, kidOf, openEmail, resealWalletEmails, SealedEmailError, sealEmail } from './emailAtRest'
import { recoveryKeyring, type RecoveryKeyring } from './recoveryKey'

/**
 * What the database keeps of an email (issue 29, part 2): a keyed hash for lookups and a ciphertext
 * under the recovery key, never the address — checked by reading every text column of every table
 * after a wallet's whole life (made, recovered, its key released), on PGlite and a real PostgreSQL.
 */

let postgres: Postgres
let keyring: RecoveryKeyring
let older: RecoveryKeyring
beforeAll(async () => {
  postgres = await startPostgres()
  keyring = await recoveryKeyring(new Uint8Array(randomBytes(32)))
  older = await recoveryKeyring(new Uint8Array(randomBytes(32)))
})
afterAll(() => postgres?.stop())

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')

/** Every value of every text column in the database's own tables, with where it was found. */
async function everyText(sql: InspectableStore['sql']): Promise<{ where: string; value: string }[]> {
  const columns = await sql<{ table_name: string; column_name: string }>(
    `SELECT table_name, column_name FROM information_schema.columns
     WHERE table_schema = 'public' AND data_type IN ('text', 'character varying', 'character', 'json', 'jsonb')`,
  )
  const found: { where: string; value: string }[] = []
  for (const { table_name: table, column_name: column } of columns) {
    const rows = await sql<{ value: string | null }>(`SELECT "${column}"::text AS value FROM "${table}"`)
    for (const row of rows) if (row.value !== null) found.push({ where: `${table}.${column}`, value: row.value })
  }
  return found
}

describe('an email at rest, the primitives', () => {
  it('hashes an email under each key of the ring (the current first), differently per key, with the key id', () => {
    const ring = { ...keyring, keys: [keyring.current, older.current] }
    const [current, previous] = emailHashes(ring, 'ann@example.test')
    expect(current).toBe(hashEmail(keyring.current, 'ann@example.test'))
    expect(current).toMatch(new RegExp(`^hmac-sha256:${keyring.current.kid}:[0-9a-f]{64}$`))
    expect(previous).toBe(hashEmail(older.current, 'ann@example.test'))
    expect(current).not.toBe(previous)
    expect(hashEmail(keyring.current, 'bob@example.test')).not.toBe(current)
    expect(current).not.toContain(sha256('ann@example.test'))
  })

  it('opens a sealed email only for the row it was sealed for, and only with a configured key', () => {
    const sealed = sealEmail(keyring.current, 'ann@example.test', { wallet: 'w1' })
    expect(sealed).not.toContain('ann')
    expect(kidOf(sealed)).toBe(keyring.current.kid)
    expect(openEmail(keyring, sealed, { wallet: 'w1' })).toBe('ann@example.test')
    expect(() => openEmail(keyring, sealed, { wallet: 'w2' })).toThrow(SealedEmailError)
    expect(() => openEmail(keyring, sealed, { code: 'w1' })).toThrow(SealedEmailError)
    expect(() => openEmail(older, sealed, { wallet: 'w1' })).toThrow(/not configured/)
    const [scheme, kid, iv, ct] = sealed.split(':')
    const flipped = Buffer.from(ct!, 'base64url')
    flipped[0]! ^= 1
    expect(() => openEmail(keyring, [scheme, kid, iv, flipped.toString('base64url')].join(':'), { wallet: 'w1' })).toThrow(SealedEmailError)
  })
})

describe.each(['PGlite', 'Postgres'] as const)('no plain email in the database on %s', (name) => {
  let db: InspectableStore
  beforeAll(async () => {
    db = name === 'PGlite' ? await openInspectablePglite() : await openInspectablePostgres(postgres)
  })
  afterAll(() => db?.close())

  it('after a wallet is made and recovered through the API, no text column holds the email (nor its plain SHA-256)', async () => {
    const harness = routeHarness(db.store, keyring)
    // No delay before the key's release: the test walks the whole recovery at once.
    const api = harness.routes({ recoveryDelaySeconds: 0 })
    const normalised = `owner.${name.toLowerCase()}@example.test`
    const user = browser()
    expect((await proveEmail(harness, api, user, normalised)).body).toMatchObject({ email: normalised })
    const { created, walletId } = await createThroughApi(api, user, normalised)
    expect(created?.status).toBe(201)
    // A recovery up to the key's release: a code, a session, a release row, the notice.
    const asked = await answer(user.keep(await api.recoveryCode(user.request({ email: normalised }))))
    await harness.settled()
    const verified = await answer(user.keep(await api.recoveryVerify(user.request({ requestId: asked.body.requestId, code: harness.codeIn(normalised, 'Your Sigil recovery code') }))))
    expect(verified.body.wallets).toMatchObject([{ walletId }])
    // The start mails the owner the notice (to the email opened from the wallet's row), then the key.
    expect((await answer(user.keep(await api.recoveryStart(user.request({ walletId }))))).status).toBe(201)
    await harness.settled()
    expect(harness.sent.at(-1)).toMatchObject({ to: normalised })
    const key = await generateEphemeralKeyPair()
    const released = await answer(await api.recoveryKey(user.request({ walletId, publicKey: toBase64Url(key.publicKey) })))
    expect(released).toMatchObject({ status: 200, body: { email: normalised } })

    const texts = await everyText(db.sql)
    const tables = new Set(texts.map((entry) => entry.where.split('.')[0]))
    for (const table of ['sigil_embedded_wallets', 'sigil_embedded_codes', 'sigil_embedded_recovery_sessions', 'sigil_embedded_recovery_requests', 'sigil_rate_limits', 'sigil_embedded_known_bindings']) {
      expect(tables, table).toContain(table)
    }
    const leaks = texts.filter(({ value }) => {
      const lower = value.toLowerCase()
      return lower.includes(normalised) || lower.includes(`owner.${name.toLowerCase()}`) || value.includes(sha256(normalised))
    })
    expect(leaks).toEqual([])
    // What is there instead: the keyed hash and the ciphertext.
    const [row] = await db.sql<{ email: string | null; email_hash: string; email_sealed: string }>('SELECT email, email_hash, email_sealed FROM sigil_embedded_wallets WHERE wallet_id = $1', [walletId])
    expect(row).toMatchObject({ email: null, email_hash: hashEmail(keyring.current, normalised) })
    expect(openEmail(keyring, row!.email_sealed, { wallet: walletId! })).toBe(normalised)
  }, 60_000)
})

describe('migration 9 on a store written before it', () => {
  /** A PGlite store at migration 7 with a wallet whose email is in plain text, then opened with every migration. */
  async function legacyStore(email: string) {
    const db = await freshBlankPglite()
    const queryable = (target: Pick<PGlite, 'query' | 'exec'>): Queryable => ({
      query: async <Row,>(sql: string, params?: readonly unknown[]) => ({ rows: (await target.query<Row>(sql, params ? [...params] : undefined)).rows }),
      exec: async (sql: string) => void (await target.exec(sql)),
    })
    const driver: SqlDriver = { kind: 'pglite', ...queryable(db), transaction: (fn) => db.transaction((tx) => fn(queryable(tx))), close: () => db.close() }
    await migrate(driver, migrations.filter((migration) => migration.version <= 7))
    const at = '2029-06-01T00:00:00.000Z'
    await driver.query(
      'INSERT INTO sigil_embedded_wallets (wallet_id, email, address, recovery_envelope, vault, created_at, email_verified_at) VALUES ($1, $2, $3, $4, $5, $6, $6)',
      ['legacy', email, '0x000000000000000000000000000000000000dEaD', '{"epk":"e","iv":"i","ct":"c"}', '{"iv":"i","ct":"c"}', at],
    )
    await driver.query(`INSERT INTO sigil_rate_limits (key, count, reset_at) VALUES ($1, 3, now() + interval '1 hour')`, [`embedded:code:email:${sha256(email)}`])
    const store = await createSqlStore(driver)
    return { store, sql: async <Row,>(text: string, params?: readonly unknown[]) => (await driver.query<Row>(text, params)).rows }
  }

  it('keeps the plain email only until the API first runs, which seals it (hash + ciphertext) and clears it; the wallet stays recoverable', async () => {
    const email = 'legacy@example.test'
    const { store, sql } = await legacyStore(email)
    try {
      // Migration 9 alone: the counter keyed by a plain SHA-256 of the email is gone, the plain column still there.
      expect(await sql('SELECT key FROM sigil_rate_limits')).toEqual([])
      expect(await sql('SELECT email FROM sigil_embedded_wallets')).toEqual([{ email }])
      const harness = routeHarness(store, keyring)
      const api = harness.routes()
      const user = browser()
      const asked = await answer(user.keep(await api.recoveryCode(user.request({ email }))))
      expect(asked.status).toBe(202)
      await harness.settled()
      expect(harness.logged).toContain('[sigil] embedded: sealed the email of 1 wallets from before migration 9')
      const verified = await answer(await api.recoveryVerify(user.request({ requestId: asked.body.requestId, code: harness.codeIn(email, 'Your Sigil recovery code') })))
      expect(verified.body.wallets).toMatchObject([{ walletId: 'legacy' }])
      const [row] = await sql<{ email: string | null; email_hash: string; email_sealed: string }>('SELECT email, email_hash, email_sealed FROM sigil_embedded_wallets')
      expect(row).toMatchObject({ email: null, email_hash: hashEmail(keyring.current, email) })
      expect(openEmail(keyring, row!.email_sealed, { wallet: 'legacy' })).toBe(email)
      // Idempotent: nothing left to seal.
      expect(await resealWalletEmails({ store, keyring })).toMatchObject({ sealed: 0, rekeyed: 0, current: 1, failed: [] })
    } finally {
      await store.close()
    }
  }, 60_000)
})

describe('an email at rest across a rotation of the recovery key', () => {
  it('is found under the retired key until the re-seal, which moves its hash and ciphertext to the current key', async () => {
    const db = await openInspectablePglite()
    try {
      const email = 'rotate@example.test'
      // Made under the old key.
      const before = routeHarness(db.store, older)
      const api = before.routes()
      const user = browser()
      await proveEmail(before, api, user, email)
      const { walletId } = await createThroughApi(api, user, email)
      // Rotated: the new key current, the old one previous.
      const ring = await recoveryKeyring(new Uint8Array(randomBytes(32)))
      const rotated: RecoveryKeyring = { current: ring.current, keys: [ring.current, older.current], byKid: (kid) => [ring.current, older.current].find((key) => key.kid === kid) }
      const after = routeHarness(db.store, rotated)
      const recover = async (harness: ReturnType<typeof routeHarness>) => {
        const routes = harness.routes()
        const someone = browser()
        const asked = await answer(someone.keep(await routes.recoveryCode(someone.request({ email }))))
        await harness.settled()
        return answer(await routes.recoveryVerify(someone.request({ requestId: asked.body.requestId, code: harness.codeIn(email, 'Your Sigil recovery code') })))
      }
      expect((await recover(after)).body.wallets).toMatchObject([{ walletId }])
      expect(await resealWalletEmails({ store: db.store, keyring: rotated })).toMatchObject({ rekeyed: 1, failed: [] })
      const [row] = await db.sql<{ email_hash: string; email_sealed: string }>('SELECT email_hash, email_sealed FROM sigil_embedded_wallets WHERE wallet_id = $1', [walletId])
      expect([kidOf(row!.email_hash), kidOf(row!.email_sealed)]).toEqual([ring.current.kid, ring.current.kid])
      // The old key retired for good: still found, still opened.
      const newOnly = routeHarness(db.store, ring)
      expect((await recover(newOnly)).body.wallets).toMatchObject([{ walletId }])
    } finally {
      await db.close()
    }
  }, 60_000)
})
