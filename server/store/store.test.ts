import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startPostgres, type Postgres } from '@/tests/fixtures/postgres'
import { freshBlankPglite, freshPgliteFolder, removePgliteFolders } from '@/tests/fixtures/pgliteFolders'
import { StoreUnavailableError } from './errors'
import type { PGlite } from '@electric-sql/pglite'
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

/** A database of its own on the test server (its connection string), so tests share no rows. */
async function freshDatabase(): Promise<string> {
  const name = `t${Math.random().toString(36).slice(2, 12)}`
  const admin = new pg.Client({ connectionString: postgres.url })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
  await admin.end()
  return postgres.url.replace(/\/postgres$/, `/${name}`)
}

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
      const connectionString = await freshDatabase()
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

  it('counts a nonce request against the browser, then the client, and saves the nonce only within both limits', async () => {
    const { store } = await backend.open()
    try {
      const start = new Date('2030-01-01T00:00:00.000Z')
      const record = (nonce: string) => ({ nonce, binding: 'bound', expiresAt: new Date(start.getTime() + 300_000) })
      const counts = (browser: string | null) => ({
        now: start,
        browser: browser === null ? null : { key: browser, windowMs: 60_000, max: 2 },
        client: { key: 'ip:shared', windowMs: 120_000, max: 3 },
      })
      // A new browser (no counter of its own) spends only the client's budget.
      expect(await store.putNonce(record('first0001'), counts(null))).toEqual({
        browser: null,
        client: { count: 1, resetAt: new Date('2030-01-01T00:02:00.000Z') },
        saved: true,
      })
      expect(await store.putNonce(record('first0002'), counts('browser:a'))).toEqual({
        browser: { count: 1, resetAt: new Date('2030-01-01T00:01:00.000Z') },
        client: { count: 2, resetAt: new Date('2030-01-01T00:02:00.000Z') },
        saved: true,
      })
      expect((await store.putNonce(record('first0003'), counts('browser:a'))).saved).toBe(true)
      // Browser a past its limit: refused before it spends the client's budget, and nothing saved.
      expect(await store.putNonce(record('over00001'), counts('browser:a'))).toEqual({
        browser: { count: 3, resetAt: new Date('2030-01-01T00:01:00.000Z') },
        client: null,
        saved: false,
      })
      // The client's budget is spent by the next browser; its own count is made all the same.
      expect(await store.putNonce(record('over00002'), counts('browser:b'))).toEqual({
        browser: { count: 1, resetAt: new Date('2030-01-01T00:01:00.000Z') },
        client: { count: 4, resetAt: new Date('2030-01-01T00:02:00.000Z') },
        saved: false,
      })
      for (const nonce of ['first0001', 'first0002', 'first0003']) expect((await store.takeNonce(nonce))?.binding).toBe('bound')
      for (const nonce of ['over00001', 'over00002']) expect(await store.takeNonce(nonce)).toBeNull()
      // The counts are the same counters `hit` keeps, in the same windows.
      expect((await store.hit('ip:shared', 120_000, start)).count).toBe(5)
      expect((await store.hit('browser:a', 60_000, new Date(start.getTime() + 60_000))).count).toBe(1)
    } finally {
      await store.close()
    }
  })

  it('saves exactly as many nonces as the limit allows under 50 concurrent counted requests', async () => {
    const { store } = await backend.open()
    const nonceOf = (index: number) => `burst${String(index).padStart(4, '0')}`
    try {
      const now = new Date()
      const results = await Promise.all(
        Array.from({ length: 50 }, (_, index) =>
          store.putNonce(
            { nonce: nonceOf(index), binding: 'b', expiresAt: later(300_000) },
            { now, browser: { key: 'browser:burst', windowMs: 60_000, max: 30 }, client: { key: 'ip:burst', windowMs: 60_000, max: 10 } },
          ),
        ),
      )
      const ascending = (values: number[]) => [...values].sort((a, b) => a - b)
      expect(ascending(results.map((result) => result.browser!.count))).toEqual(Array.from({ length: 50 }, (_, index) => index + 1))
      // Only the 30 within the browser's limit reach the client's counter; 10 of them are saved.
      expect(ascending(results.flatMap((result) => (result.client ? [result.client.count] : [])))).toEqual(Array.from({ length: 30 }, (_, index) => index + 1))
      const saved = results.flatMap((result, index) => (result.saved ? [index] : []))
      expect(saved).toHaveLength(10)
      for (const result of results) expect(result.saved).toBe(result.client !== null && result.client.count <= 10)
      const taken = await Promise.all(results.map((_, index) => store.takeNonce(nonceOf(index))))
      expect(taken.flatMap((record, index) => (record ? [index] : []))).toEqual(saved)
    } finally {
      await store.close()
    }
  })

  it('cleans up nonces expired over 10 minutes ago and finished windows, and keeps live ones', async () => {
    // Automatic sweeps off, so this test alone decides when rows go.
    const { store } = await backend.open({ cleanupIntervalMs: Number.POSITIVE_INFINITY })
    try {
      const now = new Date()
      await store.putNonce({ nonce: 'expired01', binding: 'b', expiresAt: new Date(now.getTime() - 10 * 60_000 - 1) })
      // Just expired: kept, so that a late wallet hears nonce_expired rather than nonce_invalid.
      await store.putNonce({ nonce: 'expired03', binding: 'b', expiresAt: new Date(now.getTime() - 1) })
      await store.putNonce({ nonce: 'alive0001', binding: 'b', expiresAt: later(300_000) })
      await store.hit('old', 1000, new Date(now.getTime() - 5000))
      await store.hit('new', 60_000, now)
      expect(await store.cleanup(now)).toBe(2)
      expect(await store.takeNonce('expired01')).toBeNull()
      expect(await store.takeNonce('expired03')).not.toBeNull()
      expect(await store.takeNonce('alive0001')).not.toBeNull()
      expect((await store.hit('new', 60_000, now)).count).toBe(2)
    } finally {
      await store.close()
    }
  })

  it('sweeps expired rows by itself as new nonces are issued', async () => {
    const { store } = await backend.open({ cleanupIntervalMs: 0 })
    try {
      await store.putNonce({ nonce: 'expired02', binding: 'b', expiresAt: new Date(Date.now() - 10 * 60_000 - 1) })
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
/** The store keeps an email's hash and ciphertext as given: in these tests, names made from the email. */
const h = (email: string) => `hmac-sha256:kid:${email}`
const wallet = (walletId: string, email = 'ann@example.test', createdAt = T0, emailVerifiedAt: Date | null = createdAt) => ({
  walletId,
  emailHash: h(email),
  emailSealed: `aes-256-gcm:kid:${walletId}:${email}`,
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
const emailCode = (requestId: string, email = 'ann@example.test', purpose: 'recovery' | 'verify_email' = 'recovery', createdAt = new Date(), bindingHash = 'binding') => ({
  requestId,
  emailHash: h(email),
  emailSealed: `aes-256-gcm:kid:${requestId}:${email}`,
  purpose,
  codeHash: `hmac-sha256:kid:${requestId}`,
  bindingHash,
  createdAt,
  expiresAt: new Date(createdAt.getTime() + 900_000),
})
const tries = (max = 5, triesMax = 10) => ({ maxAttempts: max, triesKey: (emailHash: string) => `tries:${emailHash}`, triesMax, triesWindowMs: 86_400_000 })
const session = (tokenHash: string, purpose: 'email_recovery' | 'email_verification', email = 'ann@example.test') => ({
  tokenHash,
  emailHash: h(email),
  purpose,
  createdAt: T0,
  expiresAt: new Date(T0.getTime() + 1_800_000),
})
const minutes = (n: number) => new Date(T0.getTime() + n * 60_000)
/** A recovery of w1 started in session `sessionHash`: its key from minute 60, its time over at minute 90. */
const started = (recoveryId: string, sessionHash: string) => ({
  recoveryId,
  cancelHash: `cancel-${recoveryId}`,
  tokenHash: `t-${recoveryId}`,
  sessionHash,
  walletId: 'w1',
  emailHash: h('ann@example.test'),
  startedAt: minutes(0),
  releaseAt: minutes(60),
  cancelExpiresAt: minutes(90),
  browser: 'Chrome on Linux',
  place: null,
})
/** A wallet as `createVerifiedWallet` takes it: recording the verification is the store's part. */
const toCreate = (walletId: string) => ({
  walletId,
  emailHash: h('ann@example.test'),
  emailSealed: `aes-256-gcm:kid:${walletId}`,
  address: '0x000000000000000000000000000000000000dEaD',
  recoveryEnvelope: '{"epk":"e","iv":"i","ct":"c"}',
  vault: '{"iv":"i","ct":"c"}',
  createdAt: minutes(1),
})

describe.each(backends)('accounts on $name', (backend) => {
  const session = (idHash: string, address: string) => ({ idHash, address, chainId: 1, createdAt: new Date(), expiresAt: later(3_600_000) })
  const A = '0x00000000000000000000000000000000000000aa'
  const B = '0x00000000000000000000000000000000000000bb'
  const C = '0x00000000000000000000000000000000000000cc'

  it('makes one account per address at its first sign-in, keeps it, and records the family only where none was', async () => {
    const { store } = await backend.open()
    try {
      const first = await store.ensureAccount(A.toUpperCase().replace('0X', '0x'), 'injected', new Date())
      expect(await store.ensureAccount(A, 'walletconnect', new Date())).toBe(first)
      expect((await store.getAccount(first))?.wallets).toEqual([{ address: A, family: 'injected', linkedAt: expect.any(Date) }])
      // Two first sign-ins of one address at once: one account.
      const ids = await Promise.all(Array.from({ length: 50 }, () => store.ensureAccount(B, null, new Date())))
      expect(new Set(ids).size).toBe(1)
      expect(await store.getAccount('00000000-0000-4000-8000-000000000000')).toBeNull()
    } finally {
      await store.close()
    }
  })

  it('links a wallet to one account only, lists the account sessions of every linked wallet, and refuses unlinking the last', async () => {
    const { store } = await backend.open()
    try {
      const account = await store.ensureAccount(A, 'injected', new Date())
      const other = await store.ensureAccount(C, null, new Date())
      await store.putSession(session('sa', A))
      await store.putSession(session('sb', B))
      expect((await store.listAddressSessions('sa', new Date()))?.map((row) => row.idHash)).toEqual(['sa'])
      expect(await store.linkWallet({ accountId: account, address: B, family: 'walletconnect', now: new Date() })).toBe('linked')
      expect(await store.linkWallet({ accountId: account, address: B, family: null, now: new Date() })).toBe('already_linked')
      expect(await store.linkWallet({ accountId: other, address: B, family: null, now: new Date() })).toBe('linked_elsewhere')
      expect(await store.ensureAccount(B, null, new Date())).toBe(account)
      expect((await store.listAddressSessions('sa', new Date()))?.map((row) => row.idHash).sort()).toEqual(['sa', 'sb'])
      expect(await store.unlinkWallet({ accountId: other, address: B })).toEqual({ kind: 'unknown_wallet' })
      expect(await store.unlinkWallet({ accountId: account, address: B })).toEqual({ kind: 'unlinked', sessionsEnded: 1 })
      expect(await store.sessionOwner('sb', new Date())).toBeNull()
      expect(await store.unlinkWallet({ accountId: account, address: A })).toEqual({ kind: 'last_wallet' })
      expect((await store.getAccount(account))?.wallets.map((wallet) => wallet.address)).toEqual([A])
    } finally {
      await store.close()
    }
  })

  it('of 50 concurrent links of one wallet to two accounts, exactly one wins', async () => {
    const { store } = await backend.open()
    try {
      const first = await store.ensureAccount(A, null, new Date())
      const second = await store.ensureAccount(C, null, new Date())
      const outcomes = await Promise.all(
        Array.from({ length: 50 }, (_, index) => store.linkWallet({ accountId: index % 2 === 0 ? first : second, address: B, family: 'injected', now: new Date() })),
      )
      expect(outcomes.filter((outcome) => outcome === 'linked')).toHaveLength(1)
      const winner = outcomes.findIndex((outcome) => outcome === 'linked') % 2 === 0 ? first : second
      // Every other attempt of the winner's account finds it already there, every one of the loser's elsewhere.
      outcomes.forEach((outcome, index) => {
        if (outcome === 'linked') return
        expect(outcome).toBe((index % 2 === 0 ? first : second) === winner ? 'already_linked' : 'linked_elsewhere')
      })
      expect(await store.ensureAccount(B, null, new Date())).toBe(winner)
    } finally {
      await store.close()
    }
  })

  it('hands a link nonce out once, with its session and account', async () => {
    const { store } = await backend.open()
    try {
      const record = { nonce: 'linknonce1', sessionHash: 's', accountId: 'a', expiresAt: later(300_000) }
      await store.putLinkNonce(record)
      const taken = await Promise.all(Array.from({ length: 10 }, () => store.takeLinkNonce('linknonce1')))
      expect(taken.filter((row) => row !== null)).toEqual([record])
    } finally {
      await store.close()
    }
  })
})

describe.each(backends)('embedded wallet store on $name', (backend) => {
  it('records a wallet with its first passkey once, and lists only verified wallets of an email, oldest first', async () => {
    const { store } = await backend.open()
    try {
      expect(await store.createEmbeddedWallet(wallet('w1'), credential('c1', 'w1'))).toBe(true)
      expect(await store.createEmbeddedWallet(wallet('w1'), credential('c9', 'w1'))).toBe(false)
      expect(await store.createEmbeddedWallet(wallet('w0', 'ann@example.test', new Date('2029-01-01T00:00:00.000Z')), credential('c0', 'w0'))).toBe(true)
      expect(await store.createEmbeddedWallet(wallet('planted', 'ann@example.test', new Date('2028-01-01T00:00:00.000Z'), null), credential('cp', 'planted'))).toBe(true)
      expect(await store.getEmbeddedWallet('w1')).toEqual({ ...wallet('w1'), emailRecovery: true, recoveryDelaySeconds: null, locale: null })
      // The language the wallet was made in is kept (migration 16), for the owner's mails.
      expect(await store.createEmbeddedWallet({ ...wallet('w-de', 'de@example.test'), locale: 'de' }, credential('c-de', 'w-de'))).toBe(true)
      expect(await store.getEmbeddedWallet('w-de')).toMatchObject({ walletId: 'w-de', locale: 'de' })
      expect(await store.getEmbeddedWallet('planted')).toMatchObject({ walletId: 'planted', emailVerifiedAt: null })
      expect(await store.getEmbeddedWallet('nope')).toBeNull()
      expect((await store.listRecoverableWallets([h('ann@example.test')], 5)).map((row) => row.walletId)).toEqual(['w0', 'w1'])
      expect((await store.listRecoverableWallets([h('ann@example.test')], 1)).map((row) => row.walletId)).toEqual(['w0'])
      expect(await store.listRecoverableWallets([h('bob@example.test')], 5)).toEqual([])
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
      const check = (sessionHash: string, now = minutes(1)) => ({ sessionHash, emailHashes: [h('ann@example.test')], maxPerEmail: 2, now })
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
        ids.map((id) => store.createVerifiedWallet(toCreate(id), credential(`c-${id}`, id), { sessionHash: `s-${id}`, emailHashes: [h('ann@example.test')], maxPerEmail: 5, now: minutes(1) })),
      )
      expect(outcomes.filter((outcome) => outcome === 'created')).toHaveLength(5)
      expect(outcomes.filter((outcome) => outcome === 'limit')).toHaveLength(5)
      expect(await store.listRecoverableWallets([h('ann@example.test')], 50)).toHaveLength(5)
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

  it('keeps one live code per email, purpose and browser: a new one from that browser replaces it, also when 50 are issued at once; another browser’s never does', async () => {
    const { store } = await backend.open()
    try {
      await store.issueEmailCode(emailCode('a1'))
      await store.issueEmailCode(emailCode('v1', 'ann@example.test', 'verify_email'))
      await store.issueEmailCode(emailCode('b1', 'bob@example.test'))
      await store.issueEmailCode(emailCode('a2'))
      expect(await store.attemptEmailCode('a1', 'recovery', 'binding', tries(), new Date())).toEqual({ kind: 'unknown' })
      expect(await store.attemptEmailCode('a2', 'recovery', 'binding', tries(), new Date())).toMatchObject({ kind: 'counted', record: { requestId: 'a2', attempts: 1, bindingHash: 'binding' } })
      expect(await store.attemptEmailCode('v1', 'verify_email', 'binding', tries(), new Date())).toMatchObject({ kind: 'counted' })
      expect(await store.attemptEmailCode('v1', 'recovery', 'binding', tries(), new Date())).toEqual({ kind: 'unknown' })
      expect(await store.attemptEmailCode('b1', 'recovery', 'binding', tries(), new Date())).toMatchObject({ kind: 'counted' })

      await Promise.all(Array.from({ length: 50 }, (_, index) => store.issueEmailCode(emailCode(`c${index}`, 'carol@example.test'))))
      const live = await Promise.all(Array.from({ length: 50 }, (_, index) => store.attemptEmailCode(`c${index}`, 'recovery', 'binding', tries(), new Date())))
      expect(live.filter((attempt) => attempt.kind === 'counted')).toHaveLength(1)

      // A stranger's browser asking for the same email adds its own code and leaves the owner's live.
      await store.issueEmailCode(emailCode('owner', 'dan@example.test', 'recovery', new Date(), 'owner-binding'))
      await store.issueEmailCode(emailCode('stranger', 'dan@example.test', 'recovery', new Date(), 'stranger-binding'))
      expect(await store.attemptEmailCode('owner', 'recovery', 'owner-binding', tries(), new Date())).toMatchObject({ kind: 'counted', record: { requestId: 'owner' } })
      expect(await store.attemptEmailCode('stranger', 'recovery', 'stranger-binding', tries(), new Date())).toMatchObject({ kind: 'counted' })
    } finally {
      await store.close()
    }
  })

  it("counts exactly a code's cap of tries, and an email's, when 50 tries race; the rest are refused as locked", async () => {
    const { store } = await backend.open()
    try {
      await store.issueEmailCode(emailCode('r1'))
      const attempts = await Promise.all(Array.from({ length: 50 }, () => store.attemptEmailCode('r1', 'recovery', 'binding', tries(5, 10), new Date())))
      const counted = attempts.flatMap((attempt) => (attempt.kind === 'counted' ? [attempt] : []))
      expect(counted.map((attempt) => attempt.record.attempts).sort()).toEqual([1, 2, 3, 4, 5])
      expect(counted.map((attempt) => attempt.bindingTries).sort()).toEqual([1, 2, 3, 4, 5])
      expect(attempts.filter((attempt) => attempt.kind === 'locked')).toEqual(Array.from({ length: 45 }, () => ({ kind: 'locked', scope: 'code' })))

      // The browser's cap at the email (3) below the code's (5): a refused try counts nowhere, the code's included.
      await store.issueEmailCode(emailCode('e1', 'eve@example.test'))
      const capped = await Promise.all(Array.from({ length: 50 }, () => store.attemptEmailCode('e1', 'recovery', 'binding', tries(5, 3), new Date())))
      expect(capped.filter((attempt) => attempt.kind === 'counted')).toHaveLength(3)
      expect(capped.filter((attempt) => attempt.kind === 'locked' && attempt.scope === 'binding')).toHaveLength(47)
      const again = await store.attemptEmailCode('e1', 'recovery', 'binding', tries(5, 100), new Date())
      expect(again).toMatchObject({ kind: 'counted', record: { attempts: 4 }, bindingTries: 4 })

      // Tries from any other browser, or none, are refused before anything is counted.
      await store.issueEmailCode(emailCode('f1', 'fay@example.test'))
      const strangers = await Promise.all(Array.from({ length: 50 }, (_, index) => store.attemptEmailCode('f1', 'recovery', index % 2 ? null : `other${index}`, tries(5, 3), new Date())))
      expect(strangers).toEqual(Array.from({ length: 50 }, () => ({ kind: 'other_browser' })))
      expect(await store.attemptEmailCode('f1', 'recovery', 'binding', tries(5, 3), new Date())).toMatchObject({ kind: 'counted', record: { attempts: 1 }, bindingTries: 1 })

      const used = await Promise.all(Array.from({ length: 5 }, () => store.consumeEmailCode('r1', new Date())))
      expect(used.filter(Boolean)).toHaveLength(1)
      // The browser that used it is now known to the email (for 30 days); others are not.
      expect(await store.isKnownBinding(h('ann@example.test'), 'binding', new Date(Date.now() - 60_000))).toBe(true)
      expect(await store.isKnownBinding(h('ann@example.test'), 'other', new Date(Date.now() - 60_000))).toBe(false)
      expect(await store.isKnownBinding(h('bob@example.test'), 'binding', new Date(Date.now() - 60_000))).toBe(false)
      expect(await store.attemptEmailCode('r1', 'recovery', 'binding', tries(), new Date())).toEqual({ kind: 'unknown' })
      expect(await store.attemptEmailCode('unknown', 'recovery', 'binding', tries(), new Date())).toEqual({ kind: 'unknown' })
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
      expect(await store.voidEmailCodes(h('ann@example.test'), 'recovery', new Date())).toBe(1)
      expect(await store.attemptEmailCode('a1', 'recovery', 'binding', tries(), new Date())).toEqual({ kind: 'unknown' })
      expect(await store.attemptEmailCode('v1', 'verify_email', 'binding', tries(), new Date())).toMatchObject({ kind: 'counted' })
      expect(await store.attemptEmailCode('b1', 'recovery', 'binding', tries(), new Date())).toMatchObject({ kind: 'counted' })
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

  it('starts a recovery once per session and wallet, and only in a live recovery session', async () => {
    const { store } = await backend.open()
    try {
      await store.createEmbeddedWallet(wallet('w1'), credential('c1', 'w1'))
      await store.putRecoverySession(session('s1', 'email_recovery'))
      const first = await store.startRecovery(started('r1', 's1'), minutes(1))
      expect(first).toMatchObject({ kind: 'started', record: { recoveryId: 'r1', state: 'started', releaseAt: minutes(60), browser: 'Chrome on Linux', place: null, keyReleasedAt: null } })
      // The same session and wallet again: the first recovery, nothing new.
      expect(await store.startRecovery(started('r2', 's1'), minutes(2))).toMatchObject({ kind: 'exists', record: { recoveryId: 'r1' } })
      // A session that expired, was used, or is another email's starts nothing.
      expect(await store.startRecovery(started('r3', 's1'), minutes(30))).toEqual({ kind: 'session_invalid' })
      await store.putRecoverySession(session('s2', 'email_verification'))
      expect(await store.startRecovery(started('r4', 's2'), minutes(1))).toEqual({ kind: 'session_invalid' })
      await store.putRecoverySession(session('s3', 'email_recovery', 'bob@example.test'))
      expect(await store.startRecovery(started('r5', 's3'), minutes(1))).toEqual({ kind: 'session_invalid' })
      expect((await store.listPendingRecoveries('w1', minutes(2))).map((row) => row.recoveryId)).toEqual(['r1'])
    } finally {
      await store.close()
    }
  })

  it('releases the key and completes only after the delay, exactly once, and never once cancelled', async () => {
    const { store } = await backend.open()
    try {
      await store.createEmbeddedWallet(wallet('w1'), credential('c1', 'w1'))
      await store.putRecoverySession(session('s1', 'email_recovery'))
      await store.startRecovery(started('r1', 's1'), minutes(0))
      expect(await store.releaseRecoveryKey('nope', 'w1', minutes(61), minutes(91))).toEqual({ kind: 'unknown' })
      expect(await store.releaseRecoveryKey('t-r1', 'w1', minutes(59), minutes(89))).toMatchObject({ kind: 'too_early', record: { releaseAt: minutes(60) } })
      // Before the key is released, completing is refused even after the delay.
      expect(await store.completeRecovery('t-r1', credential('c2', 'w1'), minutes(59))).toMatchObject({ kind: 'too_early' })
      expect(await store.completeRecovery('t-r1', credential('c2', 'w1'), minutes(61))).toMatchObject({ kind: 'not_released' })
      expect(await store.releaseRecoveryKey('t-r1', 'w1', minutes(60), minutes(90))).toMatchObject({ kind: 'open', first: true, record: { keyReleasedAt: minutes(60) } })
      // Asked again: the first release's time stays, the deadline to finish is the new one's.
      expect(await store.releaseRecoveryKey('t-r1', 'w1', minutes(61), minutes(62))).toMatchObject({ kind: 'open', first: false, record: { keyReleasedAt: minutes(60), finishBy: minutes(62) } })
      expect(await store.completeRecovery('t-r1', credential('c2', 'w1'), minutes(62))).toMatchObject({ kind: 'not_released' })
      expect(await store.releaseRecoveryKey('t-r1', 'w1', minutes(62), minutes(80))).toMatchObject({ kind: 'open', first: false })
      expect(await store.completeRecovery('t-r1', credential('c9', 'w2'), minutes(62))).toEqual({ kind: 'unknown' })
      expect(await store.completeRecovery('t-r1', credential('c2', 'w1'), minutes(62))).toMatchObject({ kind: 'completed', record: { state: 'completed', credentialId: 'c2', completedAt: minutes(62) } })
      expect(await store.completeRecovery('t-r1', credential('c3', 'w1'), minutes(63))).toMatchObject({ kind: 'already_completed' })
      expect(await store.releaseRecoveryKey('t-r1', 'w1', minutes(63), minutes(93))).toMatchObject({ kind: 'already_completed' })
      expect((await store.listEmbeddedCredentials('w1')).map((row) => row.credentialId)).toEqual(['c1', 'c2'])
      expect(await store.listPendingRecoveries('w1', minutes(63))).toEqual([])
      // Too late: past its time the recovery is over.
      await store.putRecoverySession(session('s2', 'email_recovery'))
      await store.startRecovery(started('r2', 's2'), minutes(0))
      expect(await store.releaseRecoveryKey('t-r2', 'w1', minutes(120), minutes(150))).toMatchObject({ kind: 'expired' })
    } finally {
      await store.close()
    }
  })

  it('cancels a started recovery once, by its link or from a device, voiding codes and the session; a finished one stays finished', async () => {
    const { store } = await backend.open()
    try {
      await store.createEmbeddedWallet(wallet('w1'), credential('c1', 'w1'))
      await store.putRecoverySession(session('s1', 'email_recovery'))
      await store.startRecovery(started('r1', 's1'), minutes(0))
      await store.issueEmailCode(emailCode('live', 'ann@example.test', 'recovery', minutes(3)))
      expect(await store.cancelRecovery('nope', minutes(4))).toEqual({ kind: 'unknown' })
      expect(await store.cancelRecovery('cancel-r1', minutes(4))).toMatchObject({ kind: 'cancelled', record: { state: 'cancelled', cancelledAt: minutes(4) } })
      expect(await store.attemptEmailCode('live', 'recovery', 'binding', tries(), minutes(4))).toEqual({ kind: 'unknown' })
      expect((await store.getRecoverySession('s1'))?.consumedAt).toEqual(minutes(4))
      expect(await store.cancelRecovery('cancel-r1', minutes(5))).toMatchObject({ kind: 'already_cancelled' })
      expect(await store.vetoRecovery('w1', 'r1', minutes(5))).toMatchObject({ kind: 'already_cancelled' })
      expect(await store.releaseRecoveryKey('t-r1', 'w1', minutes(61), minutes(91))).toMatchObject({ kind: 'cancelled' })
      expect(await store.completeRecovery('t-r1', credential('c2', 'w1'), minutes(61))).toMatchObject({ kind: 'cancelled' })
      expect(await store.listEmbeddedCredentials('w1')).toHaveLength(1)

      // From a device: by id, only within its wallet.
      await store.createEmbeddedWallet(wallet('w2'), credential('c5', 'w2'))
      await store.putRecoverySession(session('s2', 'email_recovery'))
      await store.startRecovery(started('r2', 's2'), minutes(0))
      expect(await store.vetoRecovery('w2', 'r2', minutes(1))).toEqual({ kind: 'unknown' })
      expect(await store.vetoRecovery('w1', 'r2', minutes(1))).toMatchObject({ kind: 'cancelled' })

      // Finished: the link says so and changes nothing.
      await store.putRecoverySession(session('s3', 'email_recovery'))
      await store.startRecovery(started('r3', 's3'), minutes(0))
      await store.releaseRecoveryKey('t-r3', 'w1', minutes(60), minutes(90))
      await store.completeRecovery('t-r3', credential('c3', 'w1'), minutes(61))
      expect(await store.cancelRecovery('cancel-r3', minutes(62))).toMatchObject({ kind: 'already_completed', record: { completedAt: minutes(61) } })
      expect((await store.listEmbeddedCredentials('w1')).map((row) => row.credentialId)).toEqual(['c1', 'c3'])
      // Past its time: expired.
      await store.putRecoverySession(session('s4', 'email_recovery'))
      await store.startRecovery(started('r4', 's4'), minutes(0))
      expect(await store.cancelRecovery('cancel-r4', minutes(90))).toMatchObject({ kind: 'expired' })
    } finally {
      await store.close()
    }
  })

  it('completes one recovery exactly once of 50 parallel completions, and a cancel racing 50 completions leaves one outcome', async () => {
    const { store } = await backend.open()
    try {
      await store.createEmbeddedWallet(wallet('w1'), credential('c1', 'w1'))
      await store.putRecoverySession(session('s1', 'email_recovery'))
      await store.startRecovery(started('r1', 's1'), minutes(0))
      await store.releaseRecoveryKey('t-r1', 'w1', minutes(60), minutes(90))
      const outcomes = await Promise.all(Array.from({ length: 50 }, (_, index) => store.completeRecovery('t-r1', credential(`new${index}`, 'w1'), minutes(61))))
      expect(outcomes.filter((outcome) => outcome.kind === 'completed')).toHaveLength(1)
      expect(outcomes.filter((outcome) => outcome.kind === 'already_completed')).toHaveLength(49)
      expect(await store.listEmbeddedCredentials('w1')).toHaveLength(2)
      expect((await store.listWalletEvents('w1')).filter((event) => event.kind === 'recovery_completed')).toHaveLength(1)

      // 50 completions and a cancel at once: either the cancel came first (no passkey added) or one completion did (the cancel is refused).
      await store.putRecoverySession(session('s2', 'email_recovery'))
      await store.startRecovery(started('r2', 's2'), minutes(0))
      await store.releaseRecoveryKey('t-r2', 'w1', minutes(60), minutes(90))
      const [cancel, ...raced] = await Promise.all([
        store.cancelRecovery('cancel-r2', minutes(61)),
        ...Array.from({ length: 50 }, (_, index) => store.completeRecovery('t-r2', credential(`raced${index}`, 'w1'), minutes(61))),
      ])
      const completed = raced.filter((outcome) => outcome.kind === 'completed')
      if (cancel!.kind === 'cancelled') expect(completed).toHaveLength(0)
      else expect([cancel!.kind, completed.length]).toEqual(['already_completed', 1])
      expect(await store.listEmbeddedCredentials('w1')).toHaveLength(2 + completed.length)
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
      await store.startRecovery(started('r1', 's1'), minutes(0))
      await store.startRecovery(started('again', 's1'), minutes(0)) // refused: no entry
      await store.releaseRecoveryKey('t-r1', 'w1', minutes(60), minutes(90))
      await store.releaseRecoveryKey('t-r1', 'w1', minutes(60), minutes(90)) // released before: no entry
      await store.completeRecovery('t-r1', credential('c3', 'w1'), minutes(61))
      await store.putRecoverySession(session('s2', 'email_recovery'))
      await store.startRecovery({ ...started('r2', 's2'), startedAt: minutes(10) }, minutes(10)) // a session lasts 30 minutes
      await store.vetoRecovery('w1', 'r2', minutes(11))
      const log = await store.listWalletEvents('w1')
      expect(log.map((event) => [event.seq, event.kind])).toEqual([
        [1, 'created'],
        [2, 'recovery_started'],
        [3, 'recovery_key_released'],
        [4, 'recovery_completed'],
        [5, 'recovery_started'],
        [6, 'recovery_cancelled'],
      ])
      expect(log[1]).toMatchObject({ at: minutes(0), detail: { recoveryId: 'r1', releaseAt: minutes(60).toISOString(), browser: 'Chrome on Linux', place: null } })
      expect(log[5]).toMatchObject({ at: minutes(11), detail: { recoveryId: 'r2', by: 'device' } })
      expect(verifyWalletLog('w1', log)).toMatchObject({ ok: true, entries: 6, head: log[5]!.hash })
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
      for (let index = 0; index < 50; index++) await store.putRecoverySession(session(`s${index}`, 'email_recovery'))
      const results = await Promise.all(Array.from({ length: 50 }, (_, index) => store.startRecovery(started(`r${index}`, `s${index}`), minutes(1))))
      expect(results.every((result) => result.kind === 'started')).toBe(true)
      const log = await store.listWalletEvents('w1')
      expect(log).toHaveLength(51)
      expect(verifyWalletLog('w1', log)).toMatchObject({ ok: true, entries: 51 })
    } finally {
      await store.close()
    }
  })

  it('runs a pairing once through claim, approval and completion, and refuses every step out of turn', async () => {
    const { store } = await backend.open()
    try {
      await store.createEmbeddedWallet(wallet('w1'), credential('c1', 'w1'))
      const open = { pairingId: 'p1', walletId: 'w1', codeHash: 'code1', ownerHash: 'owner1', createdAt: minutes(0), expiresAt: minutes(10), ownerBrowser: 'Firefox on Linux', ownerPlace: 'Lisbon, PT' }
      expect(await store.createPairing(open)).toBe(true)
      // Its link names where it was opened, and claims nothing.
      expect(await store.peekPairing('code1', minutes(1))).toMatchObject({ kind: 'live', record: { ownerBrowser: 'Firefox on Linux', ownerPlace: 'Lisbon, PT', claimHash: null } })
      expect(await store.peekPairing('nope', minutes(1))).toEqual({ kind: 'unknown' })
      expect(await store.peekPairing('code1', minutes(11))).toEqual({ kind: 'expired' })
      // Another pairing with a colliding code is refused, not a second live row for one code.
      expect(await store.createPairing({ ...open, pairingId: 'p2' })).toBe(false)
      const sealed = { sealedKey: '{"epk":"e","iv":"i","ct":"c"}', sealedVault: '{"iv":"i","ct":"c"}' }
      expect(await store.approvePairing('p1', 'owner1', sealed, minutes(1))).toBe('not_claimed')
      expect(await store.claimPairing('nope', { claimHash: 'x', claimantKey: 'k' }, minutes(1))).toEqual({ kind: 'unknown' })
      const claimed = await store.claimPairing('code1', { claimHash: 'claim1', claimantKey: 'key1' }, minutes(1))
      expect(claimed).toMatchObject({ kind: 'claimed', record: { pairingId: 'p1', walletId: 'w1', claimantKey: 'key1', claimedAt: minutes(1) } })
      expect(await store.claimPairing('code1', { claimHash: 'claim2', claimantKey: 'key2' }, minutes(1))).toEqual({ kind: 'used' })
      expect(await store.completePairing('p1', 'claim1', credential('c2', 'w1'), minutes(2))).toBe('not_approved')
      expect(await store.approvePairing('p1', 'someone-else', sealed, minutes(2))).toBe('unknown')
      expect(await store.approvePairing('p1', 'owner1', sealed, minutes(2))).toBe('approved')
      expect(await store.approvePairing('p1', 'owner1', sealed, minutes(2))).toBe('used')
      expect(await store.getPairing('p1')).toMatchObject({ sealedKey: sealed.sealedKey, approvedAt: minutes(2) })
      expect(await store.completePairing('p1', 'claim2', credential('c2', 'w1'), minutes(3))).toBe('unknown')
      expect(await store.completePairing('p1', 'claim1', credential('c2', 'w1'), minutes(3))).toBe('completed')
      expect(await store.completePairing('p1', 'claim1', credential('c3', 'w1'), minutes(3))).toBe('used')
      // Delivered: the server keeps no sealed key.
      expect(await store.getPairing('p1')).toMatchObject({ completedAt: minutes(3), credentialId: 'c2', sealedKey: null, sealedVault: null })
      expect((await store.listEmbeddedCredentials('w1')).map((row) => row.credentialId)).toEqual(['c1', 'c2'])
      const log = await store.listWalletEvents('w1')
      expect(log.map((event) => event.kind)).toEqual(['created', 'device_added'])
      expect(log[1]).toMatchObject({ at: minutes(3), detail: { credentialId: 'c2', pairingId: 'p1' } })
      expect(verifyWalletLog('w1', log)).toMatchObject({ ok: true, entries: 2 })

      // Past its time: "expired" for a claim; a cancelled one is "used".
      await store.createPairing({ ...open, pairingId: 'p3', codeHash: 'code3', expiresAt: minutes(20) })
      expect(await store.claimPairing('code3', { claimHash: 'c', claimantKey: 'k' }, minutes(20))).toEqual({ kind: 'expired' })
      await store.createPairing({ ...open, pairingId: 'p4', codeHash: 'code4', expiresAt: minutes(30) })
      expect(await store.cancelPairing('p4', 'owner1', minutes(21))).toBe(true)
      expect(await store.cancelPairing('p4', 'owner1', minutes(21))).toBe(false)
      expect(await store.claimPairing('code4', { claimHash: 'c', claimantKey: 'k' }, minutes(21))).toEqual({ kind: 'used' })
    } finally {
      await store.close()
    }
  })

  it('lets exactly one of 50 devices claim a pairing, one of 50 approvals store a key, and one of 50 completions add a passkey', async () => {
    const { store } = await backend.open()
    try {
      await store.createEmbeddedWallet(wallet('w1'), credential('c1', 'w1'))
      await store.createPairing({ pairingId: 'p1', walletId: 'w1', codeHash: 'code1', ownerHash: 'owner1', createdAt: minutes(0), expiresAt: minutes(10), ownerBrowser: null, ownerPlace: null })
      const claims = await Promise.all(Array.from({ length: 50 }, (_, index) => store.claimPairing('code1', { claimHash: `claim${index}`, claimantKey: `key${index}` }, minutes(1))))
      const winners = claims.filter((claim) => claim.kind === 'claimed')
      expect(winners).toHaveLength(1)
      expect(claims.filter((claim) => claim.kind === 'used')).toHaveLength(49)
      const winner = (winners[0] as { record: { claimHash: string; claimantKey: string } }).record
      expect(winner.claimHash).toBe(`claim${winner.claimantKey.slice(3)}`)
      const approvals = await Promise.all(
        Array.from({ length: 50 }, (_, index) => store.approvePairing('p1', 'owner1', { sealedKey: `{"n":${index}}`, sealedVault: '{}' }, minutes(2))),
      )
      expect(approvals.filter((outcome) => outcome === 'approved')).toHaveLength(1)
      expect(approvals.filter((outcome) => outcome === 'used')).toHaveLength(49)
      const completions = await Promise.all(Array.from({ length: 50 }, (_, index) => store.completePairing('p1', winner.claimHash, credential(`new${index}`, 'w1'), minutes(3))))
      expect(completions.filter((outcome) => outcome === 'completed')).toHaveLength(1)
      expect(completions.filter((outcome) => outcome === 'used')).toHaveLength(49)
      expect(await store.listEmbeddedCredentials('w1')).toHaveLength(2)
      expect((await store.listWalletEvents('w1')).filter((event) => event.kind === 'device_added')).toHaveLength(1)
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
      await store.putRecoverySession({ tokenHash: 'ancient', emailHash: h('a@example.test'), purpose: 'email_recovery', createdAt: ago(100_000_000), expiresAt: ago(90_000_000) })
      await store.createEmbeddedWallet(wallet('w1'), credential('c1', 'w1'))
      await store.putRecoverySession({ tokenHash: 'old-session', emailHash: h('a@example.test'), purpose: 'email_recovery', createdAt: ago(100_000_000), expiresAt: later(60_000) })
      await store.startRecovery(
        { ...started('gone', 'old-session'), emailHash: h('a@example.test'), startedAt: ago(100_000_000), releaseAt: ago(99_000_000), cancelExpiresAt: ago(90_000_000) },
        ago(100_000_000),
      )
      // A pairing past its time loses its sealed key at once; its row goes a day later.
      await store.createPairing({ pairingId: 'late', walletId: 'w1', codeHash: 'late', ownerHash: 'o', createdAt: ago(2_000_000), expiresAt: ago(1_000_000), ownerBrowser: null, ownerPlace: null })
      await store.createPairing({ pairingId: 'old', walletId: 'w1', codeHash: 'old', ownerHash: 'o', createdAt: ago(100_000_000), expiresAt: ago(90_000_000), ownerBrowser: null, ownerPlace: null })
      expect(await store.cleanup(now)).toBe(5)
      expect(await store.getPairing('late')).toMatchObject({ sealedKey: null })
      expect(await store.getPairing('old')).toBeNull()
      expect(await store.takeEmbeddedChallenge('old')).toBeNull()
      expect(await store.takeEmbeddedChallenge('new')).not.toBeNull()
      expect(await store.attemptEmailCode('recent', 'recovery', 'binding', tries(), now)).toMatchObject({ kind: 'counted' }) // still answers "expired"
      expect(await store.attemptEmailCode('ancient', 'recovery', 'binding', tries(), now)).toEqual({ kind: 'unknown' })
      expect(await store.getRecoverySession('ancient')).toBeNull()
      expect(await store.getRecoveryByCancelHash('cancel-gone')).toBeNull()
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
        accountKnown: false,
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

  it("reads in the same statement whether the address's account is there with nothing to fill in, and makes none", async () => {
    const { store } = await backend.open()
    try {
      const now = new Date('2030-01-01T00:00:00.000Z')
      const address = '0xAbC00000000000000000000000000000000000F1'
      let turn = 0
      const attempt = async (family: string | null, who = address) => {
        const nonce = `known${String(++turn).padStart(4, '0')}`
        await store.putNonce({ nonce, binding: 'browser-a', expiresAt: new Date(now.getTime() + 300_000) })
        const record = { idHash: `known-${turn}`, address: who, chainId: 1, createdAt: now, expiresAt: new Date(now.getTime() + 86_400_000) }
        return store.beginSignIn({ nonce, binding: 'browser-a', clientKey: 'c:known', clientWindowMs: 60_000, addressKey: `a:${who}`, addressWindowMs: 60_000, now, session: { record, clientMax: 100, addressMax: 100, family } })
      }
      // A first sign-in: no account yet, and the statement makes none (only a proven signature does).
      expect(await attempt('injected')).toMatchObject({ sessionSaved: true, accountKnown: false })
      expect(await store.getAccount(await store.ensureAccount(address, null, now))).toMatchObject({ wallets: [{ address: address.toLowerCase(), family: null }] })
      // The account is there, with no family: known when none is given, not when one is to be recorded.
      expect(await attempt(null)).toMatchObject({ accountKnown: true })
      expect(await attempt('walletconnect')).toMatchObject({ accountKnown: false })
      await store.ensureAccount(address, 'walletconnect', now)
      // Its family recorded: known whatever family comes next (the first one recorded stays).
      expect(await attempt('injected')).toMatchObject({ accountKnown: true })
      expect(await attempt(null)).toMatchObject({ accountKnown: true })
      // Another address, and no session at all, are not.
      expect(await attempt(null, '0x00000000000000000000000000000000000000F2')).toMatchObject({ accountKnown: false })
      await store.putNonce({ nonce: 'known-none', binding: 'browser-a', expiresAt: new Date(now.getTime() + 300_000) })
      expect(await store.beginSignIn({ nonce: 'known-none', binding: 'browser-a', clientKey: 'c:known', clientWindowMs: 60_000, addressKey: `a:${address}`, addressWindowMs: 60_000, now })).toMatchObject({ accountKnown: false })
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
      // Whose it is, for the session check to compare with the cookie (server/session/session.ts).
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
    const db = await freshBlankPglite()
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
      expect(await store.attemptEmailCode('old1', 'recovery', 'binding', tries(), new Date())).toEqual({ kind: 'unknown' })
      expect(await store.attemptEmailCode('old2', 'recovery', 'binding', tries(), new Date())).toEqual({ kind: 'unknown' })
      expect(await store.getEmbeddedWallet('legacy')).toMatchObject({ walletId: 'legacy', emailVerifiedAt: null })
      expect(await store.listRecoverableWallets([h('ann@example.test')], 5)).toEqual([])
      await store.issueEmailCode(emailCode('new1'))
      // Migration 9: one live code per email, purpose and browser binding.
      await expect(
        driver.query(`INSERT INTO sigil_embedded_codes (request_id, email_hash, email_sealed, purpose, code_hash, binding_hash, attempts, created_at, expires_at) VALUES ('new2', $1, 's', 'recovery', 'h', 'binding', 0, now(), now())`, [h('ann@example.test')]),
      ).rejects.toThrow(/unique/)
    } finally {
      await store.close()
    }
  })
})

describe('migration 14 on a store written before it', () => {
  it('keeps the sessions from before: still listed and revocable, each address given its account at its next read', async () => {
    const db = await freshBlankPglite()
    const queryable = (target: Pick<PGlite, 'query' | 'exec'>): Queryable => ({
      query: async <Row,>(sql: string, params?: readonly unknown[]) => ({ rows: (await target.query<Row>(sql, params ? [...params] : undefined)).rows }),
      exec: async (sql: string) => void (await target.exec(sql)),
    })
    const driver: SqlDriver = { kind: 'pglite', ...queryable(db), transaction: (fn) => db.transaction((tx) => fn(queryable(tx))), close: () => db.close() }
    await migrate(driver, migrations.filter((migration) => migration.version <= 13))
    const insert = 'INSERT INTO sigil_sessions (id_hash, address, chain_id, created_at, expires_at, last_seen_at) VALUES ($1, $2, 1, $3, $4, $3)'
    const address = '0x00000000000000000000000000000000000000aa'
    await driver.query(insert, ['old1', address, minutes(0).toISOString(), later(3_600_000).toISOString()])
    await driver.query(insert, ['old2', address, minutes(1).toISOString(), later(3_600_000).toISOString()])
    const store = await createSqlStore(driver)
    try {
      expect((await store.listAddressSessions('old1', new Date()))?.map((row) => row.idHash)).toEqual(['old1', 'old2'])
      const account = await store.ensureAccount(address, null, new Date())
      expect((await store.getAccount(account))?.wallets).toEqual([{ address, family: null, linkedAt: expect.any(Date) }])
      expect((await store.listAddressSessions('old1', new Date()))?.map((row) => row.idHash)).toEqual(['old1', 'old2'])
      expect(await store.revokeAddressSessions('old2', new Date())).toBe(2)
    } finally {
      await store.close()
    }
  })
})

describe('migration 8 on a store written before it', () => {
  it('keeps the cancel links of recoveries released at once: copied as recoveries whose delay ended at their start', async () => {
    const db = await freshBlankPglite()
    const queryable = (target: Pick<PGlite, 'query' | 'exec'>): Queryable => ({
      query: async <Row,>(sql: string, params?: readonly unknown[]) => ({ rows: (await target.query<Row>(sql, params ? [...params] : undefined)).rows }),
      exec: async (sql: string) => void (await target.exec(sql)),
    })
    const driver: SqlDriver = { kind: 'pglite', ...queryable(db), transaction: (fn) => db.transaction((tx) => fn(queryable(tx))), close: () => db.close() }
    await migrate(driver, migrations.filter((migration) => migration.version <= 7))
    await driver.query(
      'INSERT INTO sigil_embedded_wallets (wallet_id, email, address, recovery_envelope, vault, created_at, email_verified_at) VALUES ($1, $2, $3, $4, $5, $6, $6)',
      ['w1', 'ann@example.test', '0x000000000000000000000000000000000000dEaD', '{}', '{}', minutes(0).toISOString()],
    )
    const old = 'INSERT INTO sigil_embedded_recoveries (cancel_hash, session_hash, wallet_id, email, released_at, cancel_expires_at, credential_id, completed_at, cancelled_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)'
    await driver.query(old, ['open', 's1', 'w1', 'ann@example.test', minutes(1).toISOString(), minutes(90).toISOString(), null, null, null])
    await driver.query(old, ['done', 's2', 'w1', 'ann@example.test', minutes(1).toISOString(), minutes(90).toISOString(), 'c2', minutes(2).toISOString(), null])
    await driver.query(old, ['undone', 's3', 'w1', 'ann@example.test', minutes(1).toISOString(), minutes(90).toISOString(), 'c3', minutes(2).toISOString(), minutes(3).toISOString()])
    const store = await createSqlStore(driver)
    try {
      expect(await store.getRecoveryByCancelHash('open')).toMatchObject({ state: 'started', startedAt: minutes(1), releaseAt: minutes(1), keyReleasedAt: minutes(1), browser: 'unknown', place: null })
      expect(await store.getRecoveryByCancelHash('done')).toMatchObject({ state: 'completed', credentialId: 'c2', completedAt: minutes(2) })
      expect(await store.getRecoveryByCancelHash('undone')).toMatchObject({ state: 'cancelled', cancelledAt: minutes(3) })
      expect(await store.cancelRecovery('open', minutes(4))).toMatchObject({ kind: 'cancelled' })
      await expect(driver.query('SELECT 1 FROM sigil_embedded_recoveries')).rejects.toThrow(/does not exist/)
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

describe('accounts on Postgres, under concurrent first sign-ins', () => {
  it('makes exactly one account per address and leaves no account without a wallet (50 at once over 5 addresses)', async () => {
    const connectionString = await freshDatabase()
    const store = await openPostgresStore({ connectionString })
    const addresses = Array.from({ length: 5 }, (_, index) => `0x${String(index + 1).padStart(40, '0')}`)
    try {
      // Every pooled connection open and the statement prepared first, so the first sign-ins of each
      // address really run at once (ten connections) and meet on the wallet's primary key.
      await Promise.all(Array.from({ length: 20 }, (_, index) => store.ensureAccount(`0x${String(index + 100).padStart(40, '0')}`, null, new Date())))
      const ids = await Promise.all(Array.from({ length: 50 }, (_, index) => store.ensureAccount(addresses[index % 5]!, index % 2 ? 'injected' : null, new Date())))
      for (const [index, address] of addresses.entries()) {
        expect(new Set(ids.filter((_, at) => at % 5 === index)).size).toBe(1)
        expect(await store.ensureAccount(address, null, new Date())).toBe(ids[index])
      }
      const check = new pg.Client({ connectionString })
      await check.connect()
      try {
        const { rows } = await check.query<{ accounts: number; bare: number }>(
          `SELECT (SELECT count(*)::integer FROM sigil_accounts) AS accounts,
                  (SELECT count(*)::integer FROM sigil_accounts a WHERE NOT EXISTS (SELECT 1 FROM sigil_account_wallets w WHERE w.account_id = a.account_id)) AS bare`,
        )
        expect(rows[0]).toEqual({ accounts: 25, bare: 0 })
      } finally {
        await check.end()
      }
    } finally {
      await store.close()
    }
  })
})
