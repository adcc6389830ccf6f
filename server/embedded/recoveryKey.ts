import { createECDH, createHash, createSecretKey, hkdfSync, randomBytes, type KeyObject } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { toBase64Url } from '@sigil/lib/embedded/crypto/bytes'
import { envOf, parseRecoverySecret, RecoveryKeyError, type EnvInput } from '@/server/config/env'

export { parseRecoverySecret, RecoveryKeyError }

export const RECOVERY_KEY_FILE = 'embedded-recovery-key'
const SECRET_BYTES = 32
/** Order of the P-256 group: a private scalar must lie in [1, n-1]. */
const P256_ORDER = BigInt('0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551')

/**
 * The secret behind the embedded wallet's email recovery. `EMBEDDED_RECOVERY_KEY` always wins and is
 * required in production (every instance must use the same one, and losing it makes every wallet's
 * email recovery impossible). In development a random one is generated once and kept in the data
 * folder beside the session secret, so `npm run dev` needs no setup.
 */
export function resolveRecoverySecret(options: { env?: EnvInput; dataDir: string }): Uint8Array {
  // The rules (32 bytes, required in production) are the reader's: server/config/env.ts.
  const configured = envOf(options.env).recoverySecret
  if (configured) return new Uint8Array(configured)
  const file = path.join(options.dataDir, RECOVERY_KEY_FILE)
  const existing = readKeyFile(file)
  if (existing) return existing
  mkdirSync(options.dataDir, { recursive: true })
  try {
    // 'wx': if another process wrote one meanwhile, use theirs rather than overwrite it.
    writeFileSync(file, randomBytes(SECRET_BYTES).toString('base64'), { flag: 'wx', mode: 0o600 })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
  }
  const written = readKeyFile(file)
  if (!written) throw new RecoveryKeyError(`The development recovery key in ${file} is unreadable; delete it to generate a new one (wallets created with it can then no longer be recovered by email).`)
  return written
}

/**
 * Recovery secrets retired by a rotation, still needed to open the wallets sealed under them until the
 * re-seal procedure has moved every wallet to the current key (README, "Rotating the recovery key"):
 * `EMBEDDED_RECOVERY_KEYS_PREVIOUS`, a comma-separated list in the same format as `EMBEDDED_RECOVERY_KEY`.
 */
export function resolvePreviousRecoverySecrets(input?: EnvInput): Uint8Array[] {
  return envOf(input).previousRecoverySecrets.map((secret) => new Uint8Array(secret))
}

function readKeyFile(file: string): Uint8Array | null {
  try {
    return parseRecoverySecret(readFileSync(file, 'utf8'))
  } catch {
    return null
  }
}

export type RecoveryKeyPair = {
  /** WebCrypto ECDH P-256 private key (not extractable). */
  privateKey: CryptoKey
  /** Uncompressed P-256 public key, 65 bytes: what browsers seal the data key to. */
  publicKey: Uint8Array
  publicKeyBase64Url: string
}

/**
 * The recovery key pair, derived from the secret (HKDF-SHA-256 → a P-256 scalar). Derived, not stored:
 * one secret to keep, and the same key pair on every instance.
 */
export async function recoveryKeyPair(secret: Uint8Array): Promise<RecoveryKeyPair> {
  let scalar: Buffer | undefined
  for (let counter = 0; !scalar; counter++) {
    const candidate = Buffer.from(hkdfSync('sha256', secret, 'sigil-embedded', `sigil-embedded/recovery-p256/v1/${counter}`, 32))
    const value = BigInt(`0x${candidate.toString('hex')}`)
    // Outside [1, n-1] with probability ~2^-32: derive again rather than bias the scalar.
    if (value > BigInt(0) && value < P256_ORDER) scalar = candidate
  }
  const ecdh = createECDH('prime256v1')
  ecdh.setPrivateKey(scalar)
  const publicKey = new Uint8Array(ecdh.getPublicKey(undefined, 'uncompressed'))
  const privateKey = await globalThis.crypto.subtle.importKey(
    'jwk',
    {
      kty: 'EC',
      crv: 'P-256',
      d: toBase64Url(scalar),
      x: toBase64Url(publicKey.slice(1, 33)),
      y: toBase64Url(publicKey.slice(33, 65)),
      ext: false,
    },
    { name: 'ECDH', namedCurve: 'P-256' },
    false,
    ['deriveBits'],
  )
  scalar.fill(0)
  return { privateKey, publicKey, publicKeyBase64Url: toBase64Url(publicKey) }
}

/** One recovery key: its id, its P-256 pair, and the HMAC key for emailed codes (both derived from one secret). */
export type RecoveryKey = RecoveryKeyPair & {
  /** Short public id of the key (from its public key): written into each envelope sealed to it and each code hash. */
  kid: string
  /** HMAC-SHA-256 key for emailed codes: HKDF of the same secret with its own label, never leaves the server. */
  codeKey: KeyObject
  /** HMAC-SHA-256 key of the stored email lookup hash (server/embedded/emailAtRest.ts): its own label. */
  emailHashKey: KeyObject
  /** AES-256-GCM key the stored email is sealed under (server/embedded/emailAtRest.ts): its own label. */
  emailSealKey: KeyObject
}

/** The configured recovery keys: the current one (new envelopes and codes) first, then retired ones. */
export type RecoveryKeyring = {
  current: RecoveryKey
  keys: readonly RecoveryKey[]
  byKid(kid: string): RecoveryKey | undefined
}

/** The key id of a recovery public key: 8 bytes of SHA-256 over a label and the key, base64url (11 characters). */
function recoveryKeyId(publicKey: Uint8Array): string {
  return createHash('sha256').update('sigil-embedded/recovery-kid/v1/').update(publicKey).digest().subarray(0, 8).toString('base64url')
}

/** The HMAC key for emailed codes: HKDF-SHA-256 of the recovery secret with its own label. */
function codeHmacKey(secret: Uint8Array): KeyObject {
  const bytes = Buffer.from(hkdfSync('sha256', secret, 'sigil-embedded', 'sigil-embedded/email-code-hmac/v1', 32))
  const key = createSecretKey(bytes)
  bytes.fill(0)
  return key
}

/** A 32-byte key of its own for `label`: HKDF-SHA-256 of the recovery secret (one secret to keep, keys that never mix). */
function derivedSecretKey(secret: Uint8Array, label: string): KeyObject {
  const bytes = Buffer.from(hkdfSync('sha256', secret, 'sigil-embedded', label, 32))
  const key = createSecretKey(bytes)
  bytes.fill(0)
  return key
}

/** The key ring of `current` and `previous` secrets (duplicates dropped, current first). */
export async function recoveryKeyring(current: Uint8Array, previous: readonly Uint8Array[] = []): Promise<RecoveryKeyring> {
  const secrets: Uint8Array[] = []
  for (const secret of [current, ...previous]) if (!secrets.some((known) => Buffer.from(known).equals(Buffer.from(secret)))) secrets.push(secret)
  const keys = await Promise.all(
    secrets.map(async (secret): Promise<RecoveryKey> => {
      const pair = await recoveryKeyPair(secret)
      return {
        ...pair,
        kid: recoveryKeyId(pair.publicKey),
        codeKey: codeHmacKey(secret),
        emailHashKey: derivedSecretKey(secret, 'sigil-embedded/email-lookup-hmac/v1'),
        emailSealKey: derivedSecretKey(secret, 'sigil-embedded/email-seal-aes-gcm/v1'),
      }
    }),
  )
  return { current: keys[0]!, keys, byKid: (kid) => keys.find((key) => key.kid === kid) }
}
