import { utf8 } from '@/lib/embedded/crypto/bytes'

/**
 * The code that lets a second device take a wallet from the first (docs/families/embedded.md, "Add a
 * device"), and the fingerprint both screens show so the user can tell the device that claimed it is
 * theirs. Shared by the vault (both devices) and the server; WebCrypto only.
 *
 * The code: 10 characters of Crockford's base32 (0-9, A-Z without I, L, O, U), 50 bits, shown as two
 * groups of five. What a person types is forgiven the usual slips: case, spaces, dashes, O for 0,
 * I or L for 1.
 */

export const PAIRING_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'
export const PAIRING_CODE_LENGTH = 10
/** log2(32) × 10. */
export const PAIRING_CODE_BITS = 50

/** A fresh code: each character from one random byte's low five bits (256 is a multiple of 32: no bias). */
export function generatePairingCode(random: (length: number) => Uint8Array = (length) => globalThis.crypto.getRandomValues(new Uint8Array(length))): string {
  const bytes = random(PAIRING_CODE_LENGTH)
  let code = ''
  for (const byte of bytes) code += PAIRING_CODE_ALPHABET[byte & 31]
  bytes.fill(0)
  return code
}

/** A typed or scanned code in its canonical form, or null when it cannot be one (length, characters). */
export function normalisePairingCode(input: unknown): string | null {
  if (typeof input !== 'string' || input.length > 40) return null
  const cleaned = input
    .toUpperCase()
    .replace(/[\s-]+/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1')
  if (cleaned.length !== PAIRING_CODE_LENGTH) return null
  for (const character of cleaned) if (!PAIRING_CODE_ALPHABET.includes(character)) return null
  return cleaned
}

/** `ABCDE-FGHJK`: two groups of five, easier to read out and type. */
export function formatPairingCode(code: string): string {
  return `${code.slice(0, 5)}-${code.slice(5)}`
}

const FINGERPRINT_LABEL = 'sigil-embedded/pairing-fingerprint/v1'
const FINGERPRINT_DIGITS = 8

/**
 * What both screens show once a device has claimed the code: 8 digits (as `1234 5678`) from SHA-256
 * over the pairing id and the claiming device's one-time public key. The old device computes it from
 * the key the server relayed, the new one from the key it made: the same digits on both screens mean
 * the data key will be sealed to the device in the user's hand, not to someone who guessed or saw the code.
 */
export async function pairingFingerprint(pairingId: string, publicKeyBase64Url: string): Promise<string> {
  const digest = new Uint8Array(await globalThis.crypto.subtle.digest('SHA-256', utf8(`${FINGERPRINT_LABEL}\n${pairingId}\n${publicKeyBase64Url}`)))
  // 40 bits reduced mod 10^8: the bias (2^40 is not a multiple of 10^8) is below 10^-4, irrelevant here.
  let value = 0
  for (const byte of digest.subarray(0, 5)) value = value * 256 + byte
  const digits = String(value % 10 ** FINGERPRINT_DIGITS).padStart(FINGERPRINT_DIGITS, '0')
  return `${digits.slice(0, 4)} ${digits.slice(4)}`
}
