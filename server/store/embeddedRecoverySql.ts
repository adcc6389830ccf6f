/**
 * The embedded wallet's statements for email recoveries: starting one, reading it by its token or
 * cancel link, releasing its key and completing it on the locked row (recoveryGate.ts decides),
 * cancelling it from the link or an owner's device, and listing the pending ones.
 */
import type { CancelRecoveryOutcome, CompleteRecoveryOutcome, EmbeddedWalletStore, RecoveryGate, RecoveryRecord, RecoveryState, StartRecoveryOutcome } from './embeddedTypes'
import { appendWalletEvent, type Guard, iso, Refusal, refusable, toDate, toDateOrNull, type TransactionalQueryable } from './embeddedSqlShared'
import { recoveryGate } from './recoveryGate'
import type { Queryable } from './types'

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

const RECOVERY_COLUMNS =
  'recovery_id, cancel_hash, token_hash, session_hash, wallet_id, email_hash, state, started_at, release_at, cancel_expires_at, browser, place, key_released_at, finish_by, credential_id, completed_at, cancelled_at'
export const RECOVERIES = 'sigil_embedded_recovery_requests'

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

/**
 * The owner's new recovery settings, applied inside their transaction to the wallet's recoveries
 * still waiting (started, key not yet released): email recovery turned off cancels them (as the
 * owner's device would, one by one, logged); otherwise each waits at least `releaseDelaySeconds`
 * from its start (the server's delay or the owner's, the longer), its cancel link as much longer.
 * A shorter delay never brings a release closer.
 */
export async function applySettingsToWaitingRecoveries(tx: Queryable, walletId: string, settings: { emailRecovery: boolean; releaseDelaySeconds: number }, now: Date): Promise<void> {
  const { rows } = await tx.query<RecoveryRow>(
    `SELECT ${RECOVERY_COLUMNS} FROM ${RECOVERIES} WHERE wallet_id = $1 AND state = 'started' AND key_released_at IS NULL ORDER BY started_at, recovery_id FOR UPDATE`,
    [walletId],
  )
  for (const row of rows) {
    const before = recovery(row)
    if (!settings.emailRecovery) {
      await cancelLocked(tx, before, now, 'device')
      continue
    }
    const releaseAt = before.startedAt.getTime() + settings.releaseDelaySeconds * 1000
    if (releaseAt <= before.releaseAt.getTime()) continue
    const later = releaseAt - before.releaseAt.getTime()
    await tx.query(`UPDATE ${RECOVERIES} SET release_at = $2::timestamptz, cancel_expires_at = $3::timestamptz WHERE recovery_id = $1`, [
      before.recoveryId,
      iso(new Date(releaseAt)),
      iso(new Date(before.cancelExpiresAt.getTime() + later)),
    ])
  }
}

/** The recovery statements, on either driver. */
export function embeddedRecoverySql(driver: TransactionalQueryable, guarded: Guard): Pick<
  EmbeddedWalletStore,
  | 'startRecovery'
  | 'getRecoveryByToken'
  | 'releaseRecoveryKey'
  | 'completeRecovery'
  | 'getRecoveryByCancelHash'
  | 'cancelRecovery'
  | 'vetoRecovery'
  | 'listPendingRecoveries'
  | 'listPendingRecoveriesOfAddress'
> {
  return {
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
  }
}
