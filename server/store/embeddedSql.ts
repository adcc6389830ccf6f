import { embeddedCodeSql } from './embeddedCodeSql'
import { embeddedPairingSql } from './embeddedPairingSql'
import { embeddedRecoverySql, RECOVERIES } from './embeddedRecoverySql'
import { type Guard, iso, type TransactionalQueryable } from './embeddedSqlShared'
import type { EmbeddedWalletStore } from './embeddedTypes'
import { embeddedWalletSql } from './embeddedWalletSql'
import type { Queryable } from './types'

/** Expired recovery codes and sessions stay this long, so a late attempt hears "expired", not "unknown". */
const EXPIRED_RECOVERY_RETENTION_MS = 24 * 60 * 60 * 1000
/**
 * A browser that used a code of an email is known to it this long after (`isKnownBinding`): past the
 * email's hourly ceiling of code requests, it still gets codes (server/embedded/policy.ts).
 */
export const KNOWN_BINDING_RETENTION_MS = 30 * 24 * 60 * 60 * 1000

/** The embedded wallet's statements, on either driver (same SQL for PGlite and Postgres). */
export function embeddedSql(driver: TransactionalQueryable, guarded: Guard): EmbeddedWalletStore {
  return {
    ...embeddedWalletSql(driver, guarded),
    ...embeddedCodeSql(driver, guarded),
    ...embeddedRecoverySql(driver, guarded),
    ...embeddedPairingSql(driver, guarded),
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
