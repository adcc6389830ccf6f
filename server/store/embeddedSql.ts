import type {
  ApprovePairingOutcome,
  CancelRecoveryOutcome,
  ClaimPairingOutcome,
  CompletePairingOutcome,
  CodeAttempt,
  CompleteRecoveryOutcome,
  CreateWalletOutcome,
  EmailCodePurpose,
  EmailCodeRecord,
  EmbeddedChallengeRecord,
  EmbeddedCredentialRecord,
  EmbeddedWalletRecord,
  EmbeddedWalletStore,
  NewWallet,
  PairingRecord,
  RecoveryGate,
  RecoveryRecord,
  RecoverySessionRecord,
  RecoveryState,
  StartRecoveryOutcome,
} from './embeddedTypes'
import { recoveryGate } from './recoveryGate'
import type { Queryable } from './types'
import { nextWalletEvent, type WalletEvent, type WalletEventDetail, type WalletEventKind } from './walletLog'

/** Expired recovery codes and sessions stay this long, so a late attempt hears "expired", not "unknown". */
const EXPIRED_RECOVERY_RETENTION_MS = 24 * 60 * 60 * 1000
/**
 * A browser that used a code of an email is known to it this long after (`isKnownBinding`): past the
 * email's hourly ceiling of code requests, it still gets codes (server/embedded/policy.ts).
 */
export const KNOWN_BINDING_RETENTION_MS = 30 * 24 * 60 * 60 * 1000

type Guard = <T>(what: string, fn: () => Promise<T>) => Promise<T>
/** The driver with transactions (each statement of `fn` on one connection, committed together). */
type TransactionalQueryable = Queryable & { transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> }

const toDate = (value: Date | string): Date => (value instanceof Date ? value : new Date(value))
const toDateOrNull = (value: Date | string | null): Date | null => (value === null ? null : toDate(value))
const iso = (date: Date) => date.toISOString()

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
type CodeRow = {
  request_id: string
  email_hash: string
  email_sealed: string
  purpose: string
  code_hash: string
  binding_hash: string
  attempts: number | string
  created_at: Date | string
  expires_at: Date | string
  consumed_at: Date | string | null
}
type SessionRow = { token_hash: string; email_hash: string; purpose: string; created_at: Date | string; expires_at: Date | string; consumed_at: Date | string | null }
type RecoveryRow = {
  recovery_id: string
  cancel_hash: string
  token_hash: string
  session_hash: string
  wallet_id: string
  email_hash: string | null
  state: string
  started_at: Date | string
  release_at: Date | string
  cancel_expires_at: Date | string
  browser: string
  place: string | null
  key_released_at: Date | string | null
  finish_by: Date | string | null
  credential_id: string | null
  completed_at: Date | string | null
  cancelled_at: Date | string | null
}

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
const code = (row: CodeRow): EmailCodeRecord => ({
  requestId: row.request_id,
  emailHash: row.email_hash,
  emailSealed: row.email_sealed,
  purpose: row.purpose as EmailCodePurpose,
  codeHash: row.code_hash,
  bindingHash: row.binding_hash,
  attempts: Number(row.attempts),
  createdAt: toDate(row.created_at),
  expiresAt: toDate(row.expires_at),
  consumedAt: toDateOrNull(row.consumed_at),
})
const session = (row: SessionRow): RecoverySessionRecord => ({
  tokenHash: row.token_hash,
  emailHash: row.email_hash,
  purpose: row.purpose as RecoverySessionRecord['purpose'],
  createdAt: toDate(row.created_at),
  expiresAt: toDate(row.expires_at),
  consumedAt: toDateOrNull(row.consumed_at),
})
const recovery = (row: RecoveryRow): RecoveryRecord => ({
  recoveryId: row.recovery_id,
  cancelHash: row.cancel_hash,
  tokenHash: row.token_hash,
  sessionHash: row.session_hash,
  walletId: row.wallet_id,
  emailHash: row.email_hash,
  state: row.state as RecoveryState,
  startedAt: toDate(row.started_at),
  releaseAt: toDate(row.release_at),
  cancelExpiresAt: toDate(row.cancel_expires_at),
  browser: row.browser,
  place: row.place,
  keyReleasedAt: toDateOrNull(row.key_released_at),
  finishBy: toDateOrNull(row.finish_by),
  credentialId: row.credential_id,
  completedAt: toDateOrNull(row.completed_at),
  cancelledAt: toDateOrNull(row.cancelled_at),
})

const WALLET_COLUMNS = 'wallet_id, email_hash, email_sealed, address, recovery_envelope, vault, created_at, email_verified_at, locale'
/** What is read back: the written columns and the owner's settings (migration 13). */
const WALLET_READ_COLUMNS = `${WALLET_COLUMNS}, email_recovery, recovery_delay_seconds`
const CODE_COLUMNS = 'request_id, email_hash, email_sealed, purpose, code_hash, binding_hash, attempts, created_at, expires_at, consumed_at'
const RECOVERY_COLUMNS =
  'recovery_id, cancel_hash, token_hash, session_hash, wallet_id, email_hash, state, started_at, release_at, cancel_expires_at, browser, place, key_released_at, finish_by, credential_id, completed_at, cancelled_at'
const RECOVERIES = 'sigil_embedded_recovery_requests'

/**
 * Cancels the locked recovery `before` (the link's or a device's): the recovery, its session and the
 * email's live recovery codes, with a log entry naming how. A finished recovery stays finished.
 */
async function cancelLocked(tx: Queryable, before: RecoveryRecord, now: Date, by: 'email' | 'device'): Promise<CancelRecoveryOutcome> {
  if (before.state === 'cancelled') return { kind: 'already_cancelled', record: before }
  if (before.state === 'completed') return { kind: 'already_completed', record: before }
  if (before.cancelExpiresAt.getTime() <= now.getTime()) return { kind: 'expired', record: before }
  const { rows } = await tx.query<RecoveryRow>(
    `UPDATE ${RECOVERIES} SET state = 'cancelled', cancelled_at = $2::timestamptz WHERE recovery_id = $1 RETURNING ${RECOVERY_COLUMNS}`,
    [before.recoveryId, iso(now)],
  )
  await tx.query('UPDATE sigil_embedded_recovery_sessions SET consumed_at = $2::timestamptz WHERE token_hash = $1 AND consumed_at IS NULL', [before.sessionHash, iso(now)])
  await tx.query("UPDATE sigil_embedded_codes SET consumed_at = $2::timestamptz WHERE email_hash = $1 AND purpose = 'recovery' AND consumed_at IS NULL", [before.emailHash, iso(now)])
  await appendWalletEvent(tx, { walletId: before.walletId, kind: 'recovery_cancelled', at: now, detail: { recoveryId: before.recoveryId, by } })
  return { kind: 'cancelled', record: recovery(rows[0]!) }
}

/** Thrown inside a transaction to roll it back and answer `value` (a refusal, not a failure). */
class Refusal<T> {
  constructor(readonly value: T) {}
}
async function refusable<T>(work: Promise<T>): Promise<T> {
  try {
    return await work
  } catch (error) {
    if (error instanceof Refusal) return error.value as T
    throw error
  }
}

type PairingRow = {
  pairing_id: string
  wallet_id: string
  code_hash: string
  owner_hash: string
  created_at: Date | string
  expires_at: Date | string
  claim_hash: string | null
  claimant_key: string | null
  claimed_at: Date | string | null
  sealed_key: string | null
  sealed_vault: string | null
  approved_at: Date | string | null
  credential_id: string | null
  completed_at: Date | string | null
  cancelled_at: Date | string | null
  owner_browser: string | null
  owner_place: string | null
}
const PAIRING_COLUMNS =
  'pairing_id, wallet_id, code_hash, owner_hash, created_at, expires_at, claim_hash, claimant_key, claimed_at, sealed_key, sealed_vault, approved_at, credential_id, completed_at, cancelled_at, owner_browser, owner_place'
const pairing = (row: PairingRow): PairingRecord => ({
  pairingId: row.pairing_id,
  walletId: row.wallet_id,
  codeHash: row.code_hash,
  ownerHash: row.owner_hash,
  createdAt: toDate(row.created_at),
  expiresAt: toDate(row.expires_at),
  claimHash: row.claim_hash,
  claimantKey: row.claimant_key,
  claimedAt: toDateOrNull(row.claimed_at),
  sealedKey: row.sealed_key,
  sealedVault: row.sealed_vault,
  approvedAt: toDateOrNull(row.approved_at),
  credentialId: row.credential_id,
  completedAt: toDateOrNull(row.completed_at),
  cancelledAt: toDateOrNull(row.cancelled_at),  ownerBrowser: row.owner_browser ?? null,
  ownerPlace: row.owner_place ?? null,
})

/** Why a pairing's conditional update matched nothing: gone, past its time, or past that step. */
function pairingRefusal(row: PairingRow | undefined, now: Date): 'unknown' | 'expired' | 'used' {
  if (!row) return 'unknown'
  if (row.completed_at !== null || row.cancelled_at !== null) return 'used'
  if (toDate(row.expires_at).getTime() <= now.getTime()) return 'expired'
  return 'used'
}

type EventRow = { wallet_id: string; seq: number | string; kind: string; at: Date | string; detail: string; prev_hash: string; hash: string }
const EVENT_COLUMNS = 'wallet_id, seq, kind, at, detail, prev_hash, hash'
const walletEvent = (row: EventRow): WalletEvent => ({
  walletId: row.wallet_id,
  seq: Number(row.seq),
  kind: row.kind as WalletEventKind,
  at: toDate(row.at),
  detail: JSON.parse(row.detail) as WalletEventDetail,
  prevHash: row.prev_hash,
  hash: row.hash,
})

/**
 * Appends an entry to a wallet's log inside the caller's transaction (so it commits with the change
 * it records, or not at all), under a per-wallet lock: entries of one wallet are chained one at a time.
 */
async function appendWalletEvent(tx: Queryable, entry: { walletId: string; kind: WalletEventKind; at: Date; detail?: WalletEventDetail }): Promise<WalletEvent> {
  await tx.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`sigil-wallet-log:${entry.walletId}`])
  const { rows } = await tx.query<{ seq: number | string; hash: string }>('SELECT seq, hash FROM sigil_embedded_wallet_events WHERE wallet_id = $1 ORDER BY seq DESC LIMIT 1', [entry.walletId])
  const last = rows[0] ? { seq: Number(rows[0].seq), hash: rows[0].hash } : undefined
  const event = nextWalletEvent(last, entry)
  await tx.query(
    `INSERT INTO sigil_embedded_wallet_events (${EVENT_COLUMNS}) VALUES ($1, $2, $3, $4::timestamptz, $5, $6, $7)`,
    [event.walletId, event.seq, event.kind, iso(event.at), JSON.stringify(event.detail), event.prevHash, event.hash],
  )
  return event
}

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

/** The embedded wallet's statements, on either driver (same SQL for PGlite and Postgres). */
export function embeddedSql(driver: TransactionalQueryable, guarded: Guard): EmbeddedWalletStore {
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

    async issueEmailCode(record) {
      // The partial unique index (one live code per email, purpose and browser) is the arbiter: a
      // request that races another from the same browser replaces its code instead of adding a second
      // live one; another browser's request (a stranger's) adds its own and leaves this one alone.
      await guarded('save the code', () =>
        driver.query(
          `INSERT INTO sigil_embedded_codes AS c (request_id, email_hash, email_sealed, purpose, code_hash, binding_hash, attempts, created_at, expires_at)
           VALUES ($1, $2, $8, $3, $4, $5, 0, $6::timestamptz, $7::timestamptz)
           ON CONFLICT (email_hash, purpose, binding_hash) WHERE consumed_at IS NULL DO UPDATE SET
             request_id = EXCLUDED.request_id, email_sealed = EXCLUDED.email_sealed, code_hash = EXCLUDED.code_hash,
             attempts = 0, created_at = EXCLUDED.created_at, expires_at = EXCLUDED.expires_at`,
          [record.requestId, record.emailHash, record.purpose, record.codeHash, record.bindingHash, iso(record.createdAt), iso(record.expiresAt), record.emailSealed],
        ),
      )
    },

    async attemptEmailCode(requestId, purpose, bindingHash, limits, now) {
      return guarded('count the code attempt', () =>
        refusable(
          driver.transaction(async (tx): Promise<CodeAttempt> => {
            // The code's row is locked from here to commit: parallel tries at one code queue up, and
            // each sees the count the one before it left. Only its own browser's tries count: the
            // binding is judged here, before anything is counted.
            const counted = await tx.query<CodeRow>(
              `UPDATE sigil_embedded_codes SET attempts = attempts + 1
               WHERE request_id = $1 AND purpose = $2 AND consumed_at IS NULL AND attempts < $3 AND binding_hash = $4
               RETURNING ${CODE_COLUMNS}`,
              [requestId, purpose, limits.maxAttempts, bindingHash ?? ''],
            )
            const row = counted.rows[0]
            if (!row) {
              const { rows } = await tx.query<{ consumed_at: Date | string | null; binding_hash: string }>(
                'SELECT consumed_at, binding_hash FROM sigil_embedded_codes WHERE request_id = $1 AND purpose = $2',
                [requestId, purpose],
              )
              const found = rows[0]
              if (!found || found.consumed_at !== null) return { kind: 'unknown' }
              return found.binding_hash === bindingHash ? { kind: 'locked', scope: 'code' } : { kind: 'other_browser' }
            }
            // This browser's tries at the email: counted only below its cap (the WHERE of ON CONFLICT
            // runs on the locked, latest row), so the count never passes the cap however many tries race.
            // A counter below its cap, counted in place (the WHERE of ON CONFLICT runs on the locked,
            // latest row, so the count never passes the cap however many tries race); undefined at the cap.
            const countBelow = async (key: string, max: number, windowMs: number) => {
              const resetAt = new Date(now.getTime() + windowMs)
              const counted = await tx.query<{ count: number | string; reset_at: Date | string }>(
                `INSERT INTO sigil_rate_limits AS r (key, count, reset_at) VALUES ($1, 1, $3::timestamptz)
                 ON CONFLICT (key) DO UPDATE SET
                   count    = CASE WHEN r.reset_at <= $2::timestamptz THEN 1 ELSE r.count + 1 END,
                   reset_at = CASE WHEN r.reset_at <= $2::timestamptz THEN $3::timestamptz ELSE r.reset_at END
                 WHERE r.reset_at <= $2::timestamptz OR r.count < $4
                 RETURNING count, reset_at`,
                [key, iso(now), iso(resetAt), max],
              )
              if (counted.rows[0]) return { count: Number(counted.rows[0].count), resetAt: toDate(counted.rows[0].reset_at) }
              const { rows } = await tx.query<{ reset_at: Date | string }>('SELECT reset_at FROM sigil_rate_limits WHERE key = $1', [key])
              return { count: undefined, resetAt: rows[0] ? toDate(rows[0].reset_at) : resetAt }
            }
            // This browser's tries at the email. A refusal rolls back the code's count too: a refused try counts nowhere.
            const browserTries = await countBelow(limits.triesKey(row.email_hash), limits.triesMax, limits.triesWindowMs)
            if (browserTries.count === undefined) throw new Refusal<CodeAttempt>({ kind: 'locked', scope: 'binding', until: browserTries.resetAt })
            // Every unknown browser's tries at the email, over all its codes: a known browser (one that
            // used a code of this email lately, the owner's) is not counted, and not refused.
            let emailCounted = false
            if (limits.email) {
              const known = row.binding_hash
                ? await tx.query('SELECT 1 FROM sigil_embedded_known_bindings WHERE email_hash = $1 AND binding_hash = $2 AND last_used_at > $3::timestamptz', [row.email_hash, row.binding_hash, iso(limits.email.knownSince)])
                : { rows: [] }
              if (known.rows.length === 0) {
                const emailTries = await countBelow(limits.email.key(row.email_hash), limits.email.max, limits.email.windowMs)
                if (emailTries.count === undefined) throw new Refusal<CodeAttempt>({ kind: 'locked', scope: 'email', until: emailTries.resetAt })
                emailCounted = true
              }
            }
            return { kind: 'counted', record: code(row), bindingTries: browserTries.count, bindingResetAt: browserTries.resetAt, emailCounted }
          }),
        ),
      )
    },

    async consumeEmailCode(requestId, now, refundKey) {
      // One statement: the code is used up, its browser remembered as one that proved the email, and a
      // right try given back to the counter only wrong tries should spend.
      const { rows } = await guarded('use the code', () =>
        driver.query(
          `WITH used AS (
             UPDATE sigil_embedded_codes SET consumed_at = $2::timestamptz WHERE request_id = $1 AND consumed_at IS NULL RETURNING email_hash, binding_hash
           ), known AS (
             INSERT INTO sigil_embedded_known_bindings (email_hash, binding_hash, last_used_at)
             SELECT email_hash, binding_hash, $2::timestamptz FROM used
             ON CONFLICT (email_hash, binding_hash) DO UPDATE SET last_used_at = EXCLUDED.last_used_at
             RETURNING 1
           ), refunded AS (
             UPDATE sigil_rate_limits SET count = count - 1 WHERE key = $3 AND count > 0 AND EXISTS (SELECT 1 FROM used)
             RETURNING 1
           )
           SELECT 1 FROM used`,
          [requestId, iso(now), refundKey ?? ''],
        ),
      )
      return rows.length === 1
    },

    async isKnownBinding(emailHash, bindingHash, since) {
      const { rows } = await guarded('read the browser binding', () =>
        driver.query('SELECT 1 FROM sigil_embedded_known_bindings WHERE email_hash = $1 AND binding_hash = $2 AND last_used_at > $3::timestamptz', [emailHash, bindingHash, iso(since)]),
      )
      return rows.length === 1
    },

    async voidEmailCodes(emailHash, purpose, now) {
      const { rows } = await guarded('void the codes', () =>
        driver.query('UPDATE sigil_embedded_codes SET consumed_at = $3::timestamptz WHERE email_hash = $1 AND purpose = $2 AND consumed_at IS NULL RETURNING 1', [emailHash, purpose, iso(now)]),
      )
      return rows.length
    },

    async putRecoverySession(record) {
      await guarded('save the recovery session', () =>
        driver.query(
          'INSERT INTO sigil_embedded_recovery_sessions (token_hash, email_hash, purpose, created_at, expires_at) VALUES ($1, $2, $3, $4::timestamptz, $5::timestamptz)',
          [record.tokenHash, record.emailHash, record.purpose, iso(record.createdAt), iso(record.expiresAt)],
        ),
      )
    },

    async getRecoverySession(tokenHash) {
      const { rows } = await guarded('read the recovery session', () =>
        driver.query<SessionRow>(
          'SELECT token_hash, email_hash, purpose, created_at, expires_at, consumed_at FROM sigil_embedded_recovery_sessions WHERE token_hash = $1',
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

    async startRecovery(record, now) {
      return guarded('start the recovery', () =>
        driver.transaction(async (tx): Promise<StartRecoveryOutcome> => {
          const live = await tx.query(
            `SELECT 1 FROM sigil_embedded_recovery_sessions
             WHERE token_hash = $1 AND purpose = 'email_recovery' AND email_hash = $2 AND consumed_at IS NULL AND expires_at > $3::timestamptz`,
            [record.sessionHash, record.emailHash, iso(now)],
          )
          if (live.rows.length !== 1) return { kind: 'session_invalid' }
          const { rows } = await tx.query<RecoveryRow>(
            `INSERT INTO ${RECOVERIES} (recovery_id, cancel_hash, token_hash, session_hash, wallet_id, email_hash, state, started_at, release_at, cancel_expires_at, browser, place)
             VALUES ($1, $2, $3, $4, $5, $6, 'started', $7::timestamptz, $8::timestamptz, $9::timestamptz, $10, $11)
             ON CONFLICT (session_hash, wallet_id) DO NOTHING RETURNING ${RECOVERY_COLUMNS}`,
            [record.recoveryId, record.cancelHash, record.tokenHash, record.sessionHash, record.walletId, record.emailHash,
              iso(record.startedAt), iso(record.releaseAt), iso(record.cancelExpiresAt), record.browser, record.place],
          )
          if (!rows[0]) {
            const existing = await tx.query<RecoveryRow>(`SELECT ${RECOVERY_COLUMNS} FROM ${RECOVERIES} WHERE session_hash = $1 AND wallet_id = $2`, [record.sessionHash, record.walletId])
            return { kind: 'exists', record: recovery(existing.rows[0]!) }
          }
          await appendWalletEvent(tx, {
            walletId: record.walletId,
            kind: 'recovery_started',
            at: record.startedAt,
            detail: { recoveryId: record.recoveryId, releaseAt: iso(record.releaseAt), browser: record.browser, place: record.place },
          })
          return { kind: 'started', record: recovery(rows[0]) }
        }),
      )
    },

    async getRecoveryByToken(tokenHash, walletId) {
      const { rows } = await guarded('read the recovery', () =>
        driver.query<RecoveryRow>(
          `SELECT ${RECOVERY_COLUMNS} FROM ${RECOVERIES} WHERE token_hash = $1 AND ($2::text IS NULL OR wallet_id = $2) ORDER BY started_at DESC LIMIT 1`,
          [tokenHash, walletId ?? null],
        ),
      )
      return rows[0] ? recovery(rows[0]) : null
    },

    async releaseRecoveryKey(tokenHash, walletId, now, finishBy) {
      return guarded('release the recovery key', () =>
        driver.transaction(async (tx): Promise<RecoveryGate> => {
          // Locked to commit: a cancel waits for this answer, or this one sees the cancel.
          const { rows } = await tx.query<RecoveryRow>(`SELECT ${RECOVERY_COLUMNS} FROM ${RECOVERIES} WHERE token_hash = $1 AND wallet_id = $2 FOR UPDATE`, [tokenHash, walletId])
          if (!rows[0]) return { kind: 'unknown' }
          const gate = recoveryGate(recovery(rows[0]), now, false)
          if (gate.kind !== 'open') return gate
          const released = await tx.query<RecoveryRow>(
            `UPDATE ${RECOVERIES} SET key_released_at = COALESCE(key_released_at, $2::timestamptz), finish_by = $3::timestamptz WHERE recovery_id = $1 RETURNING ${RECOVERY_COLUMNS}`,
            [gate.record.recoveryId, iso(now), iso(finishBy)],
          )
          if (gate.first) await appendWalletEvent(tx, { walletId, kind: 'recovery_key_released', at: now, detail: { recoveryId: gate.record.recoveryId } })
          return { kind: 'open', record: recovery(released.rows[0]!), first: gate.first }
        }),
      )
    },

    async completeRecovery(tokenHash, added, now) {
      return guarded('finish the recovery', () =>
        refusable(
          driver.transaction(async (tx): Promise<CompleteRecoveryOutcome> => {
            // The row is locked to commit: of completions racing, the first marks it completed and
            // every later one finds it so.
            const { rows } = await tx.query<RecoveryRow>(`SELECT ${RECOVERY_COLUMNS} FROM ${RECOVERIES} WHERE token_hash = $1 AND wallet_id = $2 FOR UPDATE`, [tokenHash, added.walletId])
            if (!rows[0]) return { kind: 'unknown' }
            const gate = recoveryGate(recovery(rows[0]), now, true)
            if (gate.kind !== 'open') return gate
            const inserted = await tx.query(
              `INSERT INTO sigil_embedded_credentials (credential_id, wallet_id, public_key, counter, transports, created_at)
               VALUES ($1, $2, $3, $4, $5, $6::timestamptz) ON CONFLICT (credential_id) DO NOTHING RETURNING 1`,
              [added.credentialId, added.walletId, added.publicKey, added.counter, added.transports, iso(added.createdAt)],
            )
            if (inserted.rows.length !== 1) throw new Refusal<CompleteRecoveryOutcome>({ kind: 'credential_exists' })
            const done = await tx.query<RecoveryRow>(
              `UPDATE ${RECOVERIES} SET state = 'completed', credential_id = $2, completed_at = $3::timestamptz WHERE recovery_id = $1 RETURNING ${RECOVERY_COLUMNS}`,
              [gate.record.recoveryId, added.credentialId, iso(now)],
            )
            await tx.query('UPDATE sigil_embedded_recovery_sessions SET consumed_at = $2::timestamptz WHERE token_hash = $1 AND consumed_at IS NULL', [gate.record.sessionHash, iso(now)])
            await appendWalletEvent(tx, { walletId: added.walletId, kind: 'recovery_completed', at: now, detail: { recoveryId: gate.record.recoveryId, credentialId: added.credentialId } })
            return { kind: 'completed', record: recovery(done.rows[0]!) }
          }),
        ),
      )
    },

    async getRecoveryByCancelHash(cancelHash) {
      const { rows } = await guarded('read the recovery', () =>
        driver.query<RecoveryRow>(`SELECT ${RECOVERY_COLUMNS} FROM ${RECOVERIES} WHERE cancel_hash = $1`, [cancelHash]),
      )
      return rows[0] ? recovery(rows[0]) : null
    },

    async cancelRecovery(cancelHash, now) {
      return guarded('cancel the recovery', () =>
        driver.transaction(async (tx): Promise<CancelRecoveryOutcome> => {
          const { rows } = await tx.query<RecoveryRow>(`SELECT ${RECOVERY_COLUMNS} FROM ${RECOVERIES} WHERE cancel_hash = $1 FOR UPDATE`, [cancelHash])
          return rows[0] ? cancelLocked(tx, recovery(rows[0]), now, 'email') : { kind: 'unknown' }
        }),
      )
    },

    async vetoRecovery(walletId, recoveryId, now) {
      return guarded('cancel the recovery', () =>
        driver.transaction(async (tx): Promise<CancelRecoveryOutcome> => {
          const { rows } = await tx.query<RecoveryRow>(`SELECT ${RECOVERY_COLUMNS} FROM ${RECOVERIES} WHERE recovery_id = $1 AND wallet_id = $2 FOR UPDATE`, [recoveryId, walletId])
          return rows[0] ? cancelLocked(tx, recovery(rows[0]), now, 'device') : { kind: 'unknown' }
        }),
      )
    },

    async listPendingRecoveries(walletId, now) {
      const { rows } = await guarded('list the recoveries', () =>
        driver.query<RecoveryRow>(
          `SELECT ${RECOVERY_COLUMNS} FROM ${RECOVERIES} WHERE wallet_id = $1 AND state = 'started' AND cancel_expires_at > $2::timestamptz ORDER BY started_at, recovery_id`,
          [walletId, iso(now)],
        ),
      )
      return rows.map(recovery)
    },

    async listPendingRecoveriesOfAddress(address, now) {
      const { rows } = await guarded('list the recoveries', () =>
        driver.query<RecoveryRow>(
          `SELECT ${RECOVERY_COLUMNS.split(', ').map((column) => `r.${column}`).join(', ')} FROM ${RECOVERIES} r JOIN sigil_embedded_wallets w ON w.wallet_id = r.wallet_id
           WHERE lower(w.address) = lower($1) AND r.state = 'started' AND r.cancel_expires_at > $2::timestamptz ORDER BY r.started_at, r.recovery_id`,
          [address, iso(now)],
        ),
      )
      return rows.map(recovery)
    },

    async updateWalletSettings(walletId, settings, now) {
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

    async createPairing(record) {
      const { rows } = await guarded('open the pairing', () =>
        driver.query(
          `INSERT INTO sigil_embedded_pairings (pairing_id, wallet_id, code_hash, owner_hash, created_at, expires_at, owner_browser, owner_place)
           VALUES ($1, $2, $3, $4, $5::timestamptz, $6::timestamptz, $7, $8) ON CONFLICT DO NOTHING RETURNING 1`,
          [record.pairingId, record.walletId, record.codeHash, record.ownerHash, iso(record.createdAt), iso(record.expiresAt), record.ownerBrowser, record.ownerPlace],
        ),
      )
      return rows.length === 1
    },

    async getPairing(pairingId) {
      const { rows } = await guarded('read the pairing', () => driver.query<PairingRow>(`SELECT ${PAIRING_COLUMNS} FROM sigil_embedded_pairings WHERE pairing_id = $1`, [pairingId]))
      return rows[0] ? pairing(rows[0]) : null
    },

    async peekPairing(codeHash, now) {
      const { rows } = await guarded('read the pairing', () => driver.query<PairingRow>(`SELECT ${PAIRING_COLUMNS} FROM sigil_embedded_pairings WHERE code_hash = $1`, [codeHash]))
      const row = rows[0]
      if (row && row.claim_hash === null && row.cancelled_at === null && row.completed_at === null && toDate(row.expires_at).getTime() > now.getTime()) return { kind: 'live', record: pairing(row) }
      return { kind: pairingRefusal(row, now) }
    },

    async claimPairing(codeHash, claim, now) {
      return guarded('claim the pairing', async (): Promise<ClaimPairingOutcome> => {
        // One conditional UPDATE: the row lock makes racing claims queue, and only the first still
        // finds claim_hash NULL.
        const claimed = await driver.query<PairingRow>(
          `UPDATE sigil_embedded_pairings SET claim_hash = $2, claimant_key = $3, claimed_at = $4::timestamptz
           WHERE code_hash = $1 AND claim_hash IS NULL AND cancelled_at IS NULL AND completed_at IS NULL AND expires_at > $4::timestamptz
           RETURNING ${PAIRING_COLUMNS}`,
          [codeHash, claim.claimHash, claim.claimantKey, iso(now)],
        )
        if (claimed.rows[0]) return { kind: 'claimed', record: pairing(claimed.rows[0]) }
        const { rows } = await driver.query<PairingRow>(`SELECT ${PAIRING_COLUMNS} FROM sigil_embedded_pairings WHERE code_hash = $1`, [codeHash])
        return { kind: pairingRefusal(rows[0], now) }
      })
    },

    async approvePairing(pairingId, ownerHash, sealed, now) {
      return guarded('approve the pairing', async (): Promise<ApprovePairingOutcome> => {
        const approved = await driver.query(
          `UPDATE sigil_embedded_pairings SET sealed_key = $3, sealed_vault = $4, approved_at = $5::timestamptz
           WHERE pairing_id = $1 AND owner_hash = $2 AND claim_hash IS NOT NULL AND approved_at IS NULL
             AND cancelled_at IS NULL AND completed_at IS NULL AND expires_at > $5::timestamptz
           RETURNING 1`,
          [pairingId, ownerHash, sealed.sealedKey, sealed.sealedVault, iso(now)],
        )
        if (approved.rows.length === 1) return 'approved'
        const { rows } = await driver.query<PairingRow>(`SELECT ${PAIRING_COLUMNS} FROM sigil_embedded_pairings WHERE pairing_id = $1 AND owner_hash = $2`, [pairingId, ownerHash])
        const row = rows[0]
        if (row && row.claim_hash === null && row.cancelled_at === null && toDate(row.expires_at).getTime() > now.getTime()) return 'not_claimed'
        return pairingRefusal(row, now)
      })
    },

    async completePairing(pairingId, claimHash, added, now) {
      return guarded('add the device', () =>
        refusable(
          driver.transaction(async (tx): Promise<CompletePairingOutcome> => {
            // The sealed key goes with the completion: the server keeps no copy once it is delivered.
            const completed = await tx.query<PairingRow>(
              `UPDATE sigil_embedded_pairings SET completed_at = $3::timestamptz, credential_id = $4, sealed_key = NULL, sealed_vault = NULL
               WHERE pairing_id = $1 AND claim_hash = $2 AND wallet_id = $5 AND approved_at IS NOT NULL
                 AND cancelled_at IS NULL AND completed_at IS NULL AND expires_at > $3::timestamptz
               RETURNING ${PAIRING_COLUMNS}`,
              [pairingId, claimHash, iso(now), added.credentialId, added.walletId],
            )
            const row = completed.rows[0]
            if (!row) {
              const { rows } = await tx.query<PairingRow>(`SELECT ${PAIRING_COLUMNS} FROM sigil_embedded_pairings WHERE pairing_id = $1 AND claim_hash = $2`, [pairingId, claimHash])
              const found = rows[0]
              if (found && found.approved_at === null && found.cancelled_at === null && toDate(found.expires_at).getTime() > now.getTime()) return 'not_approved'
              return pairingRefusal(found, now)
            }
            const inserted = await tx.query(
              `INSERT INTO sigil_embedded_credentials (credential_id, wallet_id, public_key, counter, transports, created_at)
               VALUES ($1, $2, $3, $4, $5, $6::timestamptz) ON CONFLICT (credential_id) DO NOTHING RETURNING 1`,
              [added.credentialId, added.walletId, added.publicKey, added.counter, added.transports, iso(added.createdAt)],
            )
            if (inserted.rows.length !== 1) throw new Refusal<CompletePairingOutcome>('credential_exists')
            await appendWalletEvent(tx, { walletId: row.wallet_id, kind: 'device_added', at: now, detail: { credentialId: added.credentialId, pairingId } })
            return 'completed'
          }),
        ),
      )
    },

    async cancelPairing(pairingId, ownerHash, now) {
      const { rows } = await guarded('cancel the pairing', () =>
        driver.query(
          `UPDATE sigil_embedded_pairings SET cancelled_at = $3::timestamptz, sealed_key = NULL, sealed_vault = NULL
           WHERE pairing_id = $1 AND owner_hash = $2 AND cancelled_at IS NULL AND completed_at IS NULL RETURNING 1`,
          [pairingId, ownerHash, iso(now)],
        ),
      )
      return rows.length === 1
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

/** The embedded wallet's part of `cleanup`: how many rows went. */
export async function cleanupEmbedded(driver: Queryable, now: Date): Promise<number> {
  const at = iso(now)
  const retired = iso(new Date(now.getTime() - EXPIRED_RECOVERY_RETENTION_MS))
  const challenges = await driver.query('DELETE FROM sigil_embedded_challenges WHERE expires_at <= $1::timestamptz RETURNING 1', [at])
  const codes = await driver.query('DELETE FROM sigil_embedded_codes WHERE expires_at <= $1::timestamptz RETURNING 1', [retired])
  const sessions = await driver.query('DELETE FROM sigil_embedded_recovery_sessions WHERE expires_at <= $1::timestamptz RETURNING 1', [retired])
  const recoveries = await driver.query(`DELETE FROM ${RECOVERIES} WHERE cancel_expires_at <= $1::timestamptz RETURNING 1`, [retired])
  const known = await driver.query('DELETE FROM sigil_embedded_known_bindings WHERE last_used_at <= $1::timestamptz RETURNING 1', [iso(new Date(now.getTime() - KNOWN_BINDING_RETENTION_MS))])
  // A day after its time, as codes: a late claim hears "expired"; never a sealed key kept past it.
  await driver.query('UPDATE sigil_embedded_pairings SET sealed_key = NULL, sealed_vault = NULL WHERE expires_at <= $1::timestamptz AND sealed_key IS NOT NULL', [at])
  const pairings = await driver.query('DELETE FROM sigil_embedded_pairings WHERE expires_at <= $1::timestamptz RETURNING 1', [retired])
  return challenges.rows.length + codes.rows.length + sessions.rows.length + recoveries.rows.length + known.rows.length + pairings.rows.length
}
