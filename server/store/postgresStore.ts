import { createHash } from 'node:crypto'
import pg from 'pg'
import { createSqlStore, type Queryable, type SqlDriver } from './sqlStore'
import { describeDatabaseUrl, StoreUnavailableError } from './errors'
import type { Store } from './types'

export type PostgresStoreOptions = {
  connectionString: string
  /** Connections per app instance. */
  max?: number
  /** Fail fast when the server is down, so the request answers 503 quickly. */
  connectionTimeoutMs?: number
  statementTimeoutMs?: number
  /** See `SqlStoreOptions.cleanupIntervalMs`. */
  cleanupIntervalMs?: number | undefined
}

/**
 * A statement's name for the server: the same text always gets the same name, as node-postgres
 * requires within a connection. The store's SQL is a fixed set (sqlStore.ts and its parts), so each
 * connection holds a few dozen prepared statements at most. Behind a pooler, it must keep prepared
 * statements per client connection (PgBouncer in session mode, or 1.21+ with max_prepared_statements).
 */
const statementNames = new Map<string, string>()
function statementName(sql: string): string {
  let name = statementNames.get(sql)
  if (name === undefined) {
    name = `sigil_${createHash('sha256').update(sql).digest('hex').slice(0, 24)}`
    statementNames.set(sql, name)
  }
  return name
}

/** A Postgres server (`DATABASE_URL`): the choice for several app instances behind a load balancer. */
export async function openPostgresStore(options: PostgresStoreOptions): Promise<Store> {
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.max ?? 10,
    connectionTimeoutMillis: options.connectionTimeoutMs ?? 3000,
    statement_timeout: options.statementTimeoutMs ?? 5000,
    query_timeout: options.statementTimeoutMs ?? 5000,
  })
  // An idle client losing its connection emits 'error' on the pool; unhandled, it would end the process.
  pool.on('error', (error) => {
    console.warn(`[sigil] Postgres connection to ${describeDatabaseUrl(options.connectionString)} dropped:`, error.message)
  })

  const asQueryable = (client: pg.Pool | pg.PoolClient): Queryable => ({
    async query<Row>(sql: string, params?: readonly unknown[]) {
      // Named: node-postgres prepares it once per connection and then only binds and executes it.
      const result = await client.query({ name: statementName(sql), text: sql, values: params ? [...params] : [] })
      return { rows: result.rows as Row[] }
    },
    async exec(sql: string) {
      await client.query(sql)
    },
  })

  const driver: SqlDriver = {
    kind: 'postgres',
    ...asQueryable(pool),
    async transaction(fn) {
      const client = await pool.connect()
      try {
        await client.query('BEGIN')
        const result = await fn(asQueryable(client))
        await client.query('COMMIT')
        return result
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined)
        throw error
      } finally {
        client.release()
      }
    },
    close: () => pool.end(),
  }

  try {
    return await createSqlStore(driver, { cleanupIntervalMs: options.cleanupIntervalMs })
  } catch (error) {
    await pool.end().catch(() => undefined)
    if (error instanceof StoreUnavailableError) {
      throw new StoreUnavailableError(
        `The Postgres server at ${describeDatabaseUrl(options.connectionString)} (DATABASE_URL) is not available: ${error.message}`,
        { cause: error },
      )
    }
    throw error
  }
}
