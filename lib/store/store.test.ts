import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startPostgres, type Postgres } from '@/tests/fixtures/postgres'
import { freshPgliteFolder, removePgliteFolders } from '@/tests/unit/siwe/pgliteTemplate'
import { StoreUnavailableError } from './errors'
import { PGlite } from '@electric-sql/pglite'
import { migrations } from './migrations'
import { openPgliteStore } from './pgliteStore'
import { openPostgresStore } from './postgresStore'
import { createSqlStore, migrate, type Queryable, type SqlDriver } from './sqlStore'
import type { Store } from './types'
import { verifyWalletLog } from './walletLog'

/**
 * One suite, two back ends: the embedded PGlite (persisted in a folder) and a real PostgreSQL server
 * started for this file. Both run the same SQL and migrations.
 */

let postgres: Postgres
beforeAll(async () => {
  postgres = await startPostgres()
  await freshPgliteFolder() // initdb once, before the timed tests
})
// Stopping the server and deleting every PGlite copy (tens of MB each) can pass the default hook
// timeout when the full suite loads both cores.
afterAll(() => {
  postgres?.stop()
  removePgliteFolders()
}, 180_000)

type Opened = { store: Store; reopen: () => Promise<Store> }
type Backend = { name: string; open: (options?: { cleanupIntervalMs?: number }) => Promise<Opened> }

const backends: Backend[] = [
  {
    name: 'PGlite',
    async open(options = {}) {
      const dataDir = await freshPgliteFolder()
      return { store: await openPgliteStore({ dataDir, ...options }), reopen: () => openPgliteStore({ dataDir }) }
    },
  },
  {
    name: 'Postgres',
    async open(options = {}) {
      // A database of its own per test, so tests share no rows.
      const name = `t${Math.random().toString(36).slice(2, 12)}`
      const admin = new pg.Client({ connectionString: postgres.url })
      await admin.connect()
      await admin.query(`CREATE DATABASE ${name}`)
      await admin.end()
      const connectionString = postgres.url.replace(/\/postgres$/, `/${name}`)
      return { store: await openPostgresStore({ connectionString, ...options }), reopen: () => openPostgresStore({ connectionString }) }
    },
  },
]

const later = (ms: number) => new Date(Date.now() + ms)

describe.each(backends)('store on $name', (backend) => {
  it('hands a nonce out exactly once, with its binding and expiry', async () => {
    const { store } = await backend.open()
    try {
      const expiresAt = later(300_000)
      await store.putNonce({ nonce: 'abcdefgh1', binding: 'browser-a', expiresAt })
      const taken = await store.takeNonce('abcdefgh1')
      expect(taken).toEqual({ nonce: 'abcdefgh1', binding: 'browser-a', expiresAt })
      expect(await store.takeNonce('abcdefgh1')).toBeNull()
      expect(await store.takeNonce('neverissued')).toBeNull()
    } finally {
      await store.close()
    }
  })

  it('gives a nonce to exactly one of 50 concurrent takers', async () => {
    const { store } = await backend.open()
    try {
      await store.putNonce({ nonce: 'concurrent1', binding: 'b', expiresAt: later(300_000) })
      const results = await Promise.all(Array.from({ length: 50 }, () => store.takeNonce('concurrent1')))
      expect(results.filter((result) => result !== null)).toHaveLength(1)
    } finally {
      await store.close()
    }
  })

  it('refuses to issue the same nonce twice', async () => {
    const { store } = await backend.open()
    try {
      await store.putNonce({ nonce: 'duplicate1', binding: 'a', expiresAt: later(300_000) })
      await expect(store.putNonce({ nonce: 'duplicate1', binding: 'b', expiresAt: later(300_000) })).rejects.toBeInstanceOf(StoreUnavailableError)
      expect((await store.takeNonce('duplicate1'))?.binding).toBe('a')
    } finally {
      await store.close()
    }
  })

  it('counts hits per key in a fixed window and starts again when it ends', async () => {
    const { store } = await backend.open()
    try {
      const start = new Date('2030-01-01T00:00:00.000Z')
      expect(await store.hit('ip:1', 60_000, start)).toEqual({ count: 1, resetAt: new Date('2030-01-01T00:01:00.000Z') })
      expect((await store.hit('ip:1', 60_000, new Date(start.getTime() + 59_000))).count).toBe(2)
      expect((await store.hit('ip:2', 60_000, start)).count).toBe(1)
      const next = await store.hit('ip:1', 60_000, new Date(start.getTime() + 60_000))
      expect(next).toEqual({ count: 1, resetAt: new Date('2030-01-01T00:02:00.000Z') })
    } finally {
      await store.close()
    }
  })

  it('loses no count under 40 concurrent hits', async () => {
    const { store } = await backend.open()
    try {
      const now = new Date()
      const counts = await Promise.all(Array.from({ length: 40 }, () => store.hit('busy', 60_000, now)))
      expect(counts.map((hit) => hit.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, index) => index + 1))
    } finally {
      await store.close()
    }
  })

  it('cleans up expired nonces and finished windows, and keeps live ones', async () => {
    // Automatic sweeps off, so this test alone decides when rows go.
    const { store } = await backend.open({ cleanupIntervalMs: Number.POSITIVE_INFINITY })
    try {
      const now = new Date()
      await store.putNonce({ nonce: 'expired01', binding: 'b', expiresAt: new Date(now.getTime() - 1) })
      await store.putNonce({ nonce: 'alive0001', binding: 'b', expiresAt: later(300_000) })
      await store.hit('old', 1000, new Date(now.getTime() - 5000))
      await store.hit('new', 60_000, now)
      expect(await store.cleanup(now)).toBe(2)
      expect(await store.takeNonce('expired01')).toBeNull()
      expect(await store.takeNonce('alive0001')).not.toBeNull()
      expect((await store.hit('new', 60_000, now)).count).toBe(2)
    } finally {
      await store.close()
    }
  })

  it('sweeps expired rows by itself as new nonces are issued', async () => {
    const { store } = await backend.open({ cleanupIntervalMs: 0 })
    try {
      await store.putNonce({ nonce: 'expired02', binding: 'b', expiresAt: new Date(Date.now() - 1) })
      await store.putNonce({ nonce: 'trigger01', binding: 'b', expiresAt: later(300_000) })
      expect(await store.takeNonce('expired02')).toBeNull()
      expect(await store.takeNonce('trigger01')).not.toBeNull()
    } finally {
      await store.close()
    }
  })

  it('keeps its data across a restart and applies each migration once', async () => {
    const { store, reopen } = await backend.open()
    await store.putNonce({ nonce: 'survivor1', binding: 'b', expiresAt: later(300_000) })
    await store.close()
    const again = await reopen()
    try {
      expect((await again.takeNonce('survivor1'))?.binding).toBe('b')
      expect(again.kind).toBe(backend.name === 'PGlite' ? 'pglite' : 'postgres')
    } finally {
      await again.close()
    }
  })
})

const T0 = new Date('2030-01-01T00:00:00.000Z')
const wallet = (walletId: string, email = 'ann@example.test', createdAt = T0, emailVerifiedAt: Date | null = createdAt) => ({
  walletId,
  email,
  address: '0x000000000000000000000000000000000000dEaD',
  recoveryEnvelope: '{"epk":"e","iv":"i","ct":"c"}',
  vault: '{"iv":"i","ct":"c"}',
  createdAt,
  emailVerifiedAt,
})
const credential = (credentialId: string, walletId: string) => ({
  credentialId,
  walletId,
  publicKey: 'pk',
  counter: 0,
  transports: 'internal,hybrid',
  createdAt: T0,
})
const emailCode = (requestId: string, email = 'ann@example.test', purpose: 'recovery' | 'verify_email' = 'recovery', createdAt = new Date()) => ({
  requestId,
  email,
  purpose,
  codeHash: `hmac-sha256:kid:${requestId}`,
  bindingHash: 'binding',
  createdAt,
  expiresAt: new Date(createdAt.getTime() + 900_000),
})
const tries = (max = 5, emailMax = 10) => ({ maxAttempts: max, emailKey: (email: string) => `tries:${email}`, emailMax, emailWindowMs: 86_400_000 })
const session = (tokenHash: string, purpose: 'email_recovery' | 'email_verification', email = 'ann@example.test') => ({
  tokenHash,
  email,
  purpose,
  createdAt: T0,
  expiresAt: new Date(T0.getTime() + 1_800_000),
})
const minutes = (n: number) => new Date(T0.getTime() + n * 60_000)
/** A wallet as `createVerifiedWallet` takes it: recording the verification is the store's part. */
const toCreate = (walletId: string) => ({
  walletId,
  email: 'ann@example.test',
  address: '0x000000000000000000000000000000000000dEaD',
  recoveryEnvelope: '{"epk":"e","iv":"i","ct":"c"}',
  vault: '{"iv":"i","ct":"c"}',
  createdAt: minutes(1),
})

describe.each(backends)('embedded wallet store on $name', (backend) => {
  it('records a wallet with its first passkey once, and lists only verified wallets of an email, oldest first', async () => {
    const { store } = await backend.open()
    try {
      expect(await store.createEmbeddedWallet(wallet('w1'), credential('c1', 'w1'))).toBe(true)
      expect(await store.createEmbeddedWallet(wallet('w1'), credential('c9', 'w1'))).toBe(false)
      expect(await store.createEmbeddedWallet(wallet('w0', 'ann@example.test', new Date('2029-01-01T00:00:00.000Z')), credential('c0', 'w0'))).toBe(true)
      expect(await store.createEmbeddedWallet(wallet('planted', 'ann@example.test', new Date('2028-01-01T00:00:00.000Z'), null), credential('cp', 'planted'))).toBe(true)
      expect(await store.getEmbeddedWallet('w1')).toEqual(wallet('w1'))
      expect(await store.getEmbeddedWallet('planted')).toMatchObject({ walletId: 'planted', emailVerifiedAt: null })
      expect(await store.getEmbeddedWallet('nope')).toBeNull()
      expect((await store.listRecoverableWallets('ann@example.test', 5)).map((row) => row.walletId)).toEqual(['w0', 'w1'])
      expect((await store.listRecoverableWallets('ann@example.test', 1)).map((row) => row.walletId)).toEqual(['w0'])
      expect(await store.listRecoverableWallets('bob@example.test', 5)).toEqual([])
      expect((await store.listEmbeddedCredentials('w1')).map((row) => row.credentialId)).toEqual(['c1'])
      expect(await store.addEmbeddedCredential(credential('c2', 'w1'))).toBe(true)
      expect(await store.addEmbeddedCredential(credential('c2', 'w1'))).toBe(false)
      expect((await store.listEmbeddedCredentials('w1')).map((row) => row.credentialId)).toEqual(['c1', 'c2'])
    } finally {
      await store.close()
    }
  })

  it('creates a verified wallet only with a live verification session of its email, once per session, and never past the cap', async () => {
    const { store } = await backend.open()
    try {
      const check = (sessionHash: string, now = minutes(1)) => ({ sessionHash, maxPerEmail: 2, now })
      const record = toCreate('x')
      await store.putRecoverySession(session('s1', 'email_verification'))
      await store.putRecoverySession(session('recovery', 'email_recovery'))
      await store.putRecoverySession(session('bob', 'email_verification', 'bob@example.test'))
      expect(await store.createVerifiedWallet(record, credential('cx', 'x'), check('recovery'))).toBe('unverified')
      expect(await store.createVerifiedWallet(record, credential('cx', 'x'), check('bob'))).toBe('unverified')
      expect(await store.createVerifiedWallet(record, credential('cx', 'x'), check('s1', minutes(31)))).toBe('unverified')
      expect(await store.createVerifiedWallet(record, credential('cx', 'x'), check('s1'))).toBe('created')
      expect(await store.getEmbeddedWallet('x')).toMatchObject({ emailVerifiedAt: minutes(1) })
      expect(await store.createVerifiedWallet({ ...record, walletId: 'y' }, credential('cy', 'y'), check('s1'))).toBe('unverified')
      await store.putRecoverySession(session('s2', 'email_verification'))
      // An existing wallet id: refused, and the session is not used up by the refusal.
      expect(await store.createVerifiedWallet(record, credential('cz', 'x'), check('s2'))).toBe('exists')
      expect(await store.createVerifiedWallet({ ...record, walletId: 'y' }, credential('cy', 'y'), check('s2'))).toBe('created')
      await store.putRecoverySession(session('s3', 'email_verification'))
      expect(await store.createVerifiedWallet({ ...record, walletId: 'z' }, credential('cz', 'z'), check('s3'))).toBe('limit')
      expect(await store.getEmbeddedWallet('z')).toBeNull()
      expect((await store.getRecoverySession('s3'))?.consumedAt).toBeNull()
    } finally {
      await store.close()
    }
  })

  it('records exactly the cap of wallets for one email when 10 verified creations race', async () => {
    const { store } = await backend.open()
    try {
      const ids = Array.from({ length: 10 }, (_, index) => `race${index}`)
      for (const id of ids) await store.putRecoverySession(session(`s-${id}`, 'email_verification'))
      const outcomes = await Promise.all(
        ids.map((id) => store.createVerifiedWallet(toCreate(id), credential(`c-${id}`, id), { sessionHash: `s-${id}`, maxPerEmail: 5, now: minutes(1) })),
      )
      expect(outcomes.filter((outcome) => outcome === 'created')).toHaveLength(5)
      expect(outcomes.filter((outcome) => outcome === 'limit')).toHaveLength(5)
      expect(await store.listRecoverableWallets('ann@example.test', 50)).toHaveLength(5)
    } finally {
      await store.close()
    }
  })

  it('hands a WebAuthn challenge out exactly once, to one of 20 concurrent takers', async () => {
    const { store } = await backend.open()
    try {
      const record = { challengeHash: 'h1', purpose: 'register' as const, walletId: 'w1', expiresAt: later(300_000) }
      await store.putEmbeddedChallenge(record)
      const taken = await Promise.all(Array.from({ length: 20 }, () => store.takeEmbeddedChallenge('h1')))
      expect(taken.filter(Boolean)).toEqual([record])
    } finally {
      await store.close()
    }
  })

  it('keeps one live code per email and purpose: a new one replaces it, also when 50 are issued at once', async () => {
    const { store } = await backend.open()
    try {
      await store.issueEmailCode(emailCode('a1'))
      await store.issueEmailCode(emailCode('v1', 'ann@example.test', 'verify_email'))
      await store.issueEmailCode(emailCode('b1', 'bob@example.test'))
      await store.issueEmailCode(emailCode('a2'))
      expect(await store.attemptEmailCode('a1', 'recovery', tries(), new Date())).toEqual({ kind: 'unknown' })
      expect(await store.attemptEmailCode('a2', 'recovery', tries(), new Date())).toMatchObject({ kind: 'counted', record: { requestId: 'a2', attempts: 1, bindingHash: 'binding' } })
      expect(await store.attemptEmailCode('v1', 'verify_email', tries(), new Date())).toMatchObject({ kind: 'counted' })
      expect(await store.attemptEmailCode('v1', 'recovery', tries(), new Date())).toEqual({ kind: 'unknown' })
      expect(await store.attemptEmailCode('b1', 'recovery', tries(), new Date())).toMatchObject({ kind: 'counted' })

      await Promise.all(Array.from({ length: 50 }, (_, index) => store.issueEmailCode(emailCode(`c${index}`, 'carol@example.test'))))
      const live = await Promise.all(Array.from({ length: 50 }, (_, index) => store.attemptEmailCode(`c${index}`, 'recovery', tries(), new Date())))
      expect(live.filter((attempt) => attempt.kind === 'counted')).toHaveLength(1)
    } finally {
      await store.close()
    }
  })

  it("counts exactly a code's cap of tries, and an email's, when 50 tries race; the rest are refused as locked", async () => {
    const { store } = await backend.open()
    try {
      await store.issueEmailCode(emailCode('r1'))
      const attempts = await Promise.all(Array.from({ length: 50 }, () => store.attemptEmailCode('r1', 'recovery', tries(5, 10), new Date())))
      const counted = attempts.flatMap((attempt) => (attempt.kind === 'counted' ? [attempt] : []))
      expect(counted.map((attempt) => attempt.record.attempts).sort()).toEqual([1, 2, 3, 4, 5])
      expect(counted.map((attempt) => attempt.emailTries).sort()).toEqual([1, 2, 3, 4, 5])
      expect(attempts.filter((attempt) => attempt.kind === 'locked')).toEqual(Array.from({ length: 45 }, () => ({ kind: 'locked', scope: 'code' })))

      // The email's cap (3) below the code's (5): a refused try counts nowhere, the code's included.
      await store.issueEmailCode(emailCode('e1', 'eve@example.test'))
      const capped = await Promise.all(Array.from({ length: 50 }, () => store.attemptEmailCode('e1', 'recovery', tries(5, 3), new Date())))
      expect(capped.filter((attempt) => attempt.kind === 'counted')).toHaveLength(3)
      expect(capped.filter((attempt) => attempt.kind === 'locked' && attempt.scope === 'email')).toHaveLength(47)
      const again = await store.attemptEmailCode('e1', 'recovery', tries(5, 100), new Date())
      expect(again).toMatchObject({ kind: 'counted', record: { attempts: 4 }, emailTries: 4 })

      const used = await Promise.all(Array.from({ length: 5 }, () => store.consumeEmailCode('r1', new Date())))
      expect(used.filter(Boolean)).toHaveLength(1)
      expect(await store.attemptEmailCode('r1', 'recovery', tries(), new Date())).toEqual({ kind: 'unknown' })
      expect(await store.attemptEmailCode('unknown', 'recovery', tries(), new Date())).toEqual({ kind: 'unknown' })
    } finally {
      await store.close()
    }
  })

  it("voids an email's live codes of one purpose (and only those) when asked", async () => {
    const { store } = await backend.open()
    try {
      await store.issueEmailCode(emailCode('a1'))
      await store.issueEmailCode(emailCode('v1', 'ann@example.test', 'verify_email'))
      await store.issueEmailCode(emailCode('b1', 'bob@example.test'))
      expect(await store.voidEmailCodes('ann@example.test', 'recovery', new Date())).toBe(1)
      expect(await store.attemptEmailCode('a1', 'recovery', tries(), new Date())).toEqual({ kind: 'unknown' })
      expect(await store.attemptEmailCode('v1', 'verify_email', tries(), new Date())).toMatchObject({ kind: 'counted' })
      expect(await store.attemptEmailCode('b1', 'recovery', tries(), new Date())).toMatchObject({ kind: 'counted' })
    } finally {
      await store.close()
    }
  })

  it('keeps recovery sessions by token hash and ends each once', async () => {
    const { store } = await backend.open()
    try {
      await store.putRecoverySession(session('t1', 'email_recovery'))
      expect(await store.getRecoverySession('t1')).toEqual({ ...session('t1', 'email_recovery'), consumedAt: null })
      expect(await store.consumeRecoverySession('t1', minutes(10))).toBe(true)
      expect(await store.consumeRecoverySession('t1', minutes(11))).toBe(false)
      expect((await store.getRecoverySession('t1'))?.consumedAt).toEqual(minutes(10))
      expect(await store.getRecoverySession('t2')).toBeNull()
    } finally {
      await store.close()
    }
  })

  it('ends a recovery session for exactly one of two parallel callers, and never once it has expired', async () => {
    const { store } = await backend.open()
    try {
      await store.putRecoverySession(session('race', 'email_recovery'))
      const ended = await Promise.all([0, 1].map(() => store.consumeRecoverySession('race', minutes(10))))
      expect(ended.filter(Boolean)).toHaveLength(1)
      await store.putRecoverySession(session('late', 'email_recovery'))
      expect(await store.consumeRecoverySession('late', minutes(30))).toBe(false)
      expect((await store.getRecoverySession('late'))?.consumedAt).toBeNull()
    } finally {
      await store.close()
    }
  })

  it('finishes a released recovery once, and its cancel link removes the passkey it added, once, within its time', async () => {
    const { store } = await backend.open()
    try {
      await store.createEmbeddedWallet(wallet('w1'), credential('c1', 'w1'))
      await store.putRecoverySession(session('s1', 'email_recovery'))
      const release = { cancelHash: 'cancel1', sessionHash: 's1', walletId: 'w1', email: 'ann@example.test', releasedAt: minutes(1), cancelExpiresAt: minutes(60) }
      expect(await store.recordRecoveryRelease(release)).toBe(true)
      expect(await store.recordRecoveryRelease({ ...release, cancelHash: 'cancel2' })).toBe(false)
      // No key released for w2 in this session: nothing to finish.
      expect(await store.completeRecovery('s1', credential('c9', 'w2'), minutes(2))).toBe('session_invalid')
      expect(await store.completeRecovery('s1', credential('c2', 'w1'), minutes(2))).toBe('completed')
      expect(await store.completeRecovery('s1', credential('c3', 'w1'), minutes(2))).toBe('session_invalid')
      expect((await store.listEmbeddedCredentials('w1')).map((row) => row.credentialId)).toEqual(['c1', 'c2'])
      expect(await store.getRecoveryByCancelHash('cancel1')).toMatchObject({ credentialId: 'c2', completedAt: minutes(2), cancelledAt: null })

      await store.issueEmailCode(emailCode('live', 'ann@example.test', 'recovery', minutes(3)))
      expect(await store.cancelRecovery('nope', minutes(4))).toEqual({ kind: 'unknown' })
      const cancelled = await store.cancelRecovery('cancel1', minutes(4))
      expect(cancelled).toMatchObject({ kind: 'cancelled', credentialRemoved: true, record: { walletId: 'w1', cancelledAt: minutes(4) } })
      expect((await store.listEmbeddedCredentials('w1')).map((row) => row.credentialId)).toEqual(['c1'])
      expect(await store.attemptEmailCode('live', 'recovery', tries(), minutes(4))).toEqual({ kind: 'unknown' })
      expect(await store.cancelRecovery('cancel1', minutes(5))).toEqual({ kind: 'already_cancelled' })

      // Cancelled before it finished: the session ends, and finishing is refused.
      await store.putRecoverySession(session('s2', 'email_recovery'))
      await store.recordRecoveryRelease({ ...release, cancelHash: 'cancel3', sessionHash: 's2' })
      expect(await store.cancelRecovery('cancel3', minutes(6))).toMatchObject({ kind: 'cancelled', credentialRemoved: false })
      expect(await store.completeRecovery('s2', credential('c4', 'w1'), minutes(7))).toBe('session_invalid')
      await store.putRecoverySession(session('s3', 'email_recovery'))
      await store.recordRecoveryRelease({ ...release, cancelHash: 'cancel4', sessionHash: 's3', cancelExpiresAt: minutes(8) })
      expect(await store.cancelRecovery('cancel4', minutes(8))).toEqual({ kind: 'expired' })
    } finally {
      await store.close()
    }
  })

  it("keeps each wallet's hash-chained log of what happened to it, appended with each change", async () => {
    const { store } = await backend.open()
    try {
      await store.createEmbeddedWallet(wallet('w1'), credential('c1', 'w1'))
      await store.createEmbeddedWallet(wallet('w2'), credential('c2', 'w2'))
      await store.putRecoverySession(session('s1', 'email_recovery'))
      const release = { cancelHash: 'cancel1', sessionHash: 's1', walletId: 'w1', email: 'ann@example.test', releasedAt: minutes(1), cancelExpiresAt: minutes(60) }
      await store.recordRecoveryRelease(release)
      await store.recordRecoveryRelease({ ...release, cancelHash: 'again' }) // refused: no entry
      await store.completeRecovery('s1', credential('c3', 'w1'), minutes(2))
      await store.cancelRecovery('cancel1', minutes(3))
      const log = await store.listWalletEvents('w1')
      expect(log.map((event) => [event.seq, event.kind])).toEqual([
        [1, 'created'],
        [2, 'recovery_key_released'],
        [3, 'recovery_completed'],
        [4, 'recovery_cancelled'],
      ])
      expect(log[3]).toMatchObject({ at: minutes(3), detail: { credentialRemoved: true } })
      expect(verifyWalletLog('w1', log)).toMatchObject({ ok: true, entries: 4, head: log[3]!.hash })
      expect((await store.listWalletEvents('w2')).map((event) => event.kind)).toEqual(['created'])
      expect(await store.listWalletEvents('nope')).toEqual([])
    } finally {
      await store.close()
    }
  })

  it("chains 50 changes to one wallet made at once into one unbroken log", async () => {
    const { store } = await backend.open()
    try {
      await store.createEmbeddedWallet(wallet('w1'), credential('c1', 'w1'))
      const results = await Promise.all(
        Array.from({ length: 50 }, (_, index) =>
          store.recordRecoveryRelease({ cancelHash: `cancel${index}`, sessionHash: `s${index}`, walletId: 'w1', email: 'ann@example.test', releasedAt: minutes(1), cancelExpiresAt: minutes(60) }),
        ),
      )
      expect(results.every(Boolean)).toBe(true)
      const log = await store.listWalletEvents('w1')
      expect(log).toHaveLength(51)
      expect(verifyWalletLog('w1', log)).toMatchObject({ ok: true, entries: 51 })
    } finally {
      await store.close()
    }
  })

  it('re-seals wallets page by page, replacing an envelope only if it is still the one read', async () => {
    const { store } = await backend.open()
    try {
      for (const id of ['b', 'a', 'c']) await store.createEmbeddedWallet(wallet(id), credential(`c${id}`, id))
      expect((await store.listWalletsAfter('', 2)).map((row) => row.walletId)).toEqual(['a', 'b'])
      expect((await store.listWalletsAfter('b', 2)).map((row) => row.walletId)).toEqual(['c'])
      expect(await store.replaceRecoveryEnvelope('a', '{"stale":true}', '{"new":1}')).toBe(false)
      expect(await store.replaceRecoveryEnvelope('a', wallet('a').recoveryEnvelope, '{"new":1}')).toBe(true)
      expect((await store.getEmbeddedWallet('a'))?.recoveryEnvelope).toBe('{"new":1}')
    } finally {
      await store.close()
    }
  })

  it('cleans up expired challenges at once, and expired codes, sessions and recoveries only a day later', async () => {
    const { store } = await backend.open({ cleanupIntervalMs: Number.POSITIVE_INFINITY })
    try {
      const now = new Date()
      const ago = (ms: number) => new Date(now.getTime() - ms)
      await store.putEmbeddedChallenge({ challengeHash: 'old', purpose: 'register', walletId: 'w', expiresAt: ago(1) })
      await store.putEmbeddedChallenge({ challengeHash: 'new', purpose: 'register', walletId: 'w', expiresAt: later(60_000) })
      await store.issueEmailCode({ ...emailCode('recent', 'a@example.test'), createdAt: ago(2_000_000), expiresAt: ago(1_000_000) })
      await store.issueEmailCode({ ...emailCode('ancient', 'b@example.test'), createdAt: ago(100_000_000), expiresAt: ago(90_000_000) })
      await store.putRecoverySession({ tokenHash: 'ancient', email: 'a@example.test', purpose: 'email_recovery', createdAt: ago(100_000_000), expiresAt: ago(90_000_000) })
      await store.createEmbeddedWallet(wallet('w1'), credential('c1', 'w1'))
      await store.recordRecoveryRelease({ cancelHash: 'gone', sessionHash: 'ancient', walletId: 'w1', email: 'a@example.test', releasedAt: ago(100_000_000), cancelExpiresAt: ago(90_000_000) })
      expect(await store.cleanup(now)).toBe(4)
      expect(await store.takeEmbeddedChallenge('old')).toBeNull()
      expect(await store.takeEmbeddedChallenge('new')).not.toBeNull()
      expect(await store.attemptEmailCode('recent', 'recovery', tries(), now)).toMatchObject({ kind: 'counted' }) // still answers "expired"
      expect(await store.attemptEmailCode('ancient', 'recovery', tries(), now)).toEqual({ kind: 'unknown' })
      expect(await store.getRecoverySession('ancient')).toBeNull()
      expect(await store.getRecoveryByCancelHash('gone')).toBeNull()
    } finally {
      await store.close()
    }
  })

  it('begins a sign-in in one statement: counts the client, burns the nonce, and counts the address only for a live nonce of this browser', async () => {
    const { store } = await backend.open()
    try {
      const now = new Date('2030-01-01T00:00:00.000Z')
      const attempt = (nonce: string, binding: string | null, at = now) =>
        store.beginSignIn({ nonce, binding, clientKey: 'c:1', clientWindowMs: 60_000, addressKey: 'a:0xabc:1', addressWindowMs: 60_000, now: at })
      await store.putNonce({ nonce: 'live00001', binding: 'browser-a', expiresAt: new Date(now.getTime() + 300_000) })
      await store.putNonce({ nonce: 'live00002', binding: 'browser-a', expiresAt: new Date(now.getTime() + 300_000) })
      await store.putNonce({ nonce: 'stale0001', binding: 'browser-a', expiresAt: new Date(now.getTime() - 1) })

      const first = await attempt('live00001', 'browser-a')
      expect(first).toEqual({
        client: { count: 1, resetAt: new Date('2030-01-01T00:01:00.000Z') },
        nonce: { nonce: 'live00001', binding: 'browser-a', expiresAt: new Date(now.getTime() + 300_000) },
        address: { count: 1, resetAt: new Date('2030-01-01T00:01:00.000Z') },
        sessionSaved: false,
      })
      // Burnt: a second use finds nothing and does not count the address.
      expect(await attempt('live00001', 'browser-a')).toMatchObject({ client: { count: 2 }, nonce: null, address: null })
      // Another browser's binding, no binding, an expired nonce, an unknown one: the address is not counted.
      expect(await attempt('live00002', 'browser-b')).toMatchObject({ client: { count: 3 }, nonce: { binding: 'browser-a' }, address: null })
      expect(await attempt('stale0001', 'browser-a')).toMatchObject({ client: { count: 4 }, nonce: { nonce: 'stale0001' }, address: null })
      expect(await attempt('unknown01', null)).toMatchObject({ client: { count: 5 }, nonce: null, address: null })
      await store.putNonce({ nonce: 'live00003', binding: 'browser-a', expiresAt: new Date(now.getTime() + 300_000) })
      expect(await attempt('live00003', 'browser-a')).toMatchObject({ client: { count: 6 }, address: { count: 2 } })
      // A new window starts both counters again.
      await store.putNonce({ nonce: 'live00004', binding: 'browser-a', expiresAt: new Date(now.getTime() + 300_000) })
      expect(await attempt('live00004', 'browser-a', new Date(now.getTime() + 60_000))).toMatchObject({ client: { count: 1 }, address: { count: 1 } })
    } finally {
      await store.close()
    }
  })

  it('records the session in the same statement only for a live nonce of this browser, within both limits', async () => {
    const { store } = await backend.open()
    try {
      const now = new Date('2030-01-01T00:00:00.000Z')
      const day = new Date(now.getTime() + 86_400_000)
      const address = '0xAbC0000000000000000000000000000000000001'
      const attempt = (nonce: string, binding: string, idHash: string, limits = { clientMax: 3, addressMax: 2 }) =>
        store.beginSignIn({
          nonce, binding, clientKey: 'c:2', clientWindowMs: 60_000, addressKey: 'a:0xabc:2', addressWindowMs: 60_000, now,
          session: { record: { idHash, address, chainId: 1, createdAt: now, expiresAt: day }, ...limits },
        })
      for (const nonce of ['sess00001', 'sess00002', 'sess00003', 'sess00004']) {
        await store.putNonce({ nonce, binding: 'browser-a', expiresAt: new Date(now.getTime() + 300_000) })
      }
      expect(await attempt('sess00001', 'browser-a', 'first')).toMatchObject({ client: { count: 1 }, address: { count: 1 }, sessionSaved: true })
      // The row keeps whose session it is: the address (lower case) and the chain, for the session check.
      expect(await store.sessionOwner('first', now)).toEqual({ address: address.toLowerCase(), chainId: 1 })
      // Burnt nonce, another browser's nonce: nothing saved.
      expect(await attempt('sess00001', 'browser-a', 'replayed')).toMatchObject({ nonce: null, sessionSaved: false })
      expect(await attempt('sess00002', 'browser-b', 'stolen')).toMatchObject({ address: null, sessionSaved: false })
      // Over the address limit (its 3rd count, max 2): counted, not saved. Over the client limit: same.
      expect(await attempt('sess00003', 'browser-a', 'address-over', { clientMax: 10, addressMax: 1 })).toMatchObject({ address: { count: 2 }, sessionSaved: false })
      expect(await attempt('sess00004', 'browser-a', 'client-over', { clientMax: 3, addressMax: 10 })).toMatchObject({ client: { count: 5 }, sessionSaved: false })
      for (const idHash of ['replayed', 'stolen', 'address-over', 'client-over']) expect(await store.sessionOwner(idHash, now)).toBeNull()
      // Only the one saved session is there to revoke for that address.
      expect(await store.revokeAddressSessions('first', now)).toBe(1)
    } finally {
      await store.close()
    }
  })

  it('gives a nonce to exactly one of 30 concurrent sign-ins, counting every attempt', async () => {
    const { store } = await backend.open()
    try {
      const now = new Date()
      await store.putNonce({ nonce: 'race00001', binding: 'b', expiresAt: new Date(now.getTime() + 300_000) })
      const results = await Promise.all(
        Array.from({ length: 30 }, () =>
          store.beginSignIn({ nonce: 'race00001', binding: 'b', clientKey: 'race:c', clientWindowMs: 60_000, addressKey: 'race:a', addressWindowMs: 60_000, now }),
        ),
      )
      expect(results.filter((result) => result.nonce !== null)).toHaveLength(1)
      expect(results.filter((result) => result.address !== null)).toHaveLength(1)
      expect(results.map((result) => result.client.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, index) => index + 1))
    } finally {
      await store.close()
    }
  })

  it('lists an address\'s live sessions with their device and place, marks them seen at most every five minutes, and ends a sibling only', async () => {
    const { store } = await backend.open()
    const now = new Date('2026-11-27T10:00:00.000Z')
    const later = (minutes: number) => new Date(now.getTime() + minutes * 60_000)
    const day = later(24 * 60)
    try {
      await store.putSession({ idHash: 'mac', address: '0xabc0000000000000000000000000000000000003', chainId: 1, createdAt: now, expiresAt: day, device: 'Chrome on macOS', place: 'FR' })
      await store.putSession({ idHash: 'ios', address: '0xABC0000000000000000000000000000000000003', chainId: 8453, createdAt: later(1), expiresAt: day, device: 'Safari on iOS' })
      await store.putSession({ idHash: 'gone', address: '0xabc0000000000000000000000000000000000003', chainId: 1, createdAt: now, expiresAt: now })
      await store.putSession({ idHash: 'stranger', address: '0xabc0000000000000000000000000000000000004', chainId: 1, createdAt: now, expiresAt: day })
      const listed = await store.listAddressSessions('mac', later(2))
      // Its own first, then newest first; expired and other addresses' sessions are not listed.
      expect(listed?.map((row) => [row.idHash, row.device, row.place, row.chainId])).toEqual([
        ['mac', 'Chrome on macOS', 'FR', 1],
        ['ios', 'Safari on iOS', null, 8453],
      ])
      expect(listed?.[1]?.lastSeenAt).toEqual(later(1))
      expect(await store.listAddressSessions('gone', later(2))).toBeNull()
      expect(await store.listAddressSessions('never', later(2))).toBeNull()

      expect(await store.touchSession('ios', later(3))).toEqual({ address: '0xabc0000000000000000000000000000000000003', chainId: 8453 })
      expect((await store.listAddressSessions('mac', later(3)))?.[1]?.lastSeenAt).toEqual(later(1))
      expect(await store.touchSession('ios', later(7))).not.toBeNull()
      expect((await store.listAddressSessions('mac', later(7)))?.[1]?.lastSeenAt).toEqual(later(7))
      expect(await store.touchSession('gone', later(7))).toBeNull()

      expect(await store.revokeSiblingSession('mac', 'stranger', later(8))).toBe(false)
      expect(await store.sessionOwner('stranger', later(8))).not.toBeNull()
      expect(await store.revokeSiblingSession('stranger', 'ios', later(8))).toBe(false)
      expect(await store.revokeSiblingSession('gone', 'ios', later(8))).toBe(false)
      const raced = await Promise.all(Array.from({ length: 50 }, () => store.revokeSiblingSession('mac', 'ios', later(8))))
      expect(raced.filter(Boolean)).toHaveLength(1)
      expect(await store.sessionOwner('ios', later(8))).toBeNull()
      expect(await store.sessionOwner('mac', later(8))).not.toBeNull()
    } finally {
      await store.close()
    }
  })

  it('keeps sessions by id hash: live until they expire or are revoked, one or all of an address at once', async () => {
    const { store, reopen } = await backend.open()
    const now = new Date()
    const day = new Date(now.getTime() + 86_400_000)
    try {
      await store.putSession({ idHash: 'laptop', address: '0xAbC0000000000000000000000000000000000001', chainId: 1, createdAt: now, expiresAt: day })
      await store.putSession({ idHash: 'phone', address: '0xabc0000000000000000000000000000000000001', chainId: 1, createdAt: now, expiresAt: day })
      await store.putSession({ idHash: 'other', address: '0xabc0000000000000000000000000000000000002', chainId: 1, createdAt: now, expiresAt: day })
      await store.putSession({ idHash: 'old', address: '0xabc0000000000000000000000000000000000002', chainId: 1, createdAt: now, expiresAt: now })
      expect(await store.sessionOwner('laptop', now)).not.toBeNull()
      // Whose it is, for the session check to compare with the cookie (lib/session/session.ts).
      expect(await store.sessionOwner('laptop', now)).toEqual({ address: '0xabc0000000000000000000000000000000000001', chainId: 1 })
      expect(await store.sessionOwner('old', now)).toBeNull()
      expect(await store.sessionOwner('never', now)).toBeNull()
      expect(await store.sessionOwner('laptop', day)).toBeNull()

      expect(await store.revokeSession('laptop')).toBe(true)
      expect(await store.revokeSession('laptop')).toBe(false)
      expect(await store.sessionOwner('laptop', now)).toBeNull()
      await store.putSession({ idHash: 'tablet', address: '0xABC0000000000000000000000000000000000001', chainId: 1, createdAt: now, expiresAt: day })
      // Every session of the address, whatever case it was written in; not the other address's.
      expect(await store.revokeAddressSessions('phone', now)).toBe(2)
      expect(await store.sessionOwner('tablet', now)).toBeNull()
      expect(await store.sessionOwner('other', now)).not.toBeNull()
      // An expired or unknown session revokes nothing.
      expect(await store.revokeAddressSessions('old', now)).toBe(0)
      expect(await store.revokeAddressSessions('never', now)).toBe(0)
      expect(await store.sessionOwner('other', now)).not.toBeNull()
      // Expired sessions go with the cleanup; live ones survive a restart.
      await store.cleanup(now)
      await store.close()
      const again = await reopen()
      try {
        expect(await again.sessionOwner('other', now)).not.toBeNull()
        expect(await again.revokeAddressSessions('old', now)).toBe(0)
      } finally {
        await again.close()
      }
    } finally {
      await store.close().catch(() => undefined)
    }
  })

})

describe('migration 4 on a store written before it', () => {
  it('voids the live codes of the old kind (plain SHA-256, several per email), keeps wallets unverified, then holds one live code per email', async () => {
    const db = await PGlite.create()
    const queryable = (target: Pick<PGlite, 'query' | 'exec'>): Queryable => ({
      query: async <Row,>(sql: string, params?: readonly unknown[]) => ({ rows: (await target.query<Row>(sql, params ? [...params] : undefined)).rows }),
      exec: async (sql: string) => void (await target.exec(sql)),
    })
    const driver: SqlDriver = { kind: 'pglite', ...queryable(db), transaction: (fn) => db.transaction((tx) => fn(queryable(tx))), close: () => db.close() }
    await migrate(driver, migrations.filter((migration) => migration.version <= 3))
    const at = new Date().toISOString()
    const expires = new Date(Date.now() + 900_000).toISOString()
    for (const id of ['old1', 'old2']) {
      await driver.query('INSERT INTO sigil_embedded_codes (request_id, email, code_hash, attempts, created_at, expires_at) VALUES ($1, $2, $3, 0, $4, $5)', [id, 'ann@example.test', 'f'.repeat(64), at, expires])
    }
    await driver.query(
      'INSERT INTO sigil_embedded_wallets (wallet_id, email, address, recovery_envelope, vault, created_at) VALUES ($1, $2, $3, $4, $5, $6)',
      ['legacy', 'ann@example.test', '0x000000000000000000000000000000000000dEaD', '{"epk":"e","iv":"i","ct":"c"}', '{"iv":"i","ct":"c"}', at],
    )
    const store = await createSqlStore(driver)
    try {
      expect(await store.attemptEmailCode('old1', 'recovery', tries(), new Date())).toEqual({ kind: 'unknown' })
      expect(await store.attemptEmailCode('old2', 'recovery', tries(), new Date())).toEqual({ kind: 'unknown' })
      expect(await store.getEmbeddedWallet('legacy')).toMatchObject({ walletId: 'legacy', emailVerifiedAt: null })
      expect(await store.listRecoverableWallets('ann@example.test', 5)).toEqual([])
      await store.issueEmailCode(emailCode('new1'))
      await expect(driver.query("INSERT INTO sigil_embedded_codes (request_id, email, purpose, code_hash, attempts, created_at, expires_at) VALUES ('new2', 'ann@example.test', 'recovery', 'h', 0, now(), now())")).rejects.toThrow(/unique/)
    } finally {
      await store.close()
    }
  })
})

describe('Postgres specifics', () => {
  it('records every migration exactly once when several instances start at the same time', async () => {
    const name = `m${Math.random().toString(36).slice(2, 12)}`
    const admin = new pg.Client({ connectionString: postgres.url })
    await admin.connect()
    await admin.query(`CREATE DATABASE ${name}`)
    await admin.end()
    const connectionString = postgres.url.replace(/\/postgres$/, `/${name}`)
    const stores = await Promise.all(Array.from({ length: 4 }, () => openPostgresStore({ connectionString })))
    const client = new pg.Client({ connectionString })
    await client.connect()
    try {
      const { rows } = await client.query<{ version: number }>('SELECT version FROM sigil_migrations ORDER BY version')
      expect(rows.map((row) => row.version)).toEqual(migrations.map((migration) => migration.version))
    } finally {
      await client.end()
      await Promise.all(stores.map((store) => store.close()))
    }
  })

  it('fails to open with StoreUnavailableError naming DATABASE_URL, without the password, when no server answers', async () => {
    const error = await openPostgresStore({ connectionString: 'postgres://sigil:hunter2secret@127.0.0.1:1/sigil', connectionTimeoutMs: 500 }).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(StoreUnavailableError)
    expect((error as Error).message).toContain('DATABASE_URL')
    expect((error as Error).message).toContain('127.0.0.1:1/sigil')
    expect((error as Error).message).not.toContain('hunter2secret')
  })
})
