import { additionalData } from '@/connectors/embedded/crypto/keyWrapping'
import { isEnvelope, openWithPrivateKey, type Envelope } from '@/connectors/embedded/crypto/sealToPublicKey'
import type { RecoveryKey, RecoveryKeyring } from './recoveryKey'

/**
 * A wallet's data key as the server stores it: sealed to a recovery public key (`{epk, iv, ct}`), with
 * the id of that key (`kid`), so a key ring knows which private key opens it. Envelopes stored
 * before key ids existed have none: every configured key is tried, current first.
 */
export type StoredEnvelope = Envelope & { kid?: string }

/** A wallet's envelope opens with no configured recovery key (a configuration error, not the user's). */
export class RecoveryKeyMissingError extends Error {
  override name = 'RecoveryKeyMissingError'
  readonly code = 'embedded_recovery_key_missing'
  constructor(readonly kid: string | undefined) {
    super(
      `${kid ? `a wallet is sealed under recovery key ${kid}, which is not configured` : 'a wallet sealed before key ids existed opens with no configured recovery key'}: ` +
        'set EMBEDDED_RECOVERY_KEY back to the key it was sealed under',
    )
  }
}

export function parseStoredEnvelope(json: string): StoredEnvelope {
  const value = JSON.parse(json) as unknown
  if (!isEnvelope(value)) throw new Error('the stored recovery envelope is not {epk, iv, ct}')
  const kid = (value as { kid?: unknown }).kid
  return { epk: value.epk, iv: value.iv, ct: value.ct, ...(typeof kid === 'string' ? { kid } : {}) }
}

export function storedEnvelopeJson(envelope: Envelope, key: Pick<RecoveryKey, 'kid'>): string {
  return JSON.stringify({ kid: key.kid, epk: envelope.epk, iv: envelope.iv, ct: envelope.ct })
}

/**
 * Opens a wallet's envelope: with the key its `kid` names, or (no `kid`) with each configured key in
 * turn. Returns the raw data key (the caller wipes it) and the key that opened it.
 */
export async function openRecoveryEnvelope(keyring: RecoveryKeyring, envelope: StoredEnvelope, walletId: string): Promise<{ raw: Uint8Array; key: RecoveryKey }> {
  const aad = additionalData.recovery(walletId)
  if (envelope.kid !== undefined) {
    const key = keyring.byKid(envelope.kid)
    if (!key) throw new RecoveryKeyMissingError(envelope.kid)
    return { raw: await openWithPrivateKey(key, envelope, aad), key }
  }
  for (const key of keyring.keys) {
    try {
      return { raw: await openWithPrivateKey(key, envelope, aad), key }
    } catch {
      // Not this key: the next one.
    }
  }
  throw new RecoveryKeyMissingError(undefined)
}
