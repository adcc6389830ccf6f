import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startPostgres, type Postgres } from '@/tests/fixtures/postgres'
import { freshPgliteFolder, removePgliteFolders } from '@/tests/unit/siwe/pgliteTemplate'
import { StoreUnavailableError } from './errors'
import { migrations } from './migrations'
import { openPgliteStore } from './pgliteStore'
import { openPostgresStore } from './postgresStore'
import type { Store } from './types'

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

const wallet = (walletId: string, email = 'ann@example.test', createdAt = new Date('2030-01-01T00:00:00.000Z')) => ({
  walletId,
  email,
  address: '0x000000000000000000000000000000000000dEaD',
  recoveryEnvelope: '{"epk":"e","iv":"i","ct":"c"}',
  vault: '{"iv":"i","ct":"c"}',
  createdAt,
})
const credential = (credentialId: string, walletId: string) => ({
  credentialId,
  walletId,
  publicKey: 'pk',
  counter: 0,
  transports: 'internal,hybrid',
  createdAt: new Date('2030-01-01T00:00:00.000Z'),
})

describe.each(backends)('embedded wallet store on $name', (backend) => {
  it('records a wallet with its first passkey once, and lists wallets by email oldest first', async () => {
    const { store } = await backend.open()
    try {
      expect(await store.createEmbeddedWallet(wallet('w1'), credential('c1', 'w1'))).toBe(true)
      expect(await store.createEmbeddedWallet(wallet('w1'), credential('c9', 'w1'))).toBe(false)
      expect(await store.createEmbeddedWallet(wallet('w0', 'ann@example.test', new Date('2029-01-01T00:00:00.000Z')), credential('c0', 'w0'))).toBe(true)
      expect(await store.getEmbeddedWallet('w1')).toEqual(wallet('w1'))
      expect(await store.getEmbeddedWallet('nope')).toBeNull()
      expect((await store.listEmbeddedWallets('ann@example.test')).map((row) => row.walletId)).toEqual(['w0', 'w1'])
      expect(await store.listEmbeddedWallets('bob@example.test')).toEqual([])
      expect((await store.listEmbeddedCredentials('w1')).map((row) => row.credentialId)).toEqual(['c1'])
      expect(await store.addEmbeddedCredential(credential('c2', 'w1'))).toBe(true)
      expect(await store.addEmbeddedCredential(credential('c2', 'w1'))).toBe(false)
      expect((await store.listEmbeddedCredentials('w1')).map((row) => row.credentialId)).toEqual(['c1', 'c2'])
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

  it('counts every concurrent code attempt and lets exactly one caller use the code', async () => {
    const { store } = await backend.open()
    try {
      const createdAt = new Date()
      await store.putRecoveryCode({ requestId: 'r1', email: 'ann@example.test', codeHash: 'hash', createdAt, expiresAt: later(900_000) })
      const attempts = await Promise.all(Array.from({ length: 7 }, () => store.attemptRecoveryCode('r1')))
      expect(attempts.map((row) => row!.attempts).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7])
      expect(attempts[0]).toMatchObject({ requestId: 'r1', email: 'ann@example.test', codeHash: 'hash', consumedAt: null })
      const used = await Promise.all(Array.from({ length: 5 }, () => store.consumeRecoveryCode('r1', new Date())))
      expect(used.filter(Boolean)).toHaveLength(1)
      expect(await store.attemptRecoveryCode('r1')).toBeNull()
      expect(await store.attemptRecoveryCode('unknown')).toBeNull()
    } finally {
      await store.close()
    }
  })

  it('keeps recovery sessions by token hash and ends each once', async () => {
    const { store } = await backend.open()
    try {
      const session = { tokenHash: 't1', email: 'ann@example.test', purpose: 'email_recovery' as const, createdAt: new Date('2030-01-01T00:00:00.000Z'), expiresAt: new Date('2030-01-01T00:30:00.000Z') }
      await store.putRecoverySession(session)
      expect(await store.getRecoverySession('t1')).toEqual({ ...session, consumedAt: null })
      expect(await store.consumeRecoverySession('t1', new Date('2030-01-01T00:10:00.000Z'))).toBe(true)
      expect(await store.consumeRecoverySession('t1', new Date('2030-01-01T00:11:00.000Z'))).toBe(false)
      expect((await store.getRecoverySession('t1'))?.consumedAt).toEqual(new Date('2030-01-01T00:10:00.000Z'))
      expect(await store.getRecoverySession('t2')).toBeNull()
    } finally {
      await store.close()
    }
  })

  it('ends a recovery session for exactly one of two parallel callers, and never once it has expired', async () => {
    const { store } = await backend.open()
    try {
      const base = { email: 'ann@example.test', purpose: 'email_recovery' as const, createdAt: new Date('2030-01-01T00:00:00.000Z'), expiresAt: new Date('2030-01-01T00:30:00.000Z') }
      await store.putRecoverySession({ tokenHash: 'race', ...base })
      const ended = await Promise.all([0, 1].map(() => store.consumeRecoverySession('race', new Date('2030-01-01T00:10:00.000Z'))))
      expect(ended.filter(Boolean)).toHaveLength(1)
      await store.putRecoverySession({ tokenHash: 'late', ...base })
      expect(await store.consumeRecoverySession('late', new Date('2030-01-01T00:30:00.000Z'))).toBe(false)
      expect((await store.getRecoverySession('late'))?.consumedAt).toBeNull()
    } finally {
      await store.close()
    }
  })

  it("voids an email's unused codes (and only that email's) when asked", async () => {
    const { store } = await backend.open()
    try {
      const createdAt = new Date()
      await store.putRecoveryCode({ requestId: 'a1', email: 'ann@example.test', codeHash: 'h', createdAt, expiresAt: later(900_000) })
      await store.putRecoveryCode({ requestId: 'a2', email: 'ann@example.test', codeHash: 'h', createdAt, expiresAt: later(900_000) })
      await store.putRecoveryCode({ requestId: 'b1', email: 'bob@example.test', codeHash: 'h', createdAt, expiresAt: later(900_000) })
      expect(await store.voidRecoveryCodes('ann@example.test', new Date())).toBe(2)
      expect(await store.attemptRecoveryCode('a1')).toBeNull()
      expect(await store.attemptRecoveryCode('a2')).toBeNull()
      expect(await store.attemptRecoveryCode('b1')).not.toBeNull()
    } finally {
      await store.close()
    }
  })

  it('reads a live rate-limit count without counting', async () => {
    const { store } = await backend.open()
    try {
      const now = new Date()
      expect(await store.rateLimitCount('k', now)).toBe(0)
      await store.hit('k', 60_000, now)
      await store.hit('k', 60_000, now)
      expect(await store.rateLimitCount('k', now)).toBe(2)
      expect(await store.rateLimitCount('k', now)).toBe(2)
      expect(await store.rateLimitCount('k', new Date(now.getTime() + 60_000))).toBe(0)
    } finally {
      await store.close()
    }
  })

  it('cleans up expired challenges at once, and expired codes and sessions only a day later', async () => {
    const { store } = await backend.open({ cleanupIntervalMs: Number.POSITIVE_INFINITY })
    try {
      const now = new Date()
      const ago = (ms: number) => new Date(now.getTime() - ms)
      await store.putEmbeddedChallenge({ challengeHash: 'old', purpose: 'register', walletId: 'w', expiresAt: ago(1) })
      await store.putEmbeddedChallenge({ challengeHash: 'new', purpose: 'register', walletId: 'w', expiresAt: later(60_000) })
      await store.putRecoveryCode({ requestId: 'recent', email: 'a@example.test', codeHash: 'h', createdAt: ago(2_000_000), expiresAt: ago(1_000_000) })
      await store.putRecoveryCode({ requestId: 'ancient', email: 'a@example.test', codeHash: 'h', createdAt: ago(100_000_000), expiresAt: ago(90_000_000) })
      await store.putRecoverySession({ tokenHash: 'ancient', email: 'a@example.test', purpose: 'email_recovery', createdAt: ago(100_000_000), expiresAt: ago(90_000_000) })
      expect(await store.cleanup(now)).toBe(3)
      expect(await store.takeEmbeddedChallenge('old')).toBeNull()
      expect(await store.takeEmbeddedChallenge('new')).not.toBeNull()
      expect(await store.attemptRecoveryCode('recent')).not.toBeNull() // still answers "expired"
      expect(await store.attemptRecoveryCode('ancient')).toBeNull()
      expect(await store.getRecoverySession('ancient')).toBeNull()
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

  it('keeps sessions by id hash: live until they expire or are revoked, one or all of an address at once', async () => {
    const { store, reopen } = await backend.open()
    const now = new Date()
    const day = new Date(now.getTime() + 86_400_000)
    try {
      await store.putSession({ idHash: 'laptop', address: '0xAbC0000000000000000000000000000000000001', createdAt: now, expiresAt: day })
      await store.putSession({ idHash: 'phone', address: '0xabc0000000000000000000000000000000000001', createdAt: now, expiresAt: day })
      await store.putSession({ idHash: 'other', address: '0xabc0000000000000000000000000000000000002', createdAt: now, expiresAt: day })
      await store.putSession({ idHash: 'old', address: '0xabc0000000000000000000000000000000000002', createdAt: now, expiresAt: now })
      expect(await store.isSessionLive('laptop', now)).toBe(true)
      expect(await store.isSessionLive('old', now)).toBe(false)
      expect(await store.isSessionLive('never', now)).toBe(false)
      expect(await store.isSessionLive('laptop', day)).toBe(false)

      expect(await store.revokeSession('laptop')).toBe(true)
      expect(await store.revokeSession('laptop')).toBe(false)
      expect(await store.isSessionLive('laptop', now)).toBe(false)
      await store.putSession({ idHash: 'tablet', address: '0xABC0000000000000000000000000000000000001', createdAt: now, expiresAt: day })
      // Every session of the address, whatever case it was written in; not the other address's.
      expect(await store.revokeAddressSessions('phone', now)).toBe(2)
      expect(await store.isSessionLive('tablet', now)).toBe(false)
      expect(await store.isSessionLive('other', now)).toBe(true)
      // An expired or unknown session revokes nothing.
      expect(await store.revokeAddressSessions('old', now)).toBe(0)
      expect(await store.revokeAddressSessions('never', now)).toBe(0)
      expect(await store.isSessionLive('other', now)).toBe(true)
      // Expired sessions go with the cleanup; live ones survive a restart.
      await store.cleanup(now)
      await store.close()
      const again = await reopen()
      try {
        expect(await again.isSessionLive('other', now)).toBe(true)
        expect(await again.revokeAddressSessions('old', now)).toBe(0)
      } finally {
        await again.close()
      }
    } finally {
      await store.close().catch(() => undefined)
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
