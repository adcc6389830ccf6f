import { createHash, randomInt, timingSafeEqual } from 'node:crypto'
import type { RecoveryCodeRecord } from '@/lib/store/embeddedTypes'
import { RECOVERY_CODE_DIGITS, RECOVERY_CODE_MAX_ATTEMPTS, RECOVERY_CODE_TTL_SECONDS } from './policy'

/** A uniformly random 6-digit code (leading zeros kept). */
export function generateRecoveryCode(): string {
  return String(randomInt(0, 10 ** RECOVERY_CODE_DIGITS)).padStart(RECOVERY_CODE_DIGITS, '0')
}

/**
 * What the store keeps of a code: SHA-256 (SPEC.md §9) over the request id and the code. The request
 * id is random per code, so equal codes of two requests never share a hash.
 */
export function hashRecoveryCode(requestId: string, code: string): string {
  return createHash('sha256').update(`sigil-embedded/recovery-code/${requestId}/${code}`).digest('hex')
}

/** Constant-time equality of two hex hashes (a timing difference must not tell how many characters matched). */
export function hashesMatch(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8')
  const right = Buffer.from(b, 'utf8')
  // Same length for any two SHA-256 hex digests; a different length is simply not a match.
  if (left.byteLength !== right.byteLength) return false
  return timingSafeEqual(left, right)
}

export type CodeCheck =
  | { kind: 'accepted' }
  | { kind: 'wrong'; attemptsLeft: number }
  | { kind: 'expired' }
  | { kind: 'locked' }

/**
 * Judges one attempt, given the code's row as it is after the attempt was counted: locked beyond 5
 * attempts (even with the right code), expired from 900 s after it was issued, otherwise right or
 * wrong — the 5th wrong attempt answers `locked` at once.
 */
export function checkRecoveryCode(record: RecoveryCodeRecord, submittedHash: string, now: Date): CodeCheck {
  if (record.attempts > RECOVERY_CODE_MAX_ATTEMPTS) return { kind: 'locked' }
  if (now.getTime() - record.createdAt.getTime() >= RECOVERY_CODE_TTL_SECONDS * 1000 || now.getTime() >= record.expiresAt.getTime()) return { kind: 'expired' }
  if (hashesMatch(record.codeHash, submittedHash)) return { kind: 'accepted' }
  const attemptsLeft = RECOVERY_CODE_MAX_ATTEMPTS - record.attempts
  return attemptsLeft <= 0 ? { kind: 'locked' } : { kind: 'wrong', attemptsLeft }
}
