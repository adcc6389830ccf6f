import { createHash, randomBytes } from 'node:crypto'
import { unsealData } from 'iron-session'
import { getAddress, isAddress, type Address } from 'viem'
import { isChainId } from '@sigil/lib/chains'
import { expiredCookie, readCookies, serializeCookie, type CookieAttributes } from '@/server/http/cookies'
import { sessionCookieName } from '@sigil/lib/storageNames'
import { ironSeal } from './ironSeal'

/** A signed-in session: the address proven by the signature and the chain it was verified on. */
export type Session = {
  address: Address
  chainId: number
  /** ISO 8601 */
  issuedAt: string
  /** ISO 8601; 24 h after `issuedAt`. */
  expiresAt: string
}

const SESSION_TTL_SECONDS = 24 * 60 * 60

function attributes(secure: boolean): CookieAttributes {
  // Lax: sent on top-level navigations back to the site, not on cross-site subrequests or POSTs.
  return { path: '/', httpOnly: true, secure, sameSite: 'Lax' }
}

/**
 * A new session and its id. The id (256 random bits) travels only inside the sealed cookie; the
 * store keeps its SHA-256 (`sessionIdHash`), so logout can revoke it and the session check look it up.
 */
export function createSession(parameters: { address: Address; chainId: number; now: Date }): { session: Session; id: string } {
  const issuedAt = parameters.now
  return {
    session: {
      address: getAddress(parameters.address),
      chainId: parameters.chainId,
      issuedAt: issuedAt.toISOString(),
      expiresAt: new Date(issuedAt.getTime() + SESSION_TTL_SECONDS * 1000).toISOString(),
    },
    id: randomBytes(32).toString('base64url'),
  }
}

export function sessionIdHash(id: string): string {
  return createHash('sha256').update(id).digest('base64url')
}

/**
 * The secrets that seal cookies, newest first (`resolveSessionSecrets`). iron-session takes several
 * passwords as `{id: password}`, writes the id into the seal and opens a seal with the password of
 * that id. The id is derived from the secret itself (48 bits of its SHA-256), so it stays the same
 * wherever the secret moves in the list; sealing passes only the newest one, opening passes all.
 */
export type SessionSecrets = readonly string[]

const passwordIds = new Map<string, string>()
function passwordId(secret: string): string {
  let id = passwordIds.get(secret)
  if (id === undefined) {
    id = String(Number.parseInt(createHash('sha256').update(`sigil session secret id\n${secret}`).digest('hex').slice(0, 12), 16))
    // A handful of secrets per process (the current one and those being rotated out).
    if (passwordIds.size < 16) passwordIds.set(secret, id)
  }
  return id
}

function sealingPassword(secrets: SessionSecrets): { id: string; secret: string } {
  const newest = secrets[0]
  if (!newest) throw new Error('no session secret')
  return { id: passwordId(newest), secret: newest }
}

function openingPasswords(secrets: SessionSecrets): Record<string, string> {
  return Object.fromEntries(secrets.map((secret) => [passwordId(secret), secret]))
}

/**
 * The `Set-Cookie` value carrying the session and its id, sealed (encrypted and signed) with the
 * newest secret: iron-session's format, made synchronously (ironSeal.ts), opened by iron-session.
 */
export async function sessionSetCookie(session: Session, id: string, options: { secrets: SessionSecrets; secure: boolean }): Promise<string> {
  const seal = ironSeal({ ...session, sid: id }, sealingPassword(options.secrets), { ttlMs: SESSION_TTL_SECONDS * 1000 })
  return serializeCookie(sessionCookieName(options.secure), seal, { ...attributes(options.secure), maxAge: SESSION_TTL_SECONDS })
}

export function clearSessionCookie(options: { secure: boolean }): string {
  return expiredCookie(sessionCookieName(options.secure), attributes(options.secure))
}

function isSealedSession(value: unknown): value is Session & { sid: string } {
  if (!value || typeof value !== 'object') return false
  const record = value as Record<string, unknown>
  return (
    typeof record.address === 'string' && isAddress(record.address) &&
    isChainId(record.chainId) &&
    typeof record.issuedAt === 'string' && !Number.isNaN(Date.parse(record.issuedAt)) &&
    typeof record.expiresAt === 'string' && !Number.isNaN(Date.parse(record.expiresAt)) &&
    typeof record.sid === 'string' && /^[\w-]{43}$/.test(record.sid)
  )
}

/**
 * The session in the request's cookie and its id, or null if absent, tampered with, sealed with a
 * secret no longer configured, or expired. Whether it was revoked is the store's to say
 * (`sessionOwner(sessionIdHash(id))`), and the row must belong to it (`sessionRowMatches`).
 */
export async function readSessionCookie(
  request: Request,
  options: { secrets: SessionSecrets; secure: boolean; now: Date },
): Promise<{ session: Session; id: string } | null> {
  const seal = readCookies(request).get(sessionCookieName(options.secure))
  if (!seal || options.secrets.length === 0) return null
  let data: unknown
  try {
    data = await unsealData<unknown>(seal, { password: openingPasswords(options.secrets), ttl: SESSION_TTL_SECONDS })
  } catch {
    return null
  }
  if (!isSealedSession(data)) return null
  if (Date.parse(data.expiresAt) <= options.now.getTime()) return null
  return { session: { address: getAddress(data.address), chainId: data.chainId, issuedAt: data.issuedAt, expiresAt: data.expiresAt }, id: data.sid }
}

/**
 * Whether the store's row for a cookie's session id belongs to that cookie: the same address and
 * chain. The id alone is not enough: whoever holds the sealing secret could re-seal their own live
 * session's id with any address; the row says whose it is. A row without a chain (written before
 * the store kept one) is compared by address only. A mismatch is no session.
 */
export function sessionRowMatches(row: { address: string; chainId: number | null } | null, session: Pick<Session, 'address' | 'chainId'>): boolean {
  if (!row) return false
  if (row.address.toLowerCase() !== session.address.toLowerCase()) return false
  return row.chainId === null || row.chainId === session.chainId
}

/**
 * Secure cookies in production. The exception is a production build served on a loopback `http://`
 * origin (e2e runs and benchmarks of `next start`): there is no TLS to require there, and plain-HTTP
 * clients (load generators, Node fetch jars) drop Secure cookies.
 */
export function shouldUseSecureCookies(parameters: { nodeEnv: string | undefined; origins: readonly string[] }): boolean {
  if (parameters.nodeEnv !== 'production') return false
  const loopbackHttp = (origin: string) => {
    try {
      const url = new URL(origin)
      return url.protocol === 'http:' && (['localhost', '127.0.0.1', '[::1]'].includes(url.hostname) || url.hostname.endsWith('.localhost'))
    } catch {
      return false
    }
  }
  return !(parameters.origins.length > 0 && parameters.origins.every(loopbackHttp))
}
