/**
 * The embedded wallet's statements for wallets and their passkeys: creating a wallet (with its first
 * passkey and log entry), reading and listing wallets, passkeys and their counters, WebAuthn
 * challenges, the owner's recovery settings, the wallet log's reads, and the re-seal of envelopes
 * and emails.
 */
import type { CreateWalletOutcome, EmbeddedChallengeRecord, EmbeddedCredentialRecord, EmbeddedWalletRecord, EmbeddedWalletStore, NewWallet } from './embeddedTypes'
import {
  appendWalletEvent,
  EVENT_COLUMNS,
  type EventRow,
  type Guard,
  iso,
  Refusal,
  refusable,
  toDate,
  toDateOrNull,
  type TransactionalQueryable,
  walletEvent,
} from './embeddedSqlShared'
import { applySettingsToWaitingRecoveries } from './embeddedRecoverySql'
import type { Queryable } from './types'

type WalletRow = {
  wallet_id: string
  email_hash: string | null
  email_sealed: string | null
  address: string
  recovery_envelope: string
  vault: string
  created_at: Date | string
  email_verified_at: Date | string | null
  email_recovery: boolean
  recovery_delay_seconds: number | string | null
  locale: string | null
}
type CredentialRow = { credential_id: string; wallet_id: string; public_key: string; counter: number | string; transports: string; created_at: Date | string }
type ChallengeRow = { challenge_hash: string; purpose: string; wallet_id: string; expires_at: Date | string }

const wallet = (row: WalletRow): EmbeddedWalletRecord => ({
  walletId: row.wallet_id,
  emailHash: row.email_hash,
  emailSealed: row.email_sealed,
  address: row.address,
  recoveryEnvelope: row.recovery_envelope,
  vault: row.vault,
  createdAt: toDate(row.created_at),
  emailVerifiedAt: toDateOrNull(row.email_verified_at),
  emailRecovery: row.email_recovery !== false,
  recoveryDelaySeconds: row.recovery_delay_seconds === null || row.recovery_delay_seconds === undefined ? null : Number(row.recovery_delay_seconds),
  locale: row.locale ?? null,
})
const credential = (row: CredentialRow): EmbeddedCredentialRecord => ({
  credentialId: row.credential_id,
  walletId: row.wallet_id,
  publicKey: row.public_key,
  counter: Number(row.counter),
  transports: row.transports,
  createdAt: toDate(row.created_at),
})

const WALLET_COLUMNS = 'wallet_id, email_hash, email_sealed, address, recovery_envelope, vault, created_at, email_verified_at, locale'
/** What is read back: the written columns and the owner's settings (migration 13). */
const WALLET_READ_COLUMNS = `${WALLET_COLUMNS}, email_recovery, recovery_delay_seconds`

/** Inserts a wallet and its first passkey in one statement (both or neither); the wallet id when inserted. */
async function insertWallet(db: Queryable, record: NewWallet, verifiedAt: Date | null, first: EmbeddedCredentialRecord) {
  const { rows } = await db.query<{ wallet_id: string }>(
    `WITH w AS (
       INSERT INTO sigil_embedded_wallets (${WALLET_COLUMNS}) VALUES ($1, $2, $13, $3, $4, $5, $6::timestamptz, $12::timestamptz, $14)
       ON CONFLICT (wallet_id) DO NOTHING RETURNING wallet_id
     )
     INSERT INTO sigil_embedded_credentials (credential_id, wallet_id, public_key, counter, transports, created_at)
     SELECT $7, wallet_id, $8, $9, $10, $11::timestamptz FROM w
     RETURNING wallet_id`,
    [record.walletId, record.emailHash, record.address, record.recoveryEnvelope, record.vault, iso(record.createdAt),
      first.credentialId, first.publicKey, first.counter, first.transports, iso(first.createdAt), verifiedAt ? iso(verifiedAt) : null, record.emailSealed, record.locale ?? null],
  )
  return rows.length === 1
}

/** The wallets, passkeys, challenges, settings, log reads and re-seal statements, on either driver. */
export function embeddedWalletSql(driver: TransactionalQueryable, guarded: Guard): Pick<
  EmbeddedWalletStore,
  | 'createEmbeddedWallet'
  | 'createVerifiedWallet'
  | 'getEmbeddedWallet'
  | 'listRecoverableWallets'
  | 'addEmbeddedCredential'
  | 'listEmbeddedCredentials'
  | 'putEmbeddedChallenge'
  | 'takeEmbeddedChallenge'
  | 'updateWalletSettings'
  | 'updateCredentialCounter'
  | 'listWalletEvents'
  | 'listWalletsAfter'
  | 'replaceRecoveryEnvelope'
  | 'listPlainEmailWallets'
  | 'sealWalletEmail'
> {
  return {
    async createEmbeddedWallet(record, first) {
      return guarded('save the wallet', () =>
        driver.transaction(async (tx) => {
          const inserted = await insertWallet(tx, record, record.emailVerifiedAt ?? null, first)
          if (inserted) await appendWalletEvent(tx, { walletId: record.walletId, kind: 'created', at: record.createdAt, detail: { address: record.address } })
          return inserted
        }),
      )
    },

    async createVerifiedWallet(record, first, check) {
      return guarded('save the wallet', () =>
        refusable(
          driver.transaction(async (tx): Promise<CreateWalletOutcome> => {
            // One email at a time: two creations racing cannot both see room under the cap.
            await tx.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`sigil-embedded-wallets:${record.emailHash}`])
            const verified = await tx.query(
              `UPDATE sigil_embedded_recovery_sessions SET consumed_at = $3::timestamptz
               WHERE token_hash = $1 AND purpose = 'email_verification' AND email_hash = ANY($2::text[]) AND consumed_at IS NULL AND expires_at > $3::timestamptz
               RETURNING 1`,
              [check.sessionHash, [...check.emailHashes], iso(check.now)],
            )
            if (verified.rows.length !== 1) return 'unverified'
            const { rows } = await tx.query<{ count: number | string }>(
              'SELECT count(*) AS count FROM sigil_embedded_wallets WHERE email_hash = ANY($1::text[]) AND email_verified_at IS NOT NULL',
              [[...check.emailHashes]],
            )
            if (Number(rows[0]?.count ?? 0) >= check.maxPerEmail) throw new Refusal<CreateWalletOutcome>('limit')
            if (!(await insertWallet(tx, record, check.now, first))) throw new Refusal<CreateWalletOutcome>('exists')
            await appendWalletEvent(tx, { walletId: record.walletId, kind: 'created', at: check.now, detail: { address: record.address } })
            return 'created'
          }),
        ),
      )
    },

    async getEmbeddedWallet(walletId) {
      const { rows } = await guarded('read the wallet', () =>
        driver.query<WalletRow>(`SELECT ${WALLET_READ_COLUMNS} FROM sigil_embedded_wallets WHERE wallet_id = $1`, [walletId]),
      )
      return rows[0] ? wallet(rows[0]) : null
    },

    async listRecoverableWallets(emailHashes, limit) {
      const { rows } = await guarded('list the wallets', () =>
        driver.query<WalletRow>(
          `SELECT ${WALLET_READ_COLUMNS} FROM sigil_embedded_wallets WHERE email_hash = ANY($1::text[]) AND email_verified_at IS NOT NULL ORDER BY created_at, wallet_id LIMIT $2`,
          [[...emailHashes], limit],
        ),
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

    async updateWalletSettings(walletId, settings, now, waitingReleaseDelaySeconds) {
      return guarded('save the recovery settings', () =>
        driver.transaction(async (tx) => {
          const { rows } = await tx.query(
            'UPDATE sigil_embedded_wallets SET email_recovery = $2, recovery_delay_seconds = $3 WHERE wallet_id = $1 RETURNING 1',
            [walletId, settings.emailRecovery, settings.recoveryDelaySeconds],
          )
          if (rows.length !== 1) return false
          await appendWalletEvent(tx, {
            walletId,
            kind: 'settings_changed',
            at: now,
            detail: { emailRecovery: settings.emailRecovery, recoveryDelaySeconds: settings.recoveryDelaySeconds },
          })
          await applySettingsToWaitingRecoveries(tx, walletId, { emailRecovery: settings.emailRecovery, releaseDelaySeconds: waitingReleaseDelaySeconds }, now)
          return true
        }),
      )
    },

    async updateCredentialCounter(credentialId, counter) {
      await guarded('save the passkey counter', () =>
        driver.query('UPDATE sigil_embedded_credentials SET counter = GREATEST(counter, $2) WHERE credential_id = $1', [credentialId, counter]),
      )
    },

    async listWalletEvents(walletId) {
      const { rows } = await guarded('read the wallet log', () =>
        driver.query<EventRow>(`SELECT ${EVENT_COLUMNS} FROM sigil_embedded_wallet_events WHERE wallet_id = $1 ORDER BY seq`, [walletId]),
      )
      return rows.map(walletEvent)
    },

    async listWalletsAfter(afterWalletId, limit) {
      const { rows } = await guarded('list the wallets', () =>
        driver.query<WalletRow>(`SELECT ${WALLET_READ_COLUMNS} FROM sigil_embedded_wallets WHERE wallet_id > $1 ORDER BY wallet_id LIMIT $2`, [afterWalletId, limit]),
      )
      return rows.map(wallet)
    },

    async replaceRecoveryEnvelope(walletId, expected, replacement) {
      const { rows } = await guarded('re-seal the wallet', () =>
        driver.query('UPDATE sigil_embedded_wallets SET recovery_envelope = $3 WHERE wallet_id = $1 AND recovery_envelope = $2 RETURNING 1', [walletId, expected, replacement]),
      )
      return rows.length === 1
    },

    async listPlainEmailWallets(limit) {
      const { rows } = await guarded('list the wallets', () =>
        driver.query<{ wallet_id: string; email: string }>('SELECT wallet_id, email FROM sigil_embedded_wallets WHERE email IS NOT NULL ORDER BY wallet_id LIMIT $1', [limit]),
      )
      return rows.map((row) => ({ walletId: row.wallet_id, email: row.email }))
    },

    async sealWalletEmail(walletId, expected, next) {
      const { rows } = await guarded('seal the email', () =>
        'plain' in expected
          ? driver.query('UPDATE sigil_embedded_wallets SET email = NULL, email_hash = $3, email_sealed = $4 WHERE wallet_id = $1 AND email = $2 RETURNING 1', [walletId, expected.plain, next.emailHash, next.emailSealed])
          : driver.query('UPDATE sigil_embedded_wallets SET email = NULL, email_hash = $3, email_sealed = $4 WHERE wallet_id = $1 AND email_sealed = $2 RETURNING 1', [walletId, expected.sealed, next.emailHash, next.emailSealed]),
      )
      return rows.length === 1
    },
  }
}
