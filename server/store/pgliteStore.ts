import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { acquireFolderLock } from './folderLock'
import { preparedQuery } from './pglitePreparedQuery'
import { createSqlStore, type Queryable, type SqlDriver } from './sqlStore'
import { StoreUnavailableError, isStoreError } from './errors'
import type { Store } from './types'

export type PgliteStoreOptions = {
  /** Folder for the database files; omitted = in memory (tests). The folder is locked while open. */
  dataDir?: string | undefined
  /** See `SqlStoreOptions.cleanupIntervalMs`. */
  cleanupIntervalMs?: number | undefined
}

type PgliteLike = Pick<PGlite, 'query' | 'exec'>

function asQueryable(db: PgliteLike): Queryable {
  return {
    async query<Row>(sql: string, params?: readonly unknown[]) {
      const result = await db.query<Row>(sql, params ? [...params] : undefined)
      return { rows: result.rows }
    },
    async exec(sql: string) {
      await db.exec(sql)
    },
  }
}

/**
 * The embedded default: Postgres compiled to WebAssembly, persisted in `dataDir`, so `npm run dev`
 * needs no database server. One process per folder (see `folderLock.ts`).
 */
export async function openPgliteStore(options: PgliteStoreOptions = {}): Promise<Store> {
  // The data folder is runtime data, not a source to trace into the build (see server/config/env.ts).
  const folder = options.dataDir ? path.resolve(/*turbopackIgnore: true*/ options.dataDir) : undefined
  // Lock before opening: a second process must fail before it touches the files.
  const lock = folder ? acquireFolderLock(folder) : undefined
  let db: PGlite | undefined
  try {
    db = await PGlite.create(folder ? path.join(folder, 'pglite') : undefined)
    const opened = db
    const driver: SqlDriver = {
      kind: 'pglite',
      ...asQueryable(opened),
      query: preparedQuery(opened),
      transaction: (fn) => opened.transaction((tx) => fn(asQueryable(tx))),
      close: () => opened.close(),
    }
    return await createSqlStore(driver, { cleanupIntervalMs: options.cleanupIntervalMs, onClose: () => lock?.release() })
  } catch (error) {
    await db?.close().catch(() => undefined)
    lock?.release()
    if (isStoreError(error)) throw error
    const reason = error instanceof Error ? error.message : String(error)
    throw new StoreUnavailableError(`The embedded database in ${folder ?? 'memory'} could not be opened: ${reason}`, { cause: error })
  }
}
