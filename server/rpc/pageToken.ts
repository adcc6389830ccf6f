import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'

/**
 * The RPC proxy's page token: proof that a request comes from a browser that loaded one of our
 * pages a moment ago. Copying an `Origin` header is enough to pass the origin rule from any script;
 * this token is not there until the script has fetched a page (and then it expires), so the proxy
 * cannot be used as a plain relay for the operator's keyed RPC.
 *
 * The cookie holds `<browser id>.<expiry, epoch seconds>.<HMAC>`: the browser id is random, the
 * HMAC (SHA-256) covers both, keyed from the session secret (`SESSION_SECRET`, every entry accepted
 * while rotating). httpOnly, SameSite=Strict, path `/`; `__Host-` and Secure where the session
 * cookies are Secure (production on https), a plain name on http development. The page's own reads
 * (viem's http transport, the WalletConnect SDK's HTTP RPC) are same-origin fetches, which send it.
 */

/** How long a token lives. */
export const PAGE_TOKEN_TTL_SECONDS = 30 * 60
/** A page response (or a proxied answer) re-issues the token when less than this is left. */
const PAGE_TOKEN_REFRESH_SECONDS = 15 * 60

export function pageTokenCookieName(secure: boolean): string {
  return secure ? '__Host-sigil_rpc' : 'sigil_rpc'
}

const keys = new Map<string, Buffer>()

function keyOf(secret: string): Buffer {
  // A key of its own, derived from the session secret: a token MAC can never be a session seal.
  let key = keys.get(secret)
  if (!key) {
    key = createHmac('sha256', secret).update('sigil/rpc-page-token/v1').digest()
    if (keys.size > 16) keys.clear()
    keys.set(secret, key)
  }
  return key
}

function macOf(secret: string, browserId: string, expiresAt: number): Buffer {
  return createHmac('sha256', keyOf(secret)).update(`${browserId}.${expiresAt}`).digest()
}

/** A new token for `browserId` (default: a new random one), sealed with the newest secret. */
export function issuePageToken(options: { secrets: readonly string[]; now: number; browserId?: string | undefined }): { value: string; expiresAt: number } {
  const browserId = options.browserId ?? randomBytes(16).toString('base64url')
  const expiresAt = Math.floor(options.now / 1000) + PAGE_TOKEN_TTL_SECONDS
  return { value: `${browserId}.${expiresAt}.${macOf(options.secrets[0]!, browserId, expiresAt).toString('base64url')}`, expiresAt }
}

export type PageToken = { browserId: string; expiresAt: number }

/** The token's browser id and expiry when it is genuine and live; null when missing, malformed, forged or expired. */
export function readPageToken(value: string | undefined, options: { secrets: readonly string[]; now: number }): PageToken | null {
  const match = value ? /^([A-Za-z0-9_-]{22})\.(\d{10})\.([A-Za-z0-9_-]{43})$/.exec(value) : null
  if (!match) return null
  const [, browserId, expiry, mac] = match as unknown as [string, string, string, string]
  const expiresAt = Number(expiry)
  if (expiresAt * 1000 <= options.now) return null
  const presented = Buffer.from(mac, 'base64url')
  const genuine = options.secrets.some((secret) => {
    const expected = macOf(secret, browserId, expiresAt)
    return expected.length === presented.length && timingSafeEqual(expected, presented)
  })
  return genuine ? { browserId, expiresAt } : null
}

/** Whether a live token should be re-issued (less than PAGE_TOKEN_REFRESH_SECONDS left). */
export function pageTokenNeedsRefresh(token: PageToken | null, now: number): boolean {
  return !token || token.expiresAt * 1000 - now < PAGE_TOKEN_REFRESH_SECONDS * 1000
}

/** The `Set-Cookie` line for `value`. */
export function pageTokenSetCookie(value: string, secure: boolean): string {
  return `${pageTokenCookieName(secure)}=${value}; Path=/; Max-Age=${PAGE_TOKEN_TTL_SECONDS}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`
}

/** The token cookie's value in a `Cookie` header, if any. */
export function pageTokenFromCookieHeader(header: string | null, secure: boolean): string | undefined {
  const name = pageTokenCookieName(secure)
  for (const part of (header ?? '').split(';')) {
    const index = part.indexOf('=')
    if (index > 0 && part.slice(0, index).trim() === name) return part.slice(index + 1).trim()
  }
  return undefined
}

/**
 * The check the proxy (and any other route that spends the operator's RPC, e.g. a broadcast route)
 * applies: the request's cookie holds a genuine, live token. Returns the token, or null.
 */
export function requestPageToken(request: { headers: Headers }, options: { secrets: readonly string[]; secure: boolean; now: number }): PageToken | null {
  return readPageToken(pageTokenFromCookieHeader(request.headers.get('cookie'), options.secure), options)
}
