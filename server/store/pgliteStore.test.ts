import type { PGlite } from '@electric-sql/pglite'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { freshBlankPglite } from '@/tests/fixtures/pgliteFolders'
import { preparedQuery } from './pglitePreparedQuery'

// The embedded store's one-trip query (pglitePreparedQuery.ts, used by pgliteStore.ts), against PGlite itself (in memory): the rows
// it gives must be PGlite's own, and a statement that fails must leave nothing behind.
describe("the embedded store's prepared query", () => {
  let db: PGlite
  beforeEach(async () => {
    db = await freshBlankPglite()
    await db.exec(`CREATE TABLE t (k text PRIMARY KEY, n integer, big bigint, ok boolean, at timestamptz, note text)`)
  })
  afterEach(async () => {
    await db.close()
  })

  it("gives the rows exactly as PGlite's query does, for every type the store passes and reads", async () => {
    const query = preparedQuery(db)
    const at = new Date('2026-11-27T10:00:00.123Z')
    await query('INSERT INTO t VALUES ($1, $2, $3, $4, $5::timestamptz, $6)', ['a', 7, 9007199254740993n, true, at, null])
    await query('INSERT INTO t VALUES ($1, $2, $3, $4, $5::timestamptz, $6)', ["it's", -1, 0, false, at.toISOString(), 'naïve ☃'])
    const sql = 'SELECT * FROM t WHERE k = ANY (ARRAY[$1, $2]) ORDER BY k'
    const mine = await query(sql, ['a', "it's"])
    expect(mine.rows).toEqual((await db.query(sql, ['a', "it's"])).rows)
    expect(mine.rows[0]).toMatchObject({ k: 'a', n: 7, ok: true, at, note: null })
    expect(mine.rows[1]).toMatchObject({ k: "it's", ok: false, note: 'naïve ☃' })
    // A value that is not a plain one (an array) goes through PGlite's query, with the same answer.
    expect((await query('SELECT k FROM t WHERE k = ANY ($1::text[]) ORDER BY k', [['a', "it's"]])).rows).toEqual([{ k: 'a' }, { k: "it's" }])
  })

  it("reads every later answer of a statement with the row shape its first answer described, as PGlite's query reads it", async () => {
    const query = preparedQuery(db)
    const at = new Date('2026-12-06T10:00:00.5Z')
    const insert = 'INSERT INTO t (k, n, at) VALUES ($1, $2::integer, $3::timestamptz) RETURNING k, n, at'
    const select = 'SELECT k AS key, n + 1 AS next, ok FROM t WHERE k = $1'
    const update = 'UPDATE t SET ok = $2::boolean WHERE k = $1'
    // The statements interleaved, each run several times: a shape kept under the wrong name would
    // give one statement's rows another's columns.
    for (const [index, key] of ['a', 'b', 'c'].entries()) {
      expect((await query(insert, [key, index, at])).rows).toEqual([{ k: key, n: index, at }])
      expect((await query(update, [key, index % 2 === 0])).rows).toEqual([])
      const sql = `SELECT k AS key, n + 1 AS next, ok FROM t WHERE k = '${key}'`
      expect((await query(select, [key])).rows).toEqual((await db.query(sql)).rows)
      expect((await query(select, [key])).rows).toEqual([{ key, next: index + 1, ok: index % 2 === 0 }])
    }
    // No row at all is an empty answer, not the last statement's row.
    expect((await query(select, ['none'])).rows).toEqual([])
    // A first run that fails keeps no shape: the next run describes its rows again.
    const fresh = 'INSERT INTO t (k, note) VALUES ($1, $2) RETURNING note'
    await expect(query(fresh, ['a', 'x'])).rejects.toMatchObject({ code: '23505' })
    expect((await query(fresh, ['d', 'first'])).rows).toEqual([{ note: 'first' }])
    expect((await query(fresh, ['e', 'second'])).rows).toEqual([{ note: 'second' }])
  })

  it('prepares each statement once, and a statement whose execution fails still works next time', async () => {
    const query = preparedQuery(db)
    const insert = 'INSERT INTO t (k) VALUES ($1)'
    await query(insert, ['x'])
    await expect(query(insert, ['x'])).rejects.toMatchObject({ code: '23505' })
    await expect(query(insert, ['x'])).rejects.toMatchObject({ code: '23505' })
    await query(insert, ['y'])
    const prepared = await db.query<{ count: number }>(`SELECT count(*)::integer AS count FROM pg_prepared_statements WHERE statement = $1`, [insert])
    expect(prepared.rows[0]?.count).toBeLessThanOrEqual(2)
    expect((await query('SELECT count(*)::integer AS count FROM t', [])).rows).toEqual([{ count: 2 }])
  })

  it('answers a statement that does not parse with its error, and prepares it again once it can', async () => {
    const query = preparedQuery(db)
    const sql = 'SELECT k FROM later WHERE k = $1'
    await expect(query(sql, ['a'])).rejects.toMatchObject({ code: '42P01' })
    await db.exec('CREATE TABLE later (k text)')
    await db.exec(`INSERT INTO later VALUES ('a')`)
    expect((await query(sql, ['a'])).rows).toEqual([{ k: 'a' }])
  })

  it('waits for a transaction in progress instead of landing inside it', async () => {
    const query = preparedQuery(db)
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    let inside!: () => void
    const started = new Promise<void>((resolve) => (inside = resolve))
    const transaction = db.transaction(async (tx) => {
      await tx.query(`INSERT INTO t (k) VALUES ('in-tx')`)
      inside()
      await held
      await tx.rollback()
    })
    await started
    const outside = query('INSERT INTO t (k) VALUES ($1)', ['outside'])
    // Had it run inside the transaction, the rollback would take its row too.
    release()
    await transaction
    await outside
    expect((await query('SELECT k FROM t ORDER BY k', [])).rows).toEqual([{ k: 'outside' }])
  })
})
