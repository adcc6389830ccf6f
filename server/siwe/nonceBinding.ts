import 'server-only'
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import { readCookies, serializeCookie } from '@/server/http/cookies'
import { NONCE_TTL_MS } from '@sigil/lib/siwe/policy'
import { nonceCookieName } from '@sigil/lib/storageNames'

/**
 * A sign-in or link nonce: 128 bits from the system's CSPRNG, as hex (EIP-4361 asks for at least 8
 * letters and digits). Not viem's `generateSiweNonce`: it cuts each nonce from one shared
 * `Math.random` buffer, one character further along per call, so a stranger who asks for a nonce
 * just before and just after another browser's can spell that browser's nonce and burn it (a nonce
 * is burnt first, whoever presents it). docs/sign-in.md, "Nonces".
 */
export function newNonce(): string {
  return randomBytes(16).toString('hex')
}

/**
 * A browser's binding token: random, kept in a short-lived httpOnly cookie, reused while it lasts so
 * several tabs can each hold a nonce. The store only keeps its hash.
 */
export function readBindingToken(request: Request, secure: boolean): string | null {
  const value = readCookies(request).get(nonceCookieName(secure))
  return value && /^[\w-]{43}$/.test(value) ? value : null
}

export function newBindingToken(): string {
  return randomBytes(32).toString('base64url')
}

export function bindingHash(token: string): string {
  return createHash('sha256').update(token).digest('base64url')
}

export function bindingMatches(storedHash: string, token: string | null): boolean {
  if (!token) return false
  const expected = Buffer.from(storedHash)
  const actual = Buffer.from(bindingHash(token))
  return expected.length === actual.length && timingSafeEqual(expected, actual)
}

export function bindingSetCookie(token: string, secure: boolean): string {
  // Strict: only this site's own requests carry it. It outlives no nonce it could bind.
  return serializeCookie(nonceCookieName(secure), token, {
    path: '/',
    httpOnly: true,
    secure,
    sameSite: 'Strict',
    maxAge: NONCE_TTL_MS / 1000,
  })
}
