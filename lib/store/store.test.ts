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
afterAll(() => {
  postgres?.stop()
  removePgliteFolders()
})

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
