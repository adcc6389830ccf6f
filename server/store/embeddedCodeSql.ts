/**
 * The embedded wallet's statements for emailed codes and the sessions they open: issuing a code,
 * counting and judging a try under its limits, using it up (the browser then known to the email),
 * voiding an email's codes, and the recovery and email-verification sessions.
 */
import type { CodeAttempt, EmailCodePurpose, EmailCodeRecord, EmbeddedWalletStore, RecoverySessionRecord } from './embeddedTypes'
import { type Guard, iso, Refusal, refusable, toDate, toDateOrNull, type TransactionalQueryable } from './embeddedSqlShared'

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

const CODE_COLUMNS = 'request_id, email_hash, email_sealed, purpose, code_hash, binding_hash, attempts, created_at, expires_at, consumed_at'

/** The code and session statements, on either driver. */
export function embeddedCodeSql(driver: TransactionalQueryable, guarded: Guard): Pick<
  EmbeddedWalletStore,
  | 'issueEmailCode'
  | 'attemptEmailCode'
  | 'consumeEmailCode'
  | 'isKnownBinding'
  | 'voidEmailCodes'
  | 'putRecoverySession'
  | 'getRecoverySession'
  | 'consumeRecoverySession'
> {
  return {
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
  }
}
