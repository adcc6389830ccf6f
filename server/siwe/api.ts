import { apiLookup, createCatchAllApi, type ApiLookup, type CatchAllContext } from '@/server/http/catchAll'
import { guardedRoute, type ServerFamilies } from '@/server/http/requestGuard'
import type { AuthRoutes } from './routes'

/** Where the sign-in API lives: the paths @sigil/lib's client (lib/siwe/client.ts) calls. */
const API_ROOT = '/api/auth'

/** Each path of the sign-in API and the route handler that serves it, by method. */
const API: Readonly<Record<`${typeof API_ROOT}/${string}`, Partial<Record<'GET' | 'POST', keyof AuthRoutes>>>> = {
  '/api/auth/nonce': { GET: 'nonce' },
  '/api/auth/verify': { POST: 'verify' },
  '/api/auth/session': { GET: 'session' },
  '/api/auth/logout': { POST: 'logout' },
  '/api/auth/sessions': { GET: 'sessions' },
  '/api/auth/sessions/revoke': { POST: 'revokeSession' },
  '/api/auth/account': { GET: 'account' },
  '/api/auth/recoveries': { GET: 'recoveries' },
  '/api/auth/link/nonce': { POST: 'linkNonce' },
  '/api/auth/link': { POST: 'link' },
  '/api/auth/unlink': { POST: 'unlink' },
}

/** The handler's name for a request's path and method, for the dispatcher below and its test. */
export const authApiHandler: ApiLookup<keyof AuthRoutes> = apiLookup(API)

/**
 * The whole sign-in API as one handler, for one catch-all route file of a host
 * (`app/api/auth/[...path]/route.ts`, exporting it for GET, POST, PUT, PATCH, DELETE and OPTIONS;
 * server/http/catchAll.ts), guarding itself: every request meets the request guard first (the
 * origin rule on a state-changing method, the security headers on every answer, its 404s and 405s
 * included), so a host whose proxy leaves these paths alone (`createSigilProxy(…, { vaultOnly: true })`)
 * loses nothing. `routes` is read for each request (`createAuthRoutes` with the host's dependencies;
 * `getAuthApi` of `siwe/server` wires it from the environment); `families` are the connectors'
 * server-side declarations (`@sigil/connectors/serverFamilies`), which the guard reads for the
 * vault's origin.
 */
export function createAuthApi(routes: () => AuthRoutes, families: ServerFamilies): (request: Request, context?: CatchAllContext) => Promise<Response> {
  const dispatch = createCatchAllApi(API_ROOT, authApiHandler, routes)
  // By the request's own path, not the catch-all's segments: the guard decides by that path (the
  // origin rule covers /api/), so the two must read the same one. Mounted anywhere but
  // app/api/auth/[...path], every path is a 404, never a sign-in served unguarded.
  const guarded = guardedRoute((request) => dispatch(request), families)
  return (request) => guarded(request)
}
