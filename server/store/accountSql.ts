import { randomUUID } from 'node:crypto'
import type { Queryable } from './types'
import type { AccountRecord, AccountStore, LinkNonceRecord } from './types'
import { StoreUnavailableError } from './errors'

type Guarded = <T>(what: string, fn: () => Promise<T>) => Promise<T>
type Driver = Queryable & { transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> }

const toDate = (value: Date | string): Date => (value instanceof Date ? value : new Date(value))

/**
 * The addresses whose sessions belong to the account of live session `$1` at `$2`: every wallet of
 * its account, or its own address alone when it has none yet. Shared by the sessions list and its
 * sign-outs (sqlStore.ts).
 */
export const SESSION_SCOPE_SQL = `me AS (
     SELECT address FROM sigil_sessions WHERE id_hash = $1 AND expires_at > $2::timestamptz
   ), scope AS (
     SELECT address FROM me
     UNION
     SELECT w.address FROM sigil_account_wallets w
     WHERE w.account_id = (SELECT m.account_id FROM sigil_account_wallets m JOIN me ON m.address = me.address)
   )`

/**
 * The account of address `$1`, with its family filled in from `$2` where none was recorded; at the
 * address's first sign-in, a new account `$4` made at `$3` with this wallet. One statement, so every
 * sign-in and account read is one trip (a first sign-in was six: a read, then a transaction of
 * four). No row back: another first sign-in of the address won between the read and the insert
 * (the wallet's primary key let one through), and the account made here has no wallet.
 */
const ENSURE_ACCOUNT_SQL = `WITH existing AS (
    SELECT account_id FROM sigil_account_wallets WHERE address = $1::text
  ), filled AS (
    UPDATE sigil_account_wallets SET family = $2::text WHERE address = $1::text AND family IS NULL AND $2::text IS NOT NULL RETURNING 1
  ), made AS (
    INSERT INTO sigil_accounts (account_id, created_at) SELECT $4::text, $3::timestamptz WHERE NOT EXISTS (SELECT 1 FROM existing)
    RETURNING account_id
  ), linked AS (
    INSERT INTO sigil_account_wallets (address, account_id, family, linked_at) SELECT $1::text, account_id, $2::text, $3::timestamptz FROM made
    ON CONFLICT (address) DO NOTHING
    RETURNING account_id
  )
  SELECT account_id FROM existing UNION ALL SELECT account_id FROM linked`

/** The accounts part of the SQL store (migration 14). */
export function accountSql(driver: Driver, guarded: Guarded): AccountStore {
  return {
    async ensureAccount(address, family, now) {
      const lower = address.toLowerCase()
      return guarded('find the account', async () => {
        for (let attempt = 0; attempt < 4; attempt++) {
          const accountId = randomUUID()
          const { rows } = await driver.query<{ account_id: string }>(ENSURE_ACCOUNT_SQL, [lower, family, now.toISOString(), accountId])
          const found = rows[0]?.account_id
          if (found) return found
          // Another first sign-in of this address linked it between this statement's read and its
          // insert: the account made here has no wallet. It goes, and the next turn reads the winner's.
          await driver.query('DELETE FROM sigil_accounts WHERE account_id = $1', [accountId])
        }
        throw new StoreUnavailableError('The database did not record the account of this address.')
      })
    },

    async getAccount(accountId) {
      const { rows } = await guarded('read the account', () =>
        driver.query<{ created_at: Date | string; address: string | null; family: string | null; linked_at: Date | string | null }>(
          `SELECT a.created_at, w.address, w.family, w.linked_at FROM sigil_accounts a
           LEFT JOIN sigil_account_wallets w ON w.account_id = a.account_id
           WHERE a.account_id = $1 ORDER BY w.linked_at, w.address`,
          [accountId],
        ),
      )
      const first = rows[0]
      if (!first) return null
      const account: AccountRecord = { accountId, createdAt: toDate(first.created_at), wallets: [] }
      for (const row of rows) {
        if (row.address !== null && row.linked_at !== null) account.wallets.push({ address: row.address, family: row.family, linkedAt: toDate(row.linked_at) })
      }
      return account
    },

    async putLinkNonce(record: LinkNonceRecord) {
      await guarded('save the link nonce', () =>
        driver.query('INSERT INTO sigil_link_nonces (nonce, session_hash, account_id, expires_at) VALUES ($1, $2, $3, $4::timestamptz)', [
          record.nonce,
          record.sessionHash,
          record.accountId,
          record.expiresAt.toISOString(),
        ]),
      )
    },

    async takeLinkNonce(nonce) {
      const { rows } = await guarded('read the link nonce', () =>
        driver.query<{ nonce: string; session_hash: string; account_id: string; expires_at: Date | string }>(
          'DELETE FROM sigil_link_nonces WHERE nonce = $1 RETURNING nonce, session_hash, account_id, expires_at',
          [nonce],
        ),
      )
      const row = rows[0]
      return row ? { nonce: row.nonce, sessionHash: row.session_hash, accountId: row.account_id, expiresAt: toDate(row.expires_at) } : null
    },

    async linkWallet({ accountId, address, family, now }) {
      const lower = address.toLowerCase()
      return guarded('link the wallet', () =>
        driver.transaction(async (tx) => {
          // The account's row is held until commit: a link and an unlink of one account never interleave.
          const held = await tx.query('SELECT 1 FROM sigil_accounts WHERE account_id = $1 FOR UPDATE', [accountId])
          if (held.rows.length === 0) return 'no_account' as const
          // The address is the primary key: a concurrent link of the same wallet waits for this one
          // to commit, then inserts nothing.
          const inserted = await tx.query(
            `INSERT INTO sigil_account_wallets (address, account_id, family, linked_at) VALUES ($1, $2, $3, $4::timestamptz)
             ON CONFLICT (address) DO NOTHING RETURNING 1`,
            [lower, accountId, family, now.toISOString()],
          )
          if (inserted.rows.length === 1) return 'linked' as const
          const { rows } = await tx.query<{ account_id: string }>('SELECT account_id FROM sigil_account_wallets WHERE address = $1', [lower])
          return rows[0]?.account_id === accountId ? ('already_linked' as const) : ('linked_elsewhere' as const)
        }),
      )
    },

    async unlinkWallet({ accountId, address }) {
      const lower = address.toLowerCase()
      return guarded('unlink the wallet', () =>
        driver.transaction(async (tx) => {
          await tx.query('SELECT 1 FROM sigil_accounts WHERE account_id = $1 FOR UPDATE', [accountId])
          const { rows } = await tx.query<{ address: string }>('SELECT address FROM sigil_account_wallets WHERE account_id = $1', [accountId])
          if (!rows.some((row) => row.address === lower)) return { kind: 'unknown_wallet' as const }
          if (rows.length === 1) return { kind: 'last_wallet' as const }
          await tx.query('DELETE FROM sigil_account_wallets WHERE address = $1 AND account_id = $2', [lower, accountId])
          const ended = await tx.query('DELETE FROM sigil_sessions WHERE address = $1 RETURNING 1', [lower])
          return { kind: 'unlinked' as const, sessionsEnded: ended.rows.length }
        }),
      )
    },
  }
}
