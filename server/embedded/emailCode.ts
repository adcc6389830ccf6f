import { createHash, createHmac, randomInt, timingSafeEqual } from 'node:crypto'
import type { EmailCodePurpose, EmailCodeRecord } from '@/server/store/embeddedTypes'
import { RECOVERY_CODE_DIGITS, RECOVERY_CODE_TTL_SECONDS } from './policy'
import type { RecoveryKey, RecoveryKeyring } from './recoveryKey'

/** A uniformly random 6-digit code (leading zeros kept). */
export function generateEmailCode(): string {
  return String(randomInt(0, 10 ** RECOVERY_CODE_DIGITS)).padStart(RECOVERY_CODE_DIGITS, '0')
}

const SCHEME = 'hmac-sha256'

/**
 * What the store keeps of a code: HMAC-SHA-256 under the recovery key's code key (HKDF of
 * `EMBEDDED_RECOVERY_KEY` with its own label), over the purpose, the request id and the code, tagged
 * with the key's id: `hmac-sha256:<kid>:<hex>`. A plain hash of a 6-digit code falls to a million
 * guesses in a second; without the key, the database alone tells nothing about the code.
 */
export function hashEmailCode(key: Pick<RecoveryKey, 'kid' | 'codeKey'>, purpose: EmailCodePurpose, requestId: string, code: string): string {
  const mac = createHmac('sha256', key.codeKey).update(`sigil-embedded/email-code/v1/${purpose}/${requestId}/${code}`).digest('hex')
  return `${SCHEME}:${key.kid}:${mac}`
}

/** Constant-time equality of two strings (a timing difference must not tell how many characters matched). */
export function hashesMatch(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8')
  const right = Buffer.from(b, 'utf8')
  // Same length for any two hashes of one scheme and key; a different length is simply not a match.
  if (left.byteLength !== right.byteLength) return false
  return timingSafeEqual(left, right)
}

/** Whether `code` is the code of `record`, under the key its hash names (a retired key still counts). */
export function codeMatches(keyring: RecoveryKeyring, record: Pick<EmailCodeRecord, 'codeHash' | 'purpose' | 'requestId'>, code: string): boolean {
  const [scheme, kid] = record.codeHash.split(':')
  const key = scheme === SCHEME && kid ? keyring.byKid(kid) : undefined
  // A code hashed some other way (none is live after migration 4) or under a key no longer configured never matches.
  if (!key) return false
  return hashesMatch(record.codeHash, hashEmailCode(key, record.purpose, record.requestId, code))
}

/** SHA-256 of a 256-bit random token (session, binding cookie, cancel link): nothing to guess, so no key is needed. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

/** Whether a browser's binding cookie is the one its code was requested with (constant time). */
export function bindingMatches(record: Pick<EmailCodeRecord, 'bindingHash'>, bindingToken: string | undefined): boolean {
  if (!record.bindingHash || !bindingToken) return false
  return hashesMatch(record.bindingHash, hashToken(bindingToken))
}

export type CodeJudgement =
  | { kind: 'accepted' }
  | { kind: 'wrong'; attemptsLeft: number }
  | { kind: 'expired' }
  | { kind: 'locked' }
  | { kind: 'other_browser' }

/**
 * Judges one try, already counted (`attemptEmailCode`), in this order: asked in another browser;
 * expired from 900 s after it was issued; right; otherwise wrong, with what is left of the code's
 * and the email's tries — none left answers `locked` at once.
 */
export function judgeEmailCode(parameters: {
  keyring: RecoveryKeyring
  record: EmailCodeRecord
  code: string
  bindingToken: string | undefined
  now: Date
  codeTriesLeft: number
  emailTriesLeft: number
}): CodeJudgement {
  const { record, now } = parameters
  if (!bindingMatches(record, parameters.bindingToken)) return { kind: 'other_browser' }
  if (now.getTime() - record.createdAt.getTime() >= RECOVERY_CODE_TTL_SECONDS * 1000 || now.getTime() >= record.expiresAt.getTime()) return { kind: 'expired' }
  if (codeMatches(parameters.keyring, record, parameters.code)) return { kind: 'accepted' }
  const attemptsLeft = Math.min(parameters.codeTriesLeft, parameters.emailTriesLeft)
  return attemptsLeft <= 0 ? { kind: 'locked' } : { kind: 'wrong', attemptsLeft }
}
