/**
 * The cross-site request rule of every state-changing API request: a browser names the page that
 * sent a request in `Origin`, and only this site's own pages may call its API with anything but
 * GET, HEAD or OPTIONS. Without it a form on any site could post to `/api/auth/logout` (it reads no
 * body) and sign the user out, or drive the other routes with a `text/plain` body.
 */

import { embeddedApiPaths } from '@sigil/lib/embedded/apiTypes'

/**
 * The API's pages a link on another site (an email) may open: the owner's cancel link. Any other API
 * path opened as a page from elsewhere is refused: a navigation to `/api/auth/nonce` would set a new
 * nonce binding (a Strict cookie is not sent on it, but is stored from its answer) and fail the
 * sign-in under way in the user's other tab.
 */
const LINKED_API_PAGES: ReadonlySet<string> = new Set([embeddedApiPaths.recoveryCancel])

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
  /** The exact origins the site answers on (`readEnv().appOrigins`, from `APP_ORIGIN`). */
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

export type FetchMetadataInput = {
  method: string
  pathname: string
  /** `Sec-Fetch-Site`, `Sec-Fetch-Mode` and `Sec-Fetch-Dest`, each `null` when absent. */
  secFetchSite: string | null
  secFetchMode: string | null
  secFetchDest: string | null
}

/**
 * Fetch Metadata resource isolation for the API's reads, the half the origin rule leaves open: a
 * GET or HEAD to `/api/` that the browser says comes from another site (`Sec-Fetch-Site:
 * cross-site`, or `same-site` — a sibling subdomain is another site here too) is refused unless it
 * is a top-level navigation (`Sec-Fetch-Mode: navigate`, `Sec-Fetch-Dest: document`) to one of the
 * API's link pages (`LINKED_API_PAGES`: the embedded wallet's cancel link in an email). Without it an `<img>` or
 * `<script>` on any page the user visits would spend the user's per-IP nonce and ENS budgets.
 *
 * A request without `Sec-Fetch-Site` (curl, servers, browsers from before 2023) passes: the rule
 * only believes what a browser says about itself, and a non-browser client can spend its own budget
 * directly anyway. The app's and the vault's own calls are same-origin.
 */
export function checkFetchMetadata(input: FetchMetadataInput): RequestOriginVerdict {
  const method = input.method.toUpperCase()
  if ((method !== 'GET' && method !== 'HEAD') || !isApiPath(input.pathname)) return { allowed: true }
  if (input.secFetchSite !== 'cross-site' && input.secFetchSite !== 'same-site') return { allowed: true }
  if (input.secFetchMode === 'navigate' && input.secFetchDest === 'document' && LINKED_API_PAGES.has(input.pathname)) return { allowed: true }
  const mode = JSON.stringify((input.secFetchMode ?? 'absent').slice(0, 20))
  const dest = JSON.stringify((input.secFetchDest ?? 'absent').slice(0, 20))
  return { allowed: false, reason: `a ${input.secFetchSite} ${method} (Sec-Fetch-Mode ${mode}, Sec-Fetch-Dest ${dest}) that is no navigation` }
}
