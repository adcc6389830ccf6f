/**
 * The cross-site request rule of every state-changing API request: a browser names the page that
 * sent a request in `Origin`, and only this site's own pages may call its API with anything but
 * GET, HEAD or OPTIONS. Without it a form on any site could post to `/api/auth/logout` (it reads no
 * body) and sign the user out, or drive the other routes with a `text/plain` body.
 */

/** Methods that change nothing on the server (RFC 9110 §9.2.1 "safe"); the rule lets them through. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

export type RequestOriginInput = {
  method: string
  /** The request's path, e.g. `/api/auth/verify`. */
  pathname: string
  /** The `Origin` header, or `null` when absent. The string `"null"` (opaque origins) is a value. */
  origin: string | null
  /** The `Sec-Fetch-Site` header, or `null` when absent. */
  secFetchSite: string | null
  /** The exact origins the site answers on (`appOrigins()`, from `APP_ORIGIN`). */
  allowedOrigins: readonly string[]
}

export type RequestOriginVerdict =
  | { allowed: true }
  /** `reason` is for the server log: which header was wrong, never a secret. */
  | { allowed: false; reason: string }

/** True for the paths the rule guards: the API, where every state change happens. */
export function isApiPath(pathname: string): boolean {
  return pathname === '/api' || pathname.startsWith('/api/')
}

/**
 * The rule:
 * - GET, HEAD, OPTIONS and anything outside `/api/` pass (pages change nothing);
 * - otherwise `Origin` must be exactly one of `allowedOrigins` (`null` — a sandboxed frame, a
 *   `data:` page, a cross-origin redirect — is never one);
 * - a request without `Origin` passes only when the browser says it is same-origin
 *   (`Sec-Fetch-Site: same-origin`); `same-site` is refused too: a sibling subdomain is another site
 *   for this app's cookies and sign-ins.
 */
export function checkRequestOrigin(input: RequestOriginInput): RequestOriginVerdict {
  if (SAFE_METHODS.has(input.method.toUpperCase()) || !isApiPath(input.pathname)) return { allowed: true }
  const { origin, secFetchSite } = input
  if (origin !== null) {
    if (input.allowedOrigins.includes(origin)) return { allowed: true }
    return { allowed: false, reason: `Origin ${JSON.stringify(origin.slice(0, 100))} is not one of APP_ORIGIN` }
  }
  if (secFetchSite === 'same-origin') return { allowed: true }
  return { allowed: false, reason: `no Origin header and Sec-Fetch-Site is ${secFetchSite === null ? 'absent' : JSON.stringify(secFetchSite.slice(0, 40))}` }
}
