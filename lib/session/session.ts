import { sealData, unsealData } from 'iron-session'
import { getAddress, isAddress, type Address } from 'viem'
import { isChainId } from '@/lib/chains'
import { expiredCookie, readCookies, serializeCookie, type CookieAttributes } from '@/lib/http/cookies'

/** A signed-in session: the address proven by the signature and the chain it was verified on. */
export type Session = {
  address: Address
  chainId: number
  /** ISO 8601 */
  issuedAt: string
  /** ISO 8601; 24 h after `issuedAt`. */
  expiresAt: string
}

export const SESSION_TTL_SECONDS = 24 * 60 * 60

/**
 * `__Host-` (RFC 6265bis) pins the cookie to this exact host over HTTPS, with no Domain attribute a
 * sibling subdomain could set; browsers only accept it with Secure, so plain-HTTP development uses
 * the bare name.
 */
export function sessionCookieName(secure: boolean): string {
  return secure ? '__Host-sigil_session' : 'sigil_session'
}

function attributes(secure: boolean): CookieAttributes {
  // Lax: sent on top-level navigations back to the site, not on cross-site subrequests or POSTs.
  return { path: '/', httpOnly: true, secure, sameSite: 'Lax' }
}

export function createSession(parameters: { address: Address; chainId: number; now: Date }): Session {
  const issuedAt = parameters.now
  return {
    address: getAddress(parameters.address),
    chainId: parameters.chainId,
    issuedAt: issuedAt.toISOString(),
    expiresAt: new Date(issuedAt.getTime() + SESSION_TTL_SECONDS * 1000).toISOString(),
  }
}

/** The `Set-Cookie` value carrying the session, sealed (encrypted and signed) with iron-session. */
export async function sessionSetCookie(session: Session, options: { secret: string; secure: boolean }): Promise<string> {
  const seal = await sealData(session, { password: options.secret, ttl: SESSION_TTL_SECONDS })
  return serializeCookie(sessionCookieName(options.secure), seal, { ...attributes(options.secure), maxAge: SESSION_TTL_SECONDS })
}

export function clearSessionCookie(options: { secure: boolean }): string {
  return expiredCookie(sessionCookieName(options.secure), attributes(options.secure))
}

function isSession(value: unknown): value is Session {
  if (!value || typeof value !== 'object') return false
  const record = value as Record<string, unknown>
  return (
    typeof record.address === 'string' && isAddress(record.address) &&
    isChainId(record.chainId) &&
    typeof record.issuedAt === 'string' && !Number.isNaN(Date.parse(record.issuedAt)) &&
    typeof record.expiresAt === 'string' && !Number.isNaN(Date.parse(record.expiresAt))
  )
}

/** The session in the request's cookie, or null if absent, tampered with, sealed with another secret or expired. */
export async function readSession(request: Request, options: { secret: string; secure: boolean; now: Date }): Promise<Session | null> {
  const seal = readCookies(request).get(sessionCookieName(options.secure))
  if (!seal) return null
  let data: unknown
  try {
    data = await unsealData<unknown>(seal, { password: options.secret, ttl: SESSION_TTL_SECONDS })
  } catch {
    return null
  }
  if (!isSession(data)) return null
  if (Date.parse(data.expiresAt) <= options.now.getTime()) return null
  return { address: getAddress(data.address), chainId: data.chainId, issuedAt: data.issuedAt, expiresAt: data.expiresAt }
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
      return url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname)
    } catch {
      return false
    }
  }
  return !(parameters.origins.length > 0 && parameters.origins.every(loopbackHttp))
}
