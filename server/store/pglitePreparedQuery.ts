import { parse, protocol, type PGlite } from '@electric-sql/pglite'
import { concatBytes } from '@sigil/lib/embedded/crypto/bytes'
import type { Queryable } from './sqlStore'

// A module of its own, apart from pgliteStore.ts: its signature names PGlite's type, whose
// declarations need Emscripten's types that PGlite does not bring (a host that type-checks
// dependencies' declarations, skipLibCheck off, would fail on the store's opener otherwise).

/**
 * A parameter as the text Postgres reads it, for the types the store passes (strings, numbers,
 * booleans, dates, null); `undefined` for anything else, which goes through PGlite's own `query`.
 */
function asText(value: unknown): string | null | undefined {
  if (value === null || value === undefined) return null
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') return String(value)
  if (value instanceof Date) return value.toISOString()
  return undefined
}

/** A message of Postgres's answer, as PGlite parses it (its type is not exported by name). */
type BackendMessage = Parameters<typeof parse.parseResults>[0][number]

/** Named prepared statements kept at most; the store's SQL is a fixed set well under this. */
const MAX_PREPARED = 256

/**
 * `query` outside a transaction in one trip into Postgres, with each statement prepared once.
 *
 * PGlite's own `query` makes six calls into the WebAssembly module per statement (parse, describe
 * the statement, bind, describe the portal, execute, sync) and parses and plans the SQL every time:
 * about 0.18 ms of CPU for `SELECT 1`, most of a short statement's cost, on the request thread.
 * Here the messages go in one buffer, in one call (Bind, Execute and Sync, plus Parse and Describe
 * the first time a statement is seen, under a name of its own), and the answer is read with
 * PGlite's own parsers, so rows come back exactly as `query` gives them: about 0.08 ms. The shape of
 * a named statement's rows (its RowDescription, or NoData) cannot change while it exists: Postgres
 * refuses to run a prepared statement whose result type a schema change would alter. So it is asked
 * for once and kept, and each later answer is read with it: about 0.16 ms less per sign-in's two
 * statements, and 0.08 ms per nonce (docs/sign-in.md). Parameters
 * go as text with their types left to the server (as `query` also does), which every statement of
 * the store names or casts. Anything but a plain value falls back to `query`.
 *
 * It waits for a transaction in progress as `query` does (the transaction lock, then the query
 * lock), so it never lands inside another caller's transaction.
 */
export function preparedQuery(db: PGlite): Queryable['query'] {
  const names = new Map<string, string>()
  // Each named statement's row description, as its first Describe answered it.
  const shapes = new Map<string, BackendMessage>()
  let made = 0
  const { serialize } = protocol
  return async <Row>(sql: string, params: readonly unknown[] = []) => {
    const values: (string | null)[] = []
    for (const param of params) {
      const text = asText(param)
      if (text === undefined) return { rows: (await db.query<Row>(sql, [...params])).rows }
      values.push(text)
    }
    return db._runExclusiveTransaction(() =>
      db.runExclusive(async () => {
        let name = names.get(sql)
        const parts: Uint8Array[] = []
        const parsing = name === undefined
        if (parsing) {
          // Past the cap (never reached by the store's own SQL), statements are parsed unnamed each time.
          name = names.size < MAX_PREPARED ? `sigil_${++made}` : ''
          parts.push(serialize.parse({ name, text: sql, types: [] }))
          if (name) names.set(sql, name)
        }
        const shape = name ? shapes.get(name) : undefined
        parts.push(serialize.bind({ statement: name, values }))
        if (!shape) parts.push(serialize.describe({ type: 'P' }))
        parts.push(serialize.execute({}), serialize.sync())
        try {
          // No syncToFs: the store opens PGlite on a folder (NodeFS, written through at once) or in
          // memory, whose sync does nothing; it would only queue behind PGlite's file-system lock.
          const { messages } = await db.execProtocol(concatBytes(...parts), { syncToFs: false })
          if (!shape && name) {
            const described = messages.find((message) => message.name === 'rowDescription' || message.name === 'noData')
            if (described) shapes.set(name, described)
          }
          return { rows: (parse.parseResults(shape ? [shape, ...messages] : messages, db.parsers)[0]?.rows ?? []) as Row[] }
        } catch (error) {
          // The statement may not exist (a Parse that failed): the next call prepares it again, under a new name.
          if (parsing) names.delete(sql)
          throw error
        }
      }),
    )
  }
}
