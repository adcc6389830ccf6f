import { StoreUnavailableError } from './errors'
import type {
  EmbeddedChallengeRecord,
  EmbeddedCredentialRecord,
  EmbeddedWalletRecord,
  EmbeddedWalletStore,
  RecoveryCodeRecord,
  RecoverySessionRecord,
} from './embeddedTypes'
import type { Queryable } from './sqlStore'

/** Expired recovery codes and sessions stay this long, so a late attempt hears "expired", not "unknown". */
export const EXPIRED_RECOVERY_RETENTION_MS = 24 * 60 * 60 * 1000

type Guard = <T>(what: string, fn: () => Promise<T>) => Promise<T>

const toDate = (value: Date | string): Date => (value instanceof Date ? value : new Date(value))
const toDateOrNull = (value: Date | string | null): Date | null => (value === null ? null : toDate(value))
const iso = (date: Date) => date.toISOString()

type WalletRow = { wallet_id: string; email: string; address: string; recovery_envelope: string; vault: string; created_at: Date | string }
type CredentialRow = { credential_id: string; wallet_id: string; public_key: string; counter: number | string; transports: string; created_at: Date | string }
type ChallengeRow = { challenge_hash: string; purpose: string; wallet_id: string; expires_at: Date | string }
type CodeRow = { request_id: string; email: string; code_hash: string; attempts: number | string; created_at: Date | string; expires_at: Date | string; consumed_at: Date | string | null }
type SessionRow = { token_hash: string; email: string; purpose: string; created_at: Date | string; expires_at: Date | string; consumed_at: Date | string | null }

const wallet = (row: WalletRow): EmbeddedWalletRecord => ({
  walletId: row.wallet_id,
  email: row.email,
  address: row.address,
  recoveryEnvelope: row.recovery_envelope,
  vault: row.vault,
  createdAt: toDate(row.created_at),
})
const credential = (row: CredentialRow): EmbeddedCredentialRecord => ({
  credentialId: row.credential_id,
  walletId: row.wallet_id,
  publicKey: row.public_key,
  counter: Number(row.counter),
  transports: row.transports,
  createdAt: toDate(row.created_at),
})
const code = (row: CodeRow): RecoveryCodeRecord => ({
  requestId: row.request_id,
  email: row.email,
  codeHash: row.code_hash,
  attempts: Number(row.attempts),
  createdAt: toDate(row.created_at),
  expiresAt: toDate(row.expires_at),
  consumedAt: toDateOrNull(row.consumed_at),
})
const session = (row: SessionRow): RecoverySessionRecord => ({
  tokenHash: row.token_hash,
  email: row.email,
  purpose: row.purpose as RecoverySessionRecord['purpose'],
  createdAt: toDate(row.created_at),
  expiresAt: toDate(row.expires_at),
  consumedAt: toDateOrNull(row.consumed_at),
})

const WALLET_COLUMNS = 'wallet_id, email, address, recovery_envelope, vault, created_at'
const CODE_COLUMNS = 'request_id, email, code_hash, attempts, created_at, expires_at, consumed_at'

/** The embedded wallet's statements, on either driver (same SQL for PGlite and Postgres). */
export function embeddedSql(driver: Queryable, guarded: Guard): EmbeddedWalletStore {
  return {
    async createEmbeddedWallet(record, first) {
      // One statement: the wallet and its first passkey exist together or not at all.
      const { rows } = await guarded('save the wallet', () =>
        driver.query<{ wallet_id: string }>(
          `WITH w AS (
             INSERT INTO sigil_embedded_wallets (${WALLET_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6::timestamptz)
             ON CONFLICT (wallet_id) DO NOTHING RETURNING wallet_id
           )
           INSERT INTO sigil_embedded_credentials (credential_id, wallet_id, public_key, counter, transports, created_at)
           SELECT $7, wallet_id, $8, $9, $10, $11::timestamptz FROM w
           RETURNING wallet_id`,
          [record.walletId, record.email, record.address, record.recoveryEnvelope, record.vault, iso(record.createdAt),
            first.credentialId, first.publicKey, first.counter, first.transports, iso(first.createdAt)],
        ),
      )
      return rows.length === 1
    },

    async getEmbeddedWallet(walletId) {
      const { rows } = await guarded('read the wallet', () =>
        driver.query<WalletRow>(`SELECT ${WALLET_COLUMNS} FROM sigil_embedded_wallets WHERE wallet_id = $1`, [walletId]),
      )
      return rows[0] ? wallet(rows[0]) : null
    },

    async listEmbeddedWallets(email) {
      const { rows } = await guarded('list the wallets', () =>
        driver.query<WalletRow>(`SELECT ${WALLET_COLUMNS} FROM sigil_embedded_wallets WHERE email = $1 ORDER BY created_at, wallet_id LIMIT 50`, [email]),
      )
      return rows.map(wallet)
    },

    async addEmbeddedCredential(record) {
      const { rows } = await guarded('save the passkey', () =>
        driver.query(
          `INSERT INTO sigil_embedded_credentials (credential_id, wallet_id, public_key, counter, transports, created_at)
           VALUES ($1, $2, $3, $4, $5, $6::timestamptz) ON CONFLICT (credential_id) DO NOTHING RETURNING 1`,
          [record.credentialId, record.walletId, record.publicKey, record.counter, record.transports, iso(record.createdAt)],
        ),
      )
      return rows.length === 1
    },

    async listEmbeddedCredentials(walletId) {
      const { rows } = await guarded('list the passkeys', () =>
        driver.query<CredentialRow>(
          'SELECT credential_id, wallet_id, public_key, counter, transports, created_at FROM sigil_embedded_credentials WHERE wallet_id = $1 ORDER BY created_at, credential_id',
          [walletId],
        ),
      )
      return rows.map(credential)
    },

    async putEmbeddedChallenge(record: EmbeddedChallengeRecord) {
      await guarded('save the challenge', () =>
        driver.query('INSERT INTO sigil_embedded_challenges (challenge_hash, purpose, wallet_id, expires_at) VALUES ($1, $2, $3, $4::timestamptz)', [
          record.challengeHash,
          record.purpose,
          record.walletId,
          iso(record.expiresAt),
        ]),
      )
    },

    async takeEmbeddedChallenge(challengeHash) {
      const { rows } = await guarded('read the challenge', () =>
        driver.query<ChallengeRow>('DELETE FROM sigil_embedded_challenges WHERE challenge_hash = $1 RETURNING challenge_hash, purpose, wallet_id, expires_at', [challengeHash]),
      )
      const row = rows[0]
      return row
        ? { challengeHash: row.challenge_hash, purpose: row.purpose as EmbeddedChallengeRecord['purpose'], walletId: row.wallet_id, expiresAt: toDate(row.expires_at) }
        : null
    },

    async putRecoveryCode(record) {
      await guarded('save the code', () =>
        driver.query(
          'INSERT INTO sigil_embedded_codes (request_id, email, code_hash, attempts, created_at, expires_at) VALUES ($1, $2, $3, 0, $4::timestamptz, $5::timestamptz)',
          [record.requestId, record.email, record.codeHash, iso(record.createdAt), iso(record.expiresAt)],
        ),
      )
    },

    async voidRecoveryCodes(email, now) {
      const { rows } = await guarded('void the earlier codes', () =>
        driver.query('UPDATE sigil_embedded_codes SET consumed_at = $2::timestamptz WHERE email = $1 AND consumed_at IS NULL RETURNING 1', [email, iso(now)]),
      )
      return rows.length
    },

    async rateLimitCount(key, now) {
      const { rows } = await guarded('read the attempt count', () =>
        driver.query<{ count: number | string }>('SELECT count FROM sigil_rate_limits WHERE key = $1 AND reset_at > $2::timestamptz', [key, iso(now)]),
      )
      return rows[0] ? Number(rows[0].count) : 0
    },

    async attemptRecoveryCode(requestId) {
      const { rows } = await guarded('count the code attempt', () =>
        driver.query<CodeRow>(
          `UPDATE sigil_embedded_codes SET attempts = attempts + 1 WHERE request_id = $1 AND consumed_at IS NULL RETURNING ${CODE_COLUMNS}`,
          [requestId],
        ),
      )
      return rows[0] ? code(rows[0]) : null
    },

    async consumeRecoveryCode(requestId, now) {
      const { rows } = await guarded('use the code', () =>
        driver.query('UPDATE sigil_embedded_codes SET consumed_at = $2::timestamptz WHERE request_id = $1 AND consumed_at IS NULL RETURNING 1', [requestId, iso(now)]),
      )
      return rows.length === 1
    },

    async putRecoverySession(record) {
      await guarded('save the recovery session', () =>
        driver.query(
          'INSERT INTO sigil_embedded_recovery_sessions (token_hash, email, purpose, created_at, expires_at) VALUES ($1, $2, $3, $4::timestamptz, $5::timestamptz)',
          [record.tokenHash, record.email, record.purpose, iso(record.createdAt), iso(record.expiresAt)],
        ),
      )
    },

    async getRecoverySession(tokenHash) {
      const { rows } = await guarded('read the recovery session', () =>
        driver.query<SessionRow>(
          'SELECT token_hash, email, purpose, created_at, expires_at, consumed_at FROM sigil_embedded_recovery_sessions WHERE token_hash = $1',
          [tokenHash],
        ),
      )
      return rows[0] ? session(rows[0]) : null
    },

    async consumeRecoverySession(tokenHash, now) {
      const { rows } = await guarded('end the recovery session', () =>
        driver.query(
          'UPDATE sigil_embedded_recovery_sessions SET consumed_at = $2::timestamptz WHERE token_hash = $1 AND consumed_at IS NULL AND expires_at > $2::timestamptz RETURNING 1',
          [tokenHash, iso(now)],
        ),
      )
      return rows.length === 1
    },
  }
}

/** The embedded wallet's part of `cleanup`: how many rows went. */
export async function cleanupEmbedded(driver: Queryable, now: Date): Promise<number> {
  const at = iso(now)
  const retired = iso(new Date(now.getTime() - EXPIRED_RECOVERY_RETENTION_MS))
  const challenges = await driver.query('DELETE FROM sigil_embedded_challenges WHERE expires_at <= $1::timestamptz RETURNING 1', [at])
  const codes = await driver.query('DELETE FROM sigil_embedded_codes WHERE expires_at <= $1::timestamptz RETURNING 1', [retired])
  const sessions = await driver.query('DELETE FROM sigil_embedded_recovery_sessions WHERE expires_at <= $1::timestamptz RETURNING 1', [retired])
  return challenges.rows.length + codes.rows.length + sessions.rows.length
}

