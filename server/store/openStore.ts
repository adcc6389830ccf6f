import { envOf, type EnvInput } from '@/server/config/env'
import { openPgliteStore } from './pgliteStore'
import { openPostgresStore } from './postgresStore'
import type { Store } from './types'

/** `DATABASE_URL` set → that Postgres server; otherwise the embedded PGlite under `DATA_DIR`. */
export function openStore(input?: EnvInput): Promise<Store> {
  const env = envOf(input)
  const url = env.databaseUrl
  if (url) return openPostgresStore({ connectionString: url })
  return openPgliteStore({ dataDir: env.dataDir })
}

// One store per process, kept on globalThis so Next's dev reloads (which re-evaluate modules) reuse
// it instead of opening the locked folder a second time.
const key = Symbol.for('sigil.store')
type Holder = { [key]?: Promise<Store> }

/**
 * The process-wide store, opened on first use. A failed open is not remembered: the next request
 * tries again (the Postgres server may be back, the other process may have stopped).
 */
export function getStore(env?: EnvInput): Promise<Store> {
  const holder = globalThis as Holder
  let pending = holder[key]
  if (!pending) {
    pending = openStore(env)
    holder[key] = pending
    pending.catch(() => {
      if (holder[key] === pending) delete holder[key]
    })
  }
  return pending
}

/** Closes the process-wide store if it was opened (graceful shutdown); the next `getStore()` opens it again. */
export async function closeStore(): Promise<void> {
  const holder = globalThis as Holder
  const pending = holder[key]
  if (!pending) return
  delete holder[key]
  const store = await pending.catch(() => undefined)
  await store?.close()
}
