import { InvalidUserIdError } from '@/lib/embedded/errors'

/** docs/connectors/retries-and-timeouts.md#embedded-wallet-the-server, and WebAuthn L3 §5.4.3: a user handle is 1 to 64 bytes. */
export const MIN_USER_ID_BYTES = 1
export const MAX_USER_ID_BYTES = 64

/** Returns the user id when its length is allowed; throws `InvalidUserIdError` otherwise (never truncates). */
export function assertUserId(userId: Uint8Array): Uint8Array {
  if (!(userId instanceof Uint8Array) || userId.byteLength < MIN_USER_ID_BYTES || userId.byteLength > MAX_USER_ID_BYTES) {
    throw new InvalidUserIdError(userId instanceof Uint8Array ? userId.byteLength : 0)
  }
  return userId
}
