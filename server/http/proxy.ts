import { NextResponse, type NextRequest } from 'next/server'
import { pageTokenCookieFor } from '@/server/rpc/pageTokenServer'
import { isOpenerCheck } from './openerCheck'
import { guardRequest, routeOf, type ServerFamilies } from './requestGuard'

/**
 * The host's Next proxy (`proxy.ts`, Next 16's `middleware`; Node.js runtime), for the wallet
 * families it serves (@sigil/connectors' `serverFamilies`). A host writes
 * `export const proxy = createSigilProxy(serverFamilies)` and the matcher (docs/architecture.md). For
 * every page and API request but the self-guarded sign-in routes, it:
 * 1. refuses state-changing API requests from other sites, and other sites' reads of the API that
 *    are no navigation (Fetch Metadata) (checkRequestOrigin.ts);
 * 2. routes by host: the embedded wallet's vault origin gets its page, script and API, nothing else;
 *    the app's hosts never get those (vaultRouting.ts);
 * 3. answers the page's own `HEAD` probe (the Coinbase SDK's opener check) with the headers alone,
 *    without rendering the page (openerCheck.ts);
 * 4. sets the security headers, with a Content-Security-Policy whose nonce is new for every
 *    response and whose hosts are the families' egress declarations for this deployment's settings
 *    (securityHeaders.ts; docs/security/egress.md);
 * 5. gives the app's HTML pages the RPC proxy's page token (server/rpc/pageToken.ts) when the browser
 *    has none or it is near its end: the RPC proxy serves browsers that loaded a page, not any script.
 */
export function createSigilProxy(families: ServerFamilies, options: SigilProxyOptions = {}): (request: NextRequest) => NextResponse {
  return (request) => {
    // A host that keeps its own pages' headers: its requests pass untouched, before any header is
    // made (the vault's paths on its hosts are a 404 below), but for the RPC proxy's page token
    // (step 5), without which its pages could not read a chain through the host's RPC route.
    if (options.vaultOnly && routeOf(request, families).kind === 'app') return withPageToken(request, NextResponse.next())
    const { headers, refusal, route } = guardRequest(request, families)
    if (refusal) return new NextResponse(refusal.body, { status: refusal.status, headers: refusal.headers })
    // The same headers a render would send (the SDK reads Cross-Origin-Opener-Policy), no body, no render.
    if (route.kind === 'app' && isOpenerCheck({ method: request.method, pathname: request.nextUrl.pathname, headers: request.headers })) {
      return new NextResponse(null, { status: 204, headers: { ...headers, 'cache-control': 'no-store' } })
    }

    // Next reads the nonce from the *request's* Content-Security-Policy header while rendering and
    // stamps it on its own scripts (next/dist/server/app-render/get-script-nonce-from-header.js). It
    // replaces whatever the client sent, so no one can choose the nonce.
    const forwarded = new Headers(request.headers)
    forwarded.set('content-security-policy', headers['content-security-policy']!)
    // The vault's host (vaultRouting.ts): its page and script live at internal paths.
    const rewrite = route.kind === 'vault' ? route.rewrite : undefined
    const response = rewrite ? NextResponse.rewrite(new URL(rewrite, request.url), { request: { headers: forwarded } }) : NextResponse.next({ request: { headers: forwarded } })
    for (const [name, value] of Object.entries(headers)) response.headers.set(name, value)
    return route.kind === 'app' ? withPageToken(request, response) : response
  }
}

/** An app page's response, with the RPC proxy's page token when the browser has none or it is near its end. */
function withPageToken(request: NextRequest, response: NextResponse): NextResponse {
  if (!isPageRequest(request)) return response
  const cookie = pageTokenCookieFor(request)
  if (cookie) response.headers.append('set-cookie', cookie)
  return response
}

export type SigilProxyOptions = {
  /**
   * For a host with pages and headers of its own, which adopts Sigil's vault: the proxy serves the
   * vault's origin (its page, script and wallet API, with the vault's headers) and keeps those paths
   * off the app's hosts (404), and leaves every other request of the app's hosts as it came. Sigil's
   * own app leaves it off: its pages get the headers above.
   */
  vaultOnly?: boolean
}

/** A browser loading one of the app's pages (not the API, not a script's HEAD probe). */
function isPageRequest(request: NextRequest): boolean {
  if (request.method !== 'GET' || request.nextUrl.pathname.startsWith('/api/')) return false
  return request.headers.get('sec-fetch-dest') === 'document' || (request.headers.get('accept') ?? '').includes('text/html')
}
