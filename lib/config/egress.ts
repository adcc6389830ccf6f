/**
 * What the page may reach besides its own origin, as the wallet families declare it
 * (`connectors/<family>/egress.ts`, listed in `connectors/egress.ts`; docs/security/egress.md). The
 * Content-Security-Policy (server/http/securityHeaders.ts) and the published manifest
 * (`/.well-known/sigil-egress.json`) are both built from these entries, so they cannot disagree.
 * Pure data and pure functions: no SDK, no environment.
 */

/**
 * How the page reaches an origin:
 * - `connect`: `fetch`, XHR, WebSocket from the page (CSP `connect-src`);
 * - `frame`: a frame the page embeds (CSP `frame-src`);
 * - `popup`: a window the page opens (`window.open`, which no CSP directive governs): listed so the
 *   manifest is complete, never put in the policy.
 */
export type EgressDirective = 'connect' | 'frame' | 'popup'

export type EgressEntry = {
  /** `scheme://host[:port]`: never a path or a query (a project id or a key stays out of headers). */
  readonly origin: string
  readonly directive: EgressDirective
  /** Why the page reaches it, in a few words (published in the manifest). */
  readonly purpose: string
}

/**
 * The origin of an absolute http(s) or ws(s) address, or undefined for anything else (a relative
 * address is the page's own origin, `'self'`).
 */
function egressOrigin(address: string | undefined): string | undefined {
  if (!address) return undefined
  let url: URL
  try {
    url = new URL(address)
  } catch {
    return undefined
  }
  if (!['http:', 'https:', 'ws:', 'wss:'].includes(url.protocol)) return undefined
  return url.origin
}

/** An entry for `address`'s origin, or none when it has no origin of its own. */
export function egressEntry(address: string | undefined, directive: EgressDirective, purpose: string): EgressEntry[] {
  const origin = egressOrigin(address)
  return origin ? [{ origin, directive, purpose }] : []
}

/** The distinct origins of `entries` for one directive, in declaration order. */
export function egressSources(entries: readonly EgressEntry[], directive: EgressDirective): string[] {
  return [...new Set(entries.filter((entry) => entry.directive === directive).map((entry) => entry.origin))]
}
