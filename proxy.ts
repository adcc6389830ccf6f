import { NextResponse, type NextRequest } from 'next/server'
import { serverFamilies } from '@sigil/connectors/serverFamilies'
import { isOpenerCheck } from '@sigil/server/http/openerCheck'
import { guardRequest } from '@sigil/server/http/requestGuard'
import { pageTokenCookieFor } from '@sigil/server/rpc/pageTokenServer'

/**
 * Runs before every page and API request (Next 16's `proxy`, formerly `middleware`; Node.js runtime):
 * 1. refuses state-changing API requests from other sites, and other sites' reads of the API that
 *    are no navigation (Fetch Metadata) (server/http/checkRequestOrigin.ts);
 * 2. routes by host: the embedded wallet's vault origin gets its page, script and API, nothing else;
 *    the app's hosts never get those (server/http/vaultRouting.ts);
 * 3. answers the page's own `HEAD` probe (the Coinbase SDK's opener check) with the headers alone,
 *    without rendering the page (server/http/openerCheck.ts);
 * 4. sets the security headers, with a Content-Security-Policy whose nonce is new for every
 *    response and whose hosts are the wallet families' egress declarations for this deployment's
 *    settings (connectors/serverFamilies.ts: the families' settings parsers and egress, from their
 *    manifests; server/http/securityHeaders.ts; docs/security/egress.md);
 * 5. gives the app's HTML pages the RPC proxy's page token (server/rpc/pageToken.ts) when the browser
 *    has none or it is near its end: the proxy serves browsers that loaded a page, not any script.
 * The sign-in routes do both themselves (`guardedRoute`, server/http/requestGuard.ts) and are left out.
 */
export function proxy(request: NextRequest): NextResponse {
  const { headers, refusal, route } = guardRequest(request, serverFamilies)
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
  // The vault's host (server/http/vaultRouting.ts): its page and script live at internal paths.
  const rewrite = route.kind === 'vault' ? route.rewrite : undefined
  const response = rewrite ? NextResponse.rewrite(new URL(rewrite, request.url), { request: { headers: forwarded } }) : NextResponse.next({ request: { headers: forwarded } })
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value)
  if (route.kind === 'app' && isPageRequest(request)) {
    const cookie = pageTokenCookieFor(request)
    if (cookie) response.headers.append('set-cookie', cookie)
  }
  return response
}

/** A browser loading one of the app's pages (not the API, not a script's HEAD probe). */
function isPageRequest(request: NextRequest): boolean {
  if (request.method !== 'GET' || request.nextUrl.pathname.startsWith('/api/')) return false
  return request.headers.get('sec-fetch-dest') === 'document' || (request.headers.get('accept') ?? '').includes('text/html')
}

export const config = {
  // Pages (including 404s) and the API. Left out, each by its exact path (a prefix would also leave
  // out `/api/auth/noncex` or `/_next/staticfoo`, whose 404s then went without headers): the build
  // output under `/_next/static/` and the image optimizer `/_next/image`, which get next.config.mjs's
  // backstop headers instead (a page's CSP would govern nothing in a script file), and the sign-in
  // routes, which guard themselves (guardedRoute). A literal, as Next reads the matcher at build
  // time; tests/unit/guardedRoutes.test.ts keeps its API paths equal to the routes that use
  // guardedRoute, and tests/e2e/headers.spec.ts checks a 404 next to each exclusion.
  matcher: ['/((?!_next/static/|_next/image$|api/auth/nonce$|api/auth/verify$|api/auth/session$|api/auth/logout$).*)'],
}
