import { UnlockFailedError } from '@/lib/embedded/errors'
import { concatBytes, fromBase64Url, toBase64Url, utf8 } from '@/lib/embedded/crypto/bytes'
import { open, seal, type Sealed } from '@/lib/embedded/crypto/keyWrapping'

/**
 * Public-key sealing (ECIES on P-256: ephemeral ECDH → HKDF-SHA-256 → AES-256-GCM), in WebCrypto on
 * both sides. Two uses:
 * - at creation the browser seals the data key to the server's recovery public key, so the server
 *   receives it wrapped and stores it wrapped: it never sees the plain key until a recovery;
 * - in a recovery session the server re-seals the data key to a one-time key pair the browser just
 *   made, so the answer carries the key wrapped, never in plain JSON.
 */

/** `epk`: the sender's ephemeral public key (uncompressed P-256, 65 bytes), base64url. */
export type Envelope = Sealed & { epk: string }

const CURVE = { name: 'ECDH', namedCurve: 'P-256' } as const
const HKDF_INFO = 'sigil-embedded/ecies-p256-aes256gcm/v1'
const P256_PUBLIC_KEY_BYTES = 65

const subtle = () => globalThis.crypto.subtle

function importPublicKey(raw: Uint8Array): Promise<CryptoKey> {
  if (raw.byteLength !== P256_PUBLIC_KEY_BYTES || raw[0] !== 0x04) throw new UnlockFailedError({ details: 'not an uncompressed P-256 public key' })
  return subtle().importKey('raw', new Uint8Array(raw), CURVE, true, [])
}

async function sharedKey(privateKey: CryptoKey, peer: CryptoKey, salt: Uint8Array): Promise<CryptoKey> {
  const secret = await subtle().deriveBits({ name: 'ECDH', public: peer }, privateKey, 256)
  const material = await subtle().importKey('raw', secret, 'HKDF', false, ['deriveKey'])
  return subtle().deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt: new Uint8Array(salt), info: utf8(HKDF_INFO) },
    material,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  )
}

/** A one-time P-256 key pair; the private half is not extractable. */
export async function generateEphemeralKeyPair(): Promise<{ privateKey: CryptoKey; publicKey: Uint8Array<ArrayBuffer> }> {
  const pair = await subtle().generateKey(CURVE, false, ['deriveBits'])
  return { privateKey: pair.privateKey, publicKey: new Uint8Array(await subtle().exportKey('raw', pair.publicKey)) }
}

/** Seals `plaintext` so that only the holder of `recipientPublicKey`'s private key can open it. */
export async function sealToPublicKey(recipientPublicKey: Uint8Array, plaintext: Uint8Array, aad: string): Promise<Envelope> {
  const recipient = await importPublicKey(recipientPublicKey)
  const ephemeral = await generateEphemeralKeyPair()
  // Both public keys in the salt bind the derived key to this exact pair (no key-substitution tricks).
  const key = await sharedKey(ephemeral.privateKey, recipient, concatBytes(ephemeral.publicKey, recipientPublicKey))
  return { epk: toBase64Url(ephemeral.publicKey), ...(await seal(key, plaintext, aad)) }
}

/** Opens an envelope with the recipient's key pair; anything that does not match is an `UnlockFailedError`. */
export async function openWithPrivateKey(
  recipient: { privateKey: CryptoKey; publicKey: Uint8Array },
  envelope: Envelope,
  aad: string,
): Promise<Uint8Array<ArrayBuffer>> {
  let epk: Uint8Array<ArrayBuffer>
  try {
    epk = fromBase64Url(envelope.epk)
  } catch (cause) {
    throw new UnlockFailedError({ details: 'envelope key is not base64url', cause })
  }
  const sender = await importPublicKey(epk)
  const key = await sharedKey(recipient.privateKey, sender, concatBytes(epk, recipient.publicKey))
  return open(key, envelope, aad)
}

export function isEnvelope(value: unknown): value is Envelope {
  if (!value || typeof value !== 'object') return false
  const { epk, iv, ct } = value as Record<string, unknown>
  return typeof epk === 'string' && /^[\w-]{87}$/.test(epk) && typeof iv === 'string' && /^[\w-]{16}$/.test(iv) && typeof ct === 'string' && /^[\w-]{22,1024}$/.test(ct)
}
