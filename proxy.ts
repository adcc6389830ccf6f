import { NextResponse, type NextRequest } from 'next/server'
import { readOncePerProcess } from '@/lib/config/readOncePerProcess'
import { getPublicConfig } from '@/lib/config/server'
import { checkRequestOrigin } from '@/lib/http/checkRequestOrigin'
import { errorResponse } from '@/lib/http/json'
import { createNonce, securityHeaders } from '@/lib/http/securityHeaders'
import { authError } from '@/lib/siwe/catalogue'

/**
 * Runs before every page and API request (Next 16's `proxy`, formerly `middleware`; Node.js runtime):
 * 1. refuses state-changing API requests from other sites (lib/http/checkRequestOrigin.ts);
 * 2. sets the security headers, with a Content-Security-Policy whose nonce is new for every
 *    response and whose hosts come from this deployment's configuration (lib/http/securityHeaders.ts).
 */
// Read at run time (one build serves any deployment's configuration): once per `next start` process.
const publicConfigOf = readOncePerProcess(() => getPublicConfig())

export function proxy(request: NextRequest): NextResponse {
  const publicConfig = publicConfigOf()
  const headers = securityHeaders({
    nonce: createNonce(),
    production: process.env.NODE_ENV === 'production',
    publicConfig,
  })

  const verdict = checkRequestOrigin({
    method: request.method,
    pathname: request.nextUrl.pathname,
    origin: request.headers.get('origin'),
    secFetchSite: request.headers.get('sec-fetch-site'),
    allowedOrigins: publicConfig.appOrigins,
  })
  if (!verdict.allowed) {
    console.warn(`[sigil] origin_not_allowed: ${request.method} ${request.nextUrl.pathname}: ${verdict.reason}`)
    const refused = errorResponse(authError('origin_not_allowed'))
    const response = new NextResponse(refused.body, { status: refused.status, headers: refused.headers })
    for (const [name, value] of Object.entries(headers)) response.headers.set(name, value)
    return response
  }

  // Next reads the nonce from the *request's* Content-Security-Policy header while rendering and
  // stamps it on its own scripts (next/dist/server/app-render/get-script-nonce-from-header.js). It
  // replaces whatever the client sent, so no one can choose the nonce.
  const forwarded = new Headers(request.headers)
  forwarded.set('content-security-policy', headers['content-security-policy']!)
  const response = NextResponse.next({ request: { headers: forwarded } })
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value)
  return response
}

export const config = {
  // Pages (including 404s) and the API. Build output under /_next/static is immutable script and
  // CSS, served with next.config.mjs's headers; a CSP there would govern nothing.
  matcher: ['/((?!_next/static|_next/image).*)'],
}
