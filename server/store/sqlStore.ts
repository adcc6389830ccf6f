import { migrations as allMigrations, MIGRATION_LOCK_ID, type Migration } from './migrations'
import { StoreUnavailableError, isStoreError } from './errors'
import { cleanupEmbedded, embeddedSql } from './embeddedSql'
import { accountSql, SESSION_SCOPE_SQL } from './accountSql'
import type { NonceCounts, NonceCountsResult, NonceRecord, Queryable, RateLimitHit, SignInAttemptResult, Store } from './types'

export type { Queryable }

export type SqlDriver = Queryable & {
  readonly kind: Store['kind']
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>
  close(): Promise<void>
}

/** Runs `fn` and turns any driver failure into a `StoreUnavailableError`. */
async function guarded<T>(what: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn()
  } catch (error) {
    if (isStoreError(error)) throw error
    const reason = error instanceof Error ? error.message : String(error)
    throw new StoreUnavailableError(`The database could not ${what}: ${reason}`, { cause: error })
  }
}

export async function migrate(driver: SqlDriver, migrations: readonly Migration[] = allMigrations): Promise<number[]> {
  return guarded('apply its migrations', () =>
    driver.transaction(async (tx) => {
      // Serialises concurrent starts against one server; released at commit.
      await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_ID])
      await tx.exec(`CREATE TABLE IF NOT EXISTS sigil_migrations (
        version    integer PRIMARY KEY,
        name       text NOT NULL,
        applied_at timestamptz NOT NULL DEFAULT now()
      )`)
      const { rows } = await tx.query<{ version: number }>('SELECT version FROM sigil_migrations')
      const applied = new Set(rows.map((row) => Number(row.version)))
      const done: number[] = []
      for (const migration of [...migrations].sort((a, b) => a.version - b.version)) {
        if (applied.has(migration.version)) continue
        await tx.exec(migration.sql)
        await tx.query('INSERT INTO sigil_migrations (version, name) VALUES ($1, $2)', [migration.version, migration.name])
        done.push(migration.version)
      }
      return done
    }),
  )
}

type NonceRow = { nonce: string; binding: string; expires_at: Date | string }
type HitRow = { count: number | string; reset_at: Date | string }
type SignInRow = {
  client_count: number | string
  client_reset_at: Date | string
  nonce: string | null
  binding: string | null
  expires_at: Date | string | null
  address_count: number | string | null
  address_reset_at: Date | string | null
  session_saved: boolean
  account_known: boolean
}

/**
 * One counter's upsert, as every rate limit counts (`hit`, `beginSignIn`, `putNonce`): a fixed window
 * from the first hit, started again once `reset_at` has passed. `$2` is always the time of the
 * request; `rows` gives the key, 1 and the window's end (`VALUES …` or `SELECT … WHERE …`). One
 * statement, so concurrent hits on one key never lose a count.
 */
const countUpsert = (rows: string, resetAt: string) => `INSERT INTO sigil_rate_limits AS r (key, count, reset_at) ${rows}
    ON CONFLICT (key) DO UPDATE SET
      count    = CASE WHEN r.reset_at <= $2::timestamptz THEN 1 ELSE r.count + 1 END,
      reset_at = CASE WHEN r.reset_at <= $2::timestamptz THEN ${resetAt} ELSE r.reset_at END
    RETURNING r.count, r.reset_at`

/** `hit`: one counter, `$1`, whose window ends at `$3` if it starts now. */
/** How long the sweep keeps a sign-in or link nonce past its expiry (`cleanup`). */
const EXPIRED_NONCE_KEPT_MS = 10 * 60_000

const HIT_SQL = countUpsert('VALUES ($1::text, 1, $3::timestamptz)', '$3::timestamptz')

/**
 * `beginSignIn`: four data-modifying CTEs in one statement. Postgres runs them on one snapshot, so
 * the address counter can only see the nonce through `taken`'s RETURNING rows: it counts when the
 * nonce existed, was live and carries this browser's binding. The session row (when one is given,
 * `$8` not null) is inserted from `client` × `address`: only when the address was counted, and only
 * when both counts are within their limits. It also reads whether the session's address (`$9`)
 * already has its account, with a family recorded or none (`$17`) to record: a returning wallet, whose
 * sign-in then needs no `ensureAccount`, the route's second statement. Only a read: an account is
 * made after the signature is proven, never here.
 *
 * A plain statement, prepared once per connection by both drivers (pgliteStore.ts, postgresStore.ts).
 * Migrations 5–12 made it a PL/pgSQL function (`sigil_begin_sign_in`) to have it planned once; a
 * prepared statement is planned once too, without the function call's interpreter and result copy:
 * 0.30 → 0.23 ms of CPU per sign-in on PGlite. The function stays in the schema, unused, so an
 * instance of the previous release still running beside this one (a rolling deploy) keeps working.
 */
const BEGIN_SIGN_IN_SQL = `WITH client AS (
    ${HIT_SQL}
  ), taken AS (
    DELETE FROM sigil_nonces AS n WHERE n.nonce = $4::text RETURNING n.nonce, n.binding, n.expires_at
  ), address AS (
    ${countUpsert('SELECT $5::text, 1, $6::timestamptz FROM taken WHERE taken.binding = $7::text AND taken.expires_at > $2::timestamptz', '$6::timestamptz')}
  ), saved AS (
    INSERT INTO sigil_sessions (id_hash, address, chain_id, created_at, expires_at, device, place, last_seen_at)
    SELECT $8::text, $9::text, $14::integer, $13::timestamptz, $10::timestamptz, $15::text, $16::text, $13::timestamptz
    FROM client, address
    WHERE $8::text IS NOT NULL AND client.count <= $11::integer AND address.count <= $12::integer
    RETURNING 1
  )
  SELECT client.count AS client_count, client.reset_at AS client_reset_at, taken.nonce, taken.binding, taken.expires_at,
         address.count AS address_count, address.reset_at AS address_reset_at, EXISTS (SELECT 1 FROM saved) AS session_saved,
         EXISTS (SELECT 1 FROM sigil_account_wallets w WHERE w.address = $9::text AND (w.family IS NOT NULL OR $17::text IS NULL)) AS account_known
  FROM client LEFT JOIN taken ON true LEFT JOIN address ON true`

/**
 * `putNonce` with its counters: the nonce route's whole part of the store in one statement (one round
 * trip, one prepared plan), where it took three. `browser` counts only when a key is given (`$1`);
 * `client` counts only when the browser is within its limit (a browser past its own limit does not
 * spend the budget its IP shares with every other browser behind it); the nonce is saved only when
 * every count made is within its limit. Each count is `countUpsert`, as `hit`'s.
 */
const PUT_COUNTED_NONCE_SQL = `WITH browser AS (
    ${countUpsert('SELECT $1::text, 1, $3::timestamptz WHERE $1::text IS NOT NULL', '$3::timestamptz')}
  ), client AS (
    ${countUpsert('SELECT $5::text, 1, $6::timestamptz WHERE NOT EXISTS (SELECT 1 FROM browser WHERE browser.count > $4::integer)', '$6::timestamptz')}
  ), saved AS (
    INSERT INTO sigil_nonces (nonce, binding, expires_at)
    SELECT $8::text, $9::text, $10::timestamptz FROM client WHERE client.count <= $7::integer
    RETURNING 1
  )
  SELECT browser.count AS browser_count, browser.reset_at AS browser_reset_at, client.count AS client_count,
         client.reset_at AS client_reset_at, EXISTS (SELECT 1 FROM saved) AS saved
  FROM (SELECT 1) AS one LEFT JOIN browser ON true LEFT JOIN client ON true`

type CountedNonceRow = {
  browser_count: number | string | null
  browser_reset_at: Date | string | null
  client_count: number | string | null
  client_reset_at: Date | string | null
  saved: boolean
}

/** A session's "last seen" is kept to within this much: the session check writes at most this often per session. */
const SESSION_SEEN_RESOLUTION_MS = 5 * 60_000

/** The sessions list shows at most this many of an address's live sessions, newest first. */
const MAX_LISTED_SESSIONS = 50

type SessionListRow = {
  id_hash: string
  device: string | null
  place: string | null
  created_at: Date | string
  last_seen_at: Date | string | null
  chain_id: number | string | null
}

const toDate = (value: Date | string): Date => (value instanceof Date ? value : new Date(value))

export type SqlStoreOptions = {
  /** Expired rows are swept at most this often, piggybacking on `putNonce` (default 60 s). */
  cleanupIntervalMs?: number | undefined
  /** Extra work when the store closes (release the folder lock). */
  onClose?: () => Promise<void> | void
}

/** The store on top of either driver. Runs the migrations before it answers. */
export async function createSqlStore(driver: SqlDriver, options: SqlStoreOptions = {}): Promise<Store> {
  await migrate(driver)
  const cleanupIntervalMs = options.cleanupIntervalMs ?? 60_000
  let lastCleanup = 0
  let closed = false

  const store: Store = {
    kind: driver.kind,
    ...embeddedSql(driver, guarded),
    ...accountSql(driver, guarded),

    async putNonce(record: NonceRecord, counted?: NonceCounts): Promise<NonceCountsResult> {
      let result: NonceCountsResult = { browser: null, client: null, saved: true }
      if (counted) {
        const at = counted.now.getTime()
        const { browser, client } = counted
        const { rows } = await guarded('count the request and save the nonce', () =>
          driver.query<CountedNonceRow>(PUT_COUNTED_NONCE_SQL, [
            browser?.key ?? null,
            counted.now.toISOString(),
            new Date(at + (browser?.windowMs ?? 0)).toISOString(),
            browser?.max ?? 0,
            client.key,
            new Date(at + client.windowMs).toISOString(),
            client.max,
            record.nonce,
            record.binding,
            record.expiresAt.toISOString(),
          ]),
        )
        const row = rows[0]
        if (!row) throw new StoreUnavailableError('The database did not return the request counts.')
        result = {
          browser: row.browser_count !== null && row.browser_reset_at !== null ? { count: Number(row.browser_count), resetAt: toDate(row.browser_reset_at) } : null,
          client: row.client_count !== null && row.client_reset_at !== null ? { count: Number(row.client_count), resetAt: toDate(row.client_reset_at) } : null,
          saved: row.saved,
        }
      } else {
        await guarded('save the nonce', () =>
          driver.query('INSERT INTO sigil_nonces (nonce, binding, expires_at) VALUES ($1, $2, $3::timestamptz)', [
            record.nonce,
            record.binding,
            record.expiresAt.toISOString(),
          ]),
        )
      }
      const now = Date.now()
      if (now - lastCleanup >= cleanupIntervalMs) {
        lastCleanup = now
        // Housekeeping (one indexed DELETE per table, once a minute) must never fail the request.
        await store.cleanup(new Date(now)).catch((error: unknown) => {
          console.warn('[sigil] store cleanup failed:', error instanceof Error ? error.message : error)
        })
      }
      return result
    },

    async takeNonce(nonce: string) {
      const { rows } = await guarded('read the nonce', () =>
        driver.query<NonceRow>('DELETE FROM sigil_nonces WHERE nonce = $1 RETURNING nonce, binding, expires_at', [nonce]),
      )
      const row = rows[0]
      return row ? { nonce: row.nonce, binding: row.binding, expiresAt: toDate(row.expires_at) } : null
    },

    async hit(key: string, windowMs: number, now: Date): Promise<RateLimitHit> {
      const resetAt = new Date(now.getTime() + windowMs)
      const { rows } = await guarded('count the attempt', () =>
        driver.query<HitRow>(HIT_SQL, [key, now.toISOString(), resetAt.toISOString()]),
      )
      const row = rows[0]
      if (!row) throw new StoreUnavailableError('The database did not return the attempt count.')
      return { count: Number(row.count), resetAt: toDate(row.reset_at) }
    },

    async ping() {
      await guarded('answer a health check', () => driver.query('SELECT 1'))
    },

    async beginSignIn(attempt): Promise<SignInAttemptResult> {
      const at = attempt.now.getTime()
      const session = attempt.session
      const { rows } = await guarded('count the sign-in and read the nonce', () =>
        driver.query<SignInRow>(BEGIN_SIGN_IN_SQL, [
          attempt.clientKey,
          attempt.now.toISOString(),
          new Date(at + attempt.clientWindowMs).toISOString(),
          attempt.nonce,
          attempt.addressKey,
          new Date(at + attempt.addressWindowMs).toISOString(),
          attempt.binding,
          session?.record.idHash ?? null,
          session?.record.address.toLowerCase() ?? null,
          session?.record.expiresAt.toISOString() ?? null,
          session?.clientMax ?? 0,
          session?.addressMax ?? 0,
          session?.record.createdAt.toISOString() ?? null,
          session?.record.chainId ?? null,
          session?.record.device ?? null,
          session?.record.place ?? null,
          session?.family ?? null,
        ]),
      )
      const row = rows[0]
      if (!row) throw new StoreUnavailableError('The database did not return the attempt count.')
      return {
        client: { count: Number(row.client_count), resetAt: toDate(row.client_reset_at) },
        nonce: row.nonce !== null && row.binding !== null && row.expires_at !== null ? { nonce: row.nonce, binding: row.binding, expiresAt: toDate(row.expires_at) } : null,
        address: row.address_count !== null && row.address_reset_at !== null ? { count: Number(row.address_count), resetAt: toDate(row.address_reset_at) } : null,
        sessionSaved: row.session_saved === true,
        accountKnown: row.account_known === true,
      }
    },

    async putSession(record) {
      await guarded('save the session', () =>
        driver.query(
          `INSERT INTO sigil_sessions (id_hash, address, chain_id, created_at, expires_at, device, place, last_seen_at)
           VALUES ($1, $2, $3, $4::timestamptz, $5::timestamptz, $6, $7, $4::timestamptz)`,
          [record.idHash, record.address.toLowerCase(), record.chainId, record.createdAt.toISOString(), record.expiresAt.toISOString(), record.device ?? null, record.place ?? null],
        ),
      )
    },

    async sessionOwner(idHash, now) {
      const { rows } = await guarded('read the session', () =>
        driver.query<{ address: string; chain_id: number | string | null }>('SELECT address, chain_id FROM sigil_sessions WHERE id_hash = $1 AND expires_at > $2::timestamptz', [idHash, now.toISOString()]),
      )
      const row = rows[0]
      return row ? { address: row.address, chainId: row.chain_id === null ? null : Number(row.chain_id) } : null
    },

    async touchSession(idHash, now) {
      // The mark is written only when it is older than the resolution: most checks only read.
      const { rows } = await guarded('read the session', () =>
        driver.query<{ address: string; chain_id: number | string | null }>(
          `WITH seen AS (
             UPDATE sigil_sessions SET last_seen_at = $2::timestamptz
             WHERE id_hash = $1 AND expires_at > $2::timestamptz AND (last_seen_at IS NULL OR last_seen_at < $3::timestamptz)
             RETURNING address, chain_id
           )
           SELECT address, chain_id FROM seen
           UNION ALL
           SELECT address, chain_id FROM sigil_sessions
           WHERE id_hash = $1 AND expires_at > $2::timestamptz AND NOT EXISTS (SELECT 1 FROM seen)`,
          [idHash, now.toISOString(), new Date(now.getTime() - SESSION_SEEN_RESOLUTION_MS).toISOString()],
        ),
      )
      const row = rows[0]
      return row ? { address: row.address, chainId: row.chain_id === null ? null : Number(row.chain_id) } : null
    },

    async listAddressSessions(idHash, now) {
      const at = now.toISOString()
      const { rows } = await guarded('list the sessions', () =>
        driver.query<SessionListRow & { owner: boolean }>(
          `WITH ${SESSION_SCOPE_SQL}
           SELECT s.id_hash, s.device, s.place, s.created_at, s.last_seen_at, s.chain_id, true AS owner
           FROM sigil_sessions s
           WHERE s.address IN (SELECT address FROM scope) AND s.expires_at > $2::timestamptz
           ORDER BY (s.id_hash = $1) DESC, s.created_at DESC, s.id_hash
           LIMIT $3`,
          [idHash, at, MAX_LISTED_SESSIONS],
        ),
      )
      if (rows.length === 0) return null
      return rows.map((row) => ({
        idHash: row.id_hash,
        device: row.device,
        place: row.place,
        createdAt: toDate(row.created_at),
        lastSeenAt: toDate(row.last_seen_at ?? row.created_at),
        chainId: row.chain_id === null ? null : Number(row.chain_id),
      }))
    },

    async revokeSiblingSession(idHash, target, now) {
      const { rows } = await guarded('end the session', () =>
        driver.query(
          `WITH ${SESSION_SCOPE_SQL}
           DELETE FROM sigil_sessions WHERE id_hash = $3 AND expires_at > $2::timestamptz AND address IN (SELECT address FROM scope)
           RETURNING 1`,
          [idHash, now.toISOString(), target],
        ),
      )
      return rows.length === 1
    },

    async revokeSession(idHash) {
      const { rows } = await guarded('end the session', () => driver.query('DELETE FROM sigil_sessions WHERE id_hash = $1 RETURNING 1', [idHash]))
      return rows.length === 1
    },

    async revokeAddressSessions(idHash, now) {
      const { rows } = await guarded('end the sessions', () =>
        driver.query(
          `WITH ${SESSION_SCOPE_SQL}
           DELETE FROM sigil_sessions WHERE address IN (SELECT address FROM scope) RETURNING 1`,
          [idHash, now.toISOString()],
        ),
      )
      return rows.length
    },

    async cleanup(now: Date) {
      return guarded('clean up expired rows', async () => {
        const at = now.toISOString()
        // Expired nonces stay a while, so that a wallet approving late hears `nonce_expired`, not
        // `nonce_invalid` ("not valid any more"), whenever the sweep ran: a page's message expires
        // at most 14 minutes after its nonce was issued, and 5 + 10 covers it.
        const noncesBefore = new Date(now.getTime() - EXPIRED_NONCE_KEPT_MS).toISOString()
        const nonces = await driver.query('DELETE FROM sigil_nonces WHERE expires_at <= $1::timestamptz RETURNING 1', [noncesBefore])
        const limits = await driver.query('DELETE FROM sigil_rate_limits WHERE reset_at <= $1::timestamptz RETURNING 1', [at])
        const sessions = await driver.query('DELETE FROM sigil_sessions WHERE expires_at <= $1::timestamptz RETURNING 1', [at])
        const linkNonces = await driver.query('DELETE FROM sigil_link_nonces WHERE expires_at <= $1::timestamptz RETURNING 1', [noncesBefore])
        return nonces.rows.length + limits.rows.length + sessions.rows.length + linkNonces.rows.length + (await cleanupEmbedded(driver, now))
      })
    },

    async close() {
      if (closed) return
      closed = true
      try {
        await driver.close()
      } finally {
        await options.onClose?.()
      }
    },
  }
  return store
}
