import type { RecoveryGate, RecoveryRecord } from './embeddedTypes'

/**
 * Where a recovery stands at `now` for the key release and the completion: open only when it is
 * started, its delay has passed and its time is not over (and, to complete, its key was released and
 * the completion's deadline set at the release has not passed).
 * The store decides on the locked row with this; the routes use it first to refuse early without
 * opening the envelope.
 */
export function recoveryGate(record: RecoveryRecord, now: Date, needsRelease: boolean): RecoveryGate {
  if (record.state === 'cancelled') return { kind: 'cancelled', record }
  if (record.state === 'completed') return { kind: 'already_completed', record }
  if (record.cancelExpiresAt.getTime() <= now.getTime()) return { kind: 'expired', record }
  if (record.releaseAt.getTime() > now.getTime()) return { kind: 'too_early', record }
  // To complete: a key released, within the completion's deadline (a new release sets a new one).
  if (needsRelease && (!record.keyReleasedAt || !record.finishBy || record.finishBy.getTime() <= now.getTime())) return { kind: 'not_released', record }
  return { kind: 'open', record, first: !record.keyReleasedAt }
}
