import { UnlockFailedError } from '@/lib/embedded/errors'
import { fromBase64Url, randomBytes, toBase64Url, utf8 } from '@/lib/embedded/crypto/bytes'

/**
 * The wallet's key hierarchy, in WebCrypto (the same code runs in the browser and in Node):
 *
 *   passkey PRF output ──HKDF-SHA-256──▶ wrapping key ──AES-GCM──▶ data key ──AES-GCM──▶ mnemonic
 *
 * The data key is random and never derived from the passkey, so the wallet survives a new passkey
 * (recovery re-wraps the same data key) and the mnemonic ciphertext never changes. Every ciphertext is
 * bound to its wallet and role by AES-GCM's additional data: a blob moved to another wallet or slot
 * fails to decrypt instead of decrypting to something else.
 */

/** AES-GCM ciphertext with its 96-bit IV, base64url: what IndexedDB and the server keep. */
export type Sealed = { iv: string; ct: string }

const DATA_KEY_BYTES = 32
const IV_BYTES = 12
const HKDF_INFO = 'sigil-embedded/prf-wrapping-key/v1'

/** Additional data per role; the wallet id ties each blob to one wallet. */
export const additionalData = {
  dataKey: (walletId: string) => `sigil-embedded/data-key/${walletId}`,
  mnemonic: (walletId: string) => `sigil-embedded/mnemonic/${walletId}`,
  recovery: (walletId: string) => `sigil-embedded/recovery/${walletId}`,
  /** The data key sealed by one device to another's one-time key: bound to the wallet and the pairing. */
  pairing: (walletId: string, pairingId: string) => `sigil-embedded/pairing/${walletId}/${pairingId}`,
}

const subtle = () => globalThis.crypto.subtle

/**
 * The key that wraps the data key, from a passkey's PRF output (32 bytes per WebAuthn L3 §10.1.4).
 * HKDF rather than the raw output: a fixed, labelled derivation, so the same PRF output could later
 * feed other keys without reuse. Not extractable.
 */
export async function deriveWrappingKey(prfOutput: Uint8Array, walletId: string): Promise<CryptoKey> {
  if (prfOutput.byteLength < 32) throw new UnlockFailedError({ details: `PRF output of ${prfOutput.byteLength} bytes` })
  // WebCrypto takes its own copy; ours is wiped once imported.
  const copy = new Uint8Array(prfOutput)
  const material = await subtle().importKey('raw', copy, 'HKDF', false, ['deriveKey']).finally(() => copy.fill(0))
  return subtle().deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt: utf8(`sigil-embedded/${walletId}`), info: utf8(HKDF_INFO) },
    material,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  )
}

/** A fresh random data key, as bytes: wrapped (twice) at creation, then wiped. */
export function generateDataKeyBytes(): Uint8Array<ArrayBuffer> {
  return randomBytes(DATA_KEY_BYTES)
}

/** The data key as a non-extractable AES-GCM key: once imported, script can use it but never read it. */
export function importDataKey(raw: Uint8Array): Promise<CryptoKey> {
  if (raw.byteLength !== DATA_KEY_BYTES) throw new UnlockFailedError({ details: `data key of ${raw.byteLength} bytes` })
  const copy = new Uint8Array(raw)
  return subtle().importKey('raw', copy, { name: 'AES-GCM' }, false, ['encrypt', 'decrypt']).finally(() => copy.fill(0))
}

export async function seal(key: CryptoKey, plaintext: Uint8Array, aad: string): Promise<Sealed> {
  const iv = randomBytes(IV_BYTES)
  const ct = await subtle().encrypt({ name: 'AES-GCM', iv, additionalData: utf8(aad) }, key, new Uint8Array(plaintext))
  return { iv: toBase64Url(iv), ct: toBase64Url(new Uint8Array(ct)) }
}

/** Decrypts; a wrong key, wrong additional data or a damaged blob is an `UnlockFailedError`. */
export async function open(key: CryptoKey, sealed: Sealed, aad: string): Promise<Uint8Array<ArrayBuffer>> {
  let iv: Uint8Array<ArrayBuffer>
  let ct: Uint8Array<ArrayBuffer>
  try {
    iv = fromBase64Url(sealed.iv)
    ct = fromBase64Url(sealed.ct)
  } catch (cause) {
    throw new UnlockFailedError({ details: 'sealed value is not base64url', cause })
  }
  if (iv.byteLength !== IV_BYTES) throw new UnlockFailedError({ details: 'bad IV length' })
  try {
    return new Uint8Array(await subtle().decrypt({ name: 'AES-GCM', iv, additionalData: utf8(aad) }, key, ct))
  } catch (cause) {
    // AES-GCM's tag check: the only failure left is a key or additional data that does not match.
    throw new UnlockFailedError({ details: 'authentication tag mismatch', cause })
  }
}

/** True for a `{iv, ct}` of base64url strings (shape only; `open` does the real check). */
export function isSealed(value: unknown): value is Sealed {
  if (!value || typeof value !== 'object') return false
  const { iv, ct } = value as Record<string, unknown>
  return typeof iv === 'string' && typeof ct === 'string' && /^[\w-]{16}$/.test(iv) && /^[\w-]{22,8192}$/.test(ct)
}
