import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto'
import type { Store } from '@/server/store/types'
import type { RecoveryKey, RecoveryKeyring } from './recoveryKey'
import { BaseError } from '@sigil/lib/errors/BaseError'

/**
 * What the database keeps of an email address: never the address itself.
 * - For lookups, `hashEmail`: HMAC-SHA-256 of the normalised address under a key derived from the
 *   recovery secret (`emailHashKey`), tagged with the key's id: `hmac-sha256:<kid>:<hex>`. A plain
 *   hash of an email falls to a dictionary of known addresses; without the key, it tells nothing.
 * - To mail the owner, `sealEmail`: AES-256-GCM under another key derived from the same secret
 *   (`emailSealKey`), with associated data naming the row it belongs to (a wallet, a code), so a
 *   ciphertext copied onto another row does not open: `aes-256-gcm:<kid>:<iv>:<ct+tag>` (base64url).
 * A rotation of the recovery key changes both keys: lookups try every key of the ring
 * (`emailHashes`), and `npm run embedded:reseal` moves every wallet's two columns to the current key.
 */
const HASH_SCHEME = 'hmac-sha256'
const SEAL_SCHEME = 'aes-256-gcm'

/** Which row a sealed email belongs to: its associated data. */
export type EmailContext = { wallet: string } | { code: string }
const associatedData = (context: EmailContext) =>
  Buffer.from('wallet' in context ? `sigil-embedded/email/v1/wallet/${context.wallet}` : `sigil-embedded/email/v1/code/${context.code}`, 'utf8')

/** The lookup hash of a (normalised) email under one key. */
export function hashEmail(key: Pick<RecoveryKey, 'kid' | 'emailHashKey'>, email: string): string {
  const mac = createHmac('sha256', key.emailHashKey).update(`sigil-embedded/email-lookup/v1/${email}`).digest('hex')
  return `${HASH_SCHEME}:${key.kid}:${mac}`
}

/** The email's lookup hash under every key of the ring, the current one first (rows not yet re-sealed keep an older one). */
export function emailHashes(keyring: RecoveryKeyring, email: string): string[] {
  return keyring.keys.map((key) => hashEmail(key, email))
}

/** The email sealed under `key` for the row `context`. */
export function sealEmail(key: Pick<RecoveryKey, 'kid' | 'emailSealKey'>, email: string, context: EmailContext): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', key.emailSealKey, iv)
  cipher.setAAD(associatedData(context))
  const ct = Buffer.concat([cipher.update(email, 'utf8'), cipher.final(), cipher.getAuthTag()])
  return `${SEAL_SCHEME}:${key.kid}:${iv.toString('base64url')}:${ct.toString('base64url')}`
}

/** Raised when a sealed email does not open: a key no longer configured, another row's ciphertext, or damage. */
export class SealedEmailError extends BaseError {
  override name = 'SealedEmailError'
}

/** The email sealed in `sealed` for the row `context`, under the key its text names. */
export function openEmail(keyring: RecoveryKeyring, sealed: string, context: EmailContext): string {
  const [scheme, kid, iv, ct] = sealed.split(':')
  const key = scheme === SEAL_SCHEME && kid ? keyring.byKid(kid) : undefined
  if (!key || !iv || !ct) throw new SealedEmailError(`the sealed email names ${key ? 'no ciphertext' : `a key that is not configured (${kid ?? 'none'})`}`)
  const bytes = Buffer.from(ct, 'base64url')
  if (bytes.byteLength < 17) throw new SealedEmailError('the sealed email is too short')
  try {
    const decipher = createDecipheriv('aes-256-gcm', key.emailSealKey, Buffer.from(iv, 'base64url'))
    decipher.setAAD(associatedData(context))
    decipher.setAuthTag(bytes.subarray(bytes.byteLength - 16))
    return Buffer.concat([decipher.update(bytes.subarray(0, bytes.byteLength - 16)), decipher.final()]).toString('utf8')
  } catch (cause) {
    throw new SealedEmailError('the sealed email does not open for this row', { cause })
  }
}

/** The key id a stored hash or sealed email was made under. */
export const kidOf = (stored: string): string | undefined => stored.split(':')[1]

export type EmailResealReport = { sealed: number; rekeyed: number; current: number; failed: { walletId: string; reason: string }[] }

/**
 * Brings every wallet's email to the current key: rows from before migration 9 (plain email) get
 * their hash and sealed email and lose the plain one; rows under a retired key are re-keyed
 * (compare-and-set, so a concurrent change is not overwritten). Idempotent: run at the first use of
 * the embedded API (`createEmbeddedRoutes`) and by `npm run embedded:reseal`.
 */
export async function resealWalletEmails(parameters: { store: Store; keyring: RecoveryKeyring; pageSize?: number; plainOnly?: boolean }): Promise<EmailResealReport> {
  const { store, keyring } = parameters
  const pageSize = parameters.pageSize ?? 200
  const report: EmailResealReport = { sealed: 0, rekeyed: 0, current: 0, failed: [] }
  for (;;) {
    const plain = await store.listPlainEmailWallets(pageSize)
    if (plain.length === 0) break
    let moved = 0
    for (const row of plain) {
      const sealed = { emailHash: hashEmail(keyring.current, row.email), emailSealed: sealEmail(keyring.current, row.email, { wallet: row.walletId }) }
      if (await store.sealWalletEmail(row.walletId, { plain: row.email }, sealed)) moved += 1
    }
    report.sealed += moved
    // Every row of the page changed meanwhile (none moved): stop rather than loop.
    if (moved === 0) break
  }
  // At start only the plain rows (cheap when there are none); the re-seal command re-keys every row.
  if (parameters.plainOnly) return report
  let after = ''
  for (;;) {
    const page = await store.listWalletsAfter(after, pageSize)
    if (page.length === 0) break
    after = page.at(-1)!.walletId
    for (const wallet of page) {
      if (wallet.emailSealed === null || wallet.emailHash === null) continue
      if (kidOf(wallet.emailSealed) === keyring.current.kid && kidOf(wallet.emailHash) === keyring.current.kid) {
        report.current += 1
        continue
      }
      try {
        const email = openEmail(keyring, wallet.emailSealed, { wallet: wallet.walletId })
        const next = { emailHash: hashEmail(keyring.current, email), emailSealed: sealEmail(keyring.current, email, { wallet: wallet.walletId }) }
        if (await store.sealWalletEmail(wallet.walletId, { sealed: wallet.emailSealed }, next)) report.rekeyed += 1
      } catch (error) {
        report.failed.push({ walletId: wallet.walletId, reason: error instanceof Error ? error.message : String(error) })
      }
    }
  }
  return report
}
