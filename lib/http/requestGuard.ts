import 'server-only'
import { readOncePerProcess } from '@/lib/config/readOncePerProcess'
import { getPublicConfig } from '@/lib/config/server'
import type { PublicConfig } from '@/lib/config/public'
import { authError } from '@/lib/siwe/catalogue'
import { checkRequestOrigin } from './checkRequestOrigin'
import { errorResponse } from './json'
import { createNonce, securityHeaders } from './securityHeaders'

// Read at run time (one build serves any deployment's configuration): once per `next start` process.
const publicConfigOf = readOncePerProcess(() => getPublicConfig())

export type GuardVerdict = {
  /** This response's security headers, with a fresh CSP nonce (lib/http/securityHeaders.ts). */
  headers: Record<string, string>
  /** The 403 `origin_not_allowed` answer, headers set, when the origin rule refuses the request. */
  refusal: Response | undefined
  publicConfig: PublicConfig
}

/**
 * What runs before every page and API request: the origin rule for state-changing API requests
 * (lib/http/checkRequestOrigin.ts) and the security headers. `proxy.ts` applies it to pages and most
 * of the API; the sign-in routes, the hot path, apply it themselves (`guardedRoute`) and skip
 * Next's proxy round (about 0.8 ms of a sign-in's main-thread time).
 */
export function guardRequest(request: { method: string; url: string; headers: Headers }): GuardVerdict {
  const publicConfig = publicConfigOf()
  const headers = securityHeaders({ nonce: createNonce(), production: process.env.NODE_ENV === 'production', publicConfig })
  const pathname = new URL(request.url).pathname
  const verdict = checkRequestOrigin({
    method: request.method,
    pathname,
    origin: request.headers.get('origin'),
    secFetchSite: request.headers.get('sec-fetch-site'),
    allowedOrigins: publicConfig.appOrigins,
  })
  if (verdict.allowed) return { headers, refusal: undefined, publicConfig }
  console.warn(`[sigil] origin_not_allowed: ${request.method} ${pathname}: ${verdict.reason}`)
  const refusal = errorResponse(authError('origin_not_allowed'))
  for (const [name, value] of Object.entries(headers)) refusal.headers.set(name, value)
  return { headers, refusal, publicConfig }
}

/**
 * An API route that guards itself as `proxy.ts` guards the others: the origin rule before the
 * handler runs, the security headers on whatever it answers. Its path must be in the proxy's
 * matcher exclusions (a unit test checks the two lists agree).
 */
export function guardedRoute(handler: (request: Request) => Promise<Response>): (request: Request) => Promise<Response> {
  return async (request) => {
    const { headers, refusal } = guardRequest(request)
    if (refusal) return refusal
    const response = await handler(request)
    for (const [name, value] of Object.entries(headers)) response.headers.set(name, value)
    return response
  }
}
