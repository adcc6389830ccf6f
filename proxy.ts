import { NextResponse, type NextRequest } from 'next/server'
import { isOpenerCheck } from '@/lib/http/openerCheck'
import { guardRequest } from '@/lib/http/requestGuard'

/**
 * Runs before every page and API request (Next 16's `proxy`, formerly `middleware`; Node.js runtime):
 * 1. refuses state-changing API requests from other sites, and other sites' reads of the API that
 *    are no navigation (Fetch Metadata) (lib/http/checkRequestOrigin.ts);
 * 2. routes by host: the embedded wallet's vault origin gets its page, script and API, nothing else;
 *    the app's hosts never get those (lib/http/vaultRouting.ts);
 * 3. answers the page's own `HEAD` probe (the Coinbase SDK's opener check) with the headers alone,
 *    without rendering the page (lib/http/openerCheck.ts);
 * 4. sets the security headers, with a Content-Security-Policy whose nonce is new for every
 *    response and whose hosts come from this deployment's configuration (lib/http/securityHeaders.ts).
 * The sign-in routes do both themselves (`guardedRoute`, lib/http/requestGuard.ts) and are left out.
 */
export function proxy(request: NextRequest): NextResponse {
  const { headers, refusal, route } = guardRequest(request)
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
  // The vault's host (lib/http/vaultRouting.ts): its page and script live at internal paths.
  const rewrite = route.kind === 'vault' ? route.rewrite : undefined
  const response = rewrite ? NextResponse.rewrite(new URL(rewrite, request.url), { request: { headers: forwarded } }) : NextResponse.next({ request: { headers: forwarded } })
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value)
  return response
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
