import { additionalData } from '@sigil/lib/embedded/crypto/keyWrapping'
import { isEnvelope, openWithPrivateKey, sealToPublicKey, type Envelope } from '@sigil/lib/embedded/crypto/sealToPublicKey'
import type { Store } from '@/server/store/types'
import type { RecoveryKey, RecoveryKeyring } from './recoveryKey'
import { BaseError } from '@sigil/lib/errors/BaseError'

/**
 * A wallet's data key as the server stores it: sealed to a recovery public key (`{epk, iv, ct}`), with
 * the id of that key (`kid`), so a rotated key ring knows which private key opens it. Envelopes
 * stored before key ids existed have none: every configured key is tried, current first.
 */
export type StoredEnvelope = Envelope & { kid?: string }

/**
 * A wallet's envelope opens with no configured recovery key: its key was dropped from
 * `EMBEDDED_RECOVERY_KEYS_PREVIOUS` before the re-seal moved it (a configuration error, not the user's).
 */
export class RecoveryKeyMissingError extends BaseError {
  override name = 'RecoveryKeyMissingError'
  override readonly code = 'embedded_recovery_key_missing'
  constructor(readonly kid: string | undefined) {
    super(
      `${kid ? `a wallet is sealed under recovery key ${kid}, which is not configured` : 'a wallet sealed before key ids existed opens with no configured recovery key'}: ` +
        'put the retired secret back in EMBEDDED_RECOVERY_KEYS_PREVIOUS and run npm run embedded:reseal',
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

export type ResealReport = {
  /** Wallets looked at. */
  checked: number
  /** Moved to the current key by this run. */
  resealed: number
  /** Already under the current key. */
  current: number
  /** Changed by someone else between read and write: run again. */
  changed: number
  /** Could not be opened with any configured key (their ids, and why). */
  failed: { walletId: string; reason: string }[]
}

/**
 * The re-seal procedure of a key rotation (README, "Rotating the recovery key"): every wallet whose
 * envelope is not under the current key is opened with the key it names (or any configured key, for
 * envelopes older than key ids) and sealed again to the current public key, with its id. Each row is
 * replaced only if it is still what was read (compare-and-set), so it is safe beside a running app
 * on Postgres and safe to run again; the plain data key lives in memory for one wallet at a time.
 */
export async function resealRecoveryEnvelopes(parameters: { store: Store; keyring: RecoveryKeyring; pageSize?: number }): Promise<ResealReport> {
  const { store, keyring } = parameters
  const report: ResealReport = { checked: 0, resealed: 0, current: 0, changed: 0, failed: [] }
  let after = ''
  for (;;) {
    const page = await store.listWalletsAfter(after, parameters.pageSize ?? 100)
    if (page.length === 0) return report
    for (const wallet of page) {
      report.checked += 1
      let envelope: StoredEnvelope
      try {
        envelope = parseStoredEnvelope(wallet.recoveryEnvelope)
      } catch (error) {
        report.failed.push({ walletId: wallet.walletId, reason: error instanceof Error ? error.message : String(error) })
        continue
      }
      if (envelope.kid === keyring.current.kid) {
        report.current += 1
        continue
      }
      let raw: Uint8Array | undefined
      try {
        raw = (await openRecoveryEnvelope(keyring, envelope, wallet.walletId)).raw
        const sealed = await sealToPublicKey(keyring.current.publicKey, raw, additionalData.recovery(wallet.walletId))
        if (await store.replaceRecoveryEnvelope(wallet.walletId, wallet.recoveryEnvelope, storedEnvelopeJson(sealed, keyring.current))) report.resealed += 1
        else report.changed += 1
      } catch (error) {
        report.failed.push({ walletId: wallet.walletId, reason: error instanceof Error ? error.message : String(error) })
      } finally {
        raw?.fill(0)
      }
    }
    after = page[page.length - 1]!.walletId
  }
}
