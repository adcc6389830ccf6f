import 'server-only'
import { readEnv } from '@/server/config/env'
import { readOncePerProcess } from '@/server/config/readOncePerProcess'
import { getPublicConfig } from '@/server/config/server'
import type { FamilySettings, FamilySettingsSlot } from '@sigil/lib/config/familySettings'
import type { PublicConfig } from '@sigil/lib/config/public'
import { authError } from '@sigil/lib/siwe/catalogue'
import { checkFetchMetadata, checkRequestOrigin } from './checkRequestOrigin'
import type { EgressEntry } from '@sigil/lib/config/egress'
import { IMAGE_RESPONSE_HEADERS, isImageEndpoint } from './imageResponseHeaders'
import { errorResponse } from './json'
import { buildStyleHashes } from './buildStyleHashes'
import { refusalLog } from './refusalLog'
import { createNonce, securityHeaders } from './securityHeaders'
import { vaultHeaders } from './vaultHeaders'
import { routeByHost, type VaultRoute } from './vaultRouting'
import { loopbackRedirect } from './loopbackRedirect'
import { arrivedBeforeStamp } from './socketAddress'

// Read at run time (one build serves any deployment's configuration): once per `next start` process
// (per set of families handed in: the registry's, in the app).
const publicConfigs = new WeakMap<ServerFamilies, () => PublicConfig>()
function publicConfigOf(families: ServerFamilies): PublicConfig {
  let read = publicConfigs.get(families)
  if (!read) publicConfigs.set(families, (read = readOncePerProcess(() => getPublicConfig(families.settings))))
  return read()
}

/** Where a request goes by its host and path alone (server/http/vaultRouting.ts), before any header is made. */
export function routeOf(request: { url: string; headers: Headers }, families: ServerFamilies): VaultRoute {
  return routeByHost({ host: request.headers.get('host'), pathname: new URL(request.url).pathname, vaultOrigin: publicConfigOf(families).vaultOrigin })
}

export type GuardVerdict = {
  /** This response's security headers, with a fresh CSP nonce (server/http/securityHeaders.ts). */
  headers: Record<string, string>
  /**
   * The answer to give instead of running the request, headers set: 403 `origin_not_allowed` when the
   * origin rule or the Fetch Metadata rule refuses it, 404 when the path does not exist on this host (server/http/vaultRouting.ts),
   * 503 `{"status":"starting"}` when it arrived before the socket-address stamp was installed
   * (server/http/socketAddress.ts `arrivedBeforeStamp`), 307 to the app's `*.localhost` origin for a
   * page opened at plain localhost (server/http/loopbackRedirect.ts).
   */
  refusal: Response | undefined
  publicConfig: PublicConfig
  /** Whose request this is: the app's, or the vault's (with its internal path). */
  route: VaultRoute
  /** This response's CSP nonce. */
  nonce: string
}

/**
 * What runs before every page and API request: the origin rule for state-changing API requests and
 * the Fetch Metadata rule for the API's reads (server/http/checkRequestOrigin.ts), and the security
 * headers. `proxy.ts` applies it to pages and most
 * of the API; the sign-in routes, the hot path, apply it themselves (`guardedRoute`) and skip
 * Next's proxy round (about 0.8 ms of a sign-in's main-thread time).
 */
/**
 * What the guard needs of the wallet families, handed in by the caller (connectors/serverFamilies.ts),
 * as the server never imports connectors/ (README "Layout"): their settings' parsers, for the public
 * configuration (connectors/settings.ts), and their egress declarations for a configuration
 * (connectors/egress.ts `egressEntries`), for the Content-Security-Policy.
 */
export type ServerFamilies = {
  readonly settings: FamilySettingsSlot<FamilySettings>
  readonly egress: (publicConfig: PublicConfig) => readonly EgressEntry[]
}

export function guardRequest(request: { method: string; url: string; headers: Headers }, families: ServerFamilies): GuardVerdict {
  const publicConfig = publicConfigOf(families)
  const nonce = createNonce()
  const production = readEnv().production
  const pathname = new URL(request.url).pathname
  const route = routeOf(request, families)
  const onVault = route.kind === 'vault'
  const headers = onVault
    ? vaultHeaders({ nonce, production, appOrigins: publicConfig.appOrigins })
    : securityHeaders({ nonce, production, publicConfig, egress: families.egress(publicConfig), styleHashes: production ? buildStyleHashes() : [] })
  // An image endpoint's answer is never a document: its own inert policy, not the page's.
  if (!onVault && isImageEndpoint(pathname)) Object.assign(headers, IMAGE_RESPONSE_HEADERS)
  const withHeaders = (response: Response) => {
    for (const [name, value] of Object.entries(headers)) response.headers.set(name, value)
    return response
  }
  // Parsed before instrumentation.ts subscribed the stamp: its client address is unknown, so it is
  // not served at all (no shared rate-limit bucket); the client retries once start-up is over.
  if (arrivedBeforeStamp(request)) return { headers, refusal: withHeaders(startingResponse(request)), publicConfig, route, nonce }
  // A page opened at plain localhost while the app lives at app.localhost (server/http/loopbackRedirect.ts).
  const redirect = route.kind === 'app' ? loopbackRedirect(request, publicConfig.appOrigins) : undefined
  if (redirect) return { headers, refusal: withHeaders(new Response(null, { status: 307, headers: { location: redirect, 'cache-control': 'no-store' } })), publicConfig, route, nonce }
  if (route.kind === 'notFound') return { headers, refusal: withHeaders(new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } })), publicConfig, route, nonce }
  const secFetchSite = request.headers.get('sec-fetch-site')
  // Another site's reads of the API (an <img>, a script), refused before anything counts them.
  const metadata = checkFetchMetadata({
    method: request.method,
    pathname,
    secFetchSite,
    secFetchMode: request.headers.get('sec-fetch-mode'),
    secFetchDest: request.headers.get('sec-fetch-dest'),
  })
  const verdict = metadata.allowed
    ? checkRequestOrigin({
        method: request.method,
        pathname,
        origin: request.headers.get('origin'),
        secFetchSite,
        // The vault's API answers the vault's own page only; the app's API the app's pages only.
        allowedOrigins: onVault && publicConfig.vaultOrigin ? [publicConfig.vaultOrigin] : publicConfig.appOrigins,
      })
    : metadata
  if (verdict.allowed) return { headers, refusal: undefined, publicConfig, route, nonce }
  // Counted, not a line each (server/http/refusalLog.ts): another site can send these by the hundred.
  refusalLog().note(metadata.allowed ? 'origin_not_allowed' : 'fetch_metadata', `${request.method} ${pathname}`, verdict.reason)
  return { headers, refusal: withHeaders(errorResponse(authError('origin_not_allowed'))), publicConfig, route, nonce }
}

/**
 * An API route that guards itself as `proxy.ts` guards the others: the origin rule before the
 * handler runs, the security headers on whatever it answers. Its path must be in the proxy's
 * matcher exclusions (a unit test checks the two lists agree).
 */
export function guardedRoute(handler: (request: Request) => Promise<Response>, families: ServerFamilies): (request: Request) => Promise<Response> {
  return async (request) => {
    const { headers, refusal } = guardRequest(request, families)
    if (refusal) return refusal
    const response = await handler(request)
    if (response.status === 429) refusalLog().note('rate_limited', `${request.method} ${new URL(request.url).pathname}`)
    for (const [name, value] of Object.entries(headers)) response.headers.set(name, value)
    return response
  }
}

type RouteMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS'
const ROUTE_METHODS: readonly RouteMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']

/**
 * The handlers of a self-guarded route for the methods it does not serve: `405` (or `204` to
 * `OPTIONS`) with `Allow`, behind the same guard. Next would answer these itself, with none of the
 * security headers (the proxy leaves the route out). A route exports them all at once:
 * `export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['POST'], serverFamilies)`.
 */
export function otherMethods<const Served extends Exclude<RouteMethod, 'OPTIONS'>>(
  served: readonly Served[],
  families: ServerFamilies,
): Record<Exclude<RouteMethod, Served>, (request: Request) => Promise<Response>> {
  const handler = notServed(served, families)
  const others = ROUTE_METHODS.filter((method) => !(served as readonly RouteMethod[]).includes(method))
  return Object.fromEntries(others.map((method) => [method, handler])) as Record<Exclude<RouteMethod, Served>, typeof handler>
}

/** The `Allow` header of a route serving `served`: GET brings HEAD, and OPTIONS is always there. */
export function allowedMethods(served: readonly Exclude<RouteMethod, 'OPTIONS'>[]): string {
  return [...served.flatMap((method) => (method === 'GET' ? ['GET', 'HEAD'] : [method])), 'OPTIONS'].join(', ')
}

/**
 * The answer of a self-guarded route to a method it does not serve: 405 with `Allow` (204 to
 * `OPTIONS`), behind the guard (`otherMethods` above; `pagesApiRoute` for any method at all).
 */
export function notServed(served: readonly Exclude<RouteMethod, 'OPTIONS'>[], families: ServerFamilies): (request: Request) => Promise<Response> {
  const allow = allowedMethods(served)
  return guardedRoute(async (request) => new Response(null, { status: request.method === 'OPTIONS' ? 204 : 405, headers: { allow, 'cache-control': 'no-store' } }), families)
}

/**
 * The page a person sees when their browser's first request beat start-up (the first seconds of
 * `npm run dev`, or a reload right after `npm start`): a document navigation gets a short page that
 * reloads itself a second later (`<meta http-equiv="refresh">`: no script, so the strict CSP allows
 * it), instead of a JSON body in the browser window. Every other request keeps the machine answer,
 * `{"status":"starting"}`. Both are 503 with `Retry-After: 1`.
 */
function startingResponse(request: { method: string; headers: Headers }): Response {
  const common = { 'cache-control': 'no-store', 'retry-after': '1' }
  const navigation = request.method === 'GET' && (request.headers.get('sec-fetch-dest') === 'document' || (request.headers.get('accept') ?? '').includes('text/html'))
  if (!navigation) return new Response('{"status":"starting"}', { status: 503, headers: { ...common, 'content-type': 'application/json' } })
  const page =
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">' +
    '<meta http-equiv="refresh" content="1"><title>Starting…</title></head>' +
    '<body><main><h1>Starting…</h1><p>The server is still starting. This page reloads by itself in a second.</p></main></body></html>'
  return new Response(page, { status: 503, headers: { ...common, 'content-type': 'text/html; charset=utf-8' } })
}

