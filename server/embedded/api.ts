import { embeddedApiPaths } from '@sigil/lib/embedded/apiTypes'
import type { EmbeddedRoutes } from './routes'
import type { CatchAllContext } from '@/server/http/catchAll'

type Method = 'GET' | 'POST'
type Handlers = Partial<Record<Method, keyof EmbeddedRoutes>>
type ApiPath = (typeof embeddedApiPaths)[keyof typeof embeddedApiPaths]

/** Where the API lives: every path of lib's table is under it. */
const API_ROOT = '/api/embedded'

/**
 * Each path of the wallet API (lib's `embeddedApiPaths`, which the vault's client calls) and the
 * route handler that serves it, by method. Typed over every path, so a path the client calls and no
 * handler serves is a type error.
 */
const API: Readonly<Record<ApiPath, Handlers>> = {
  [embeddedApiPaths.emailCode]: { POST: 'emailCode' },
  [embeddedApiPaths.emailVerify]: { POST: 'emailVerify' },
  [embeddedApiPaths.walletOptions]: { POST: 'walletOptions' },
  [embeddedApiPaths.wallets]: { POST: 'createWallet' },
  [embeddedApiPaths.walletLog]: { POST: 'walletLog' },
  [embeddedApiPaths.walletSettings]: { POST: 'walletSettings' },
  [embeddedApiPaths.walletRecoveriesChallenge]: { POST: 'walletRecoveriesChallenge' },
  [embeddedApiPaths.walletRecoveries]: { POST: 'walletRecoveries' },
  [embeddedApiPaths.walletRecoveriesCancel]: { POST: 'walletRecoveriesCancel' },
  [embeddedApiPaths.recoveryCode]: { POST: 'recoveryCode' },
  [embeddedApiPaths.recoveryVerify]: { POST: 'recoveryVerify' },
  [embeddedApiPaths.recoveryStart]: { POST: 'recoveryStart' },
  [embeddedApiPaths.recoveryPending]: { POST: 'recoveryPending' },
  [embeddedApiPaths.recoveryKey]: { POST: 'recoveryKey' },
  [embeddedApiPaths.recoveryComplete]: { POST: 'recoveryComplete' },
  // The owner's cancel link opens a page with a button (opening a link never cancels anything); its form posts.
  [embeddedApiPaths.recoveryCancel]: { GET: 'recoveryCancelPage', POST: 'recoveryCancel' },
  [embeddedApiPaths.deviceChallenge]: { POST: 'deviceChallenge' },
  [embeddedApiPaths.pairings]: { POST: 'pairingStart' },
  [embeddedApiPaths.pairingStatus]: { POST: 'pairingStatus' },
  [embeddedApiPaths.pairingApprove]: { POST: 'pairingApprove' },
  [embeddedApiPaths.pairingCancel]: { POST: 'pairingCancel' },
  [embeddedApiPaths.pairingClaim]: { POST: 'pairingClaim' },
  [embeddedApiPaths.pairingPeek]: { POST: 'pairingPeek' },
  [embeddedApiPaths.pairingPackage]: { POST: 'pairingPackage' },
  [embeddedApiPaths.pairingComplete]: { POST: 'pairingComplete' },
}

const byPath = new Map<string, Handlers>(Object.entries(API))
const METHODS: readonly Method[] = ['GET', 'POST']

/** The handler's name for a request's path and method, for the dispatcher below and its test. */
export function embeddedApiHandler(pathname: string, method: string): { found: keyof EmbeddedRoutes } | { allow: string } | undefined {
  const handlers = byPath.get(pathname)
  if (!handlers) return undefined
  // HEAD is a GET without its body (Next hands a route's GET the HEAD requests too).
  const asked = method === 'HEAD' ? 'GET' : method
  const name = METHODS.find((served) => served === asked && handlers[served] !== undefined)
  if (name) return { found: handlers[name]! }
  // As the self-guarded routes' `otherMethods` says it (server/http/requestGuard.ts).
  const served = METHODS.filter((served) => handlers[served] !== undefined)
  return { allow: [...served.flatMap((served) => (served === 'GET' ? ['GET', 'HEAD'] : [served])), 'OPTIONS'].join(', ') }
}


/**
 * The whole wallet API as one handler, for one catch-all route file
 * (`app/api/embedded/[...path]/route.ts`, exporting it for GET, POST, PUT, PATCH, DELETE and
 * OPTIONS): the path picks the route, read from the route's segments (so a trailing slash Next
 * keeps is the same path), else from the request's URL. A path the API does not have is a 404; a
 * method a path does not serve is a 405, and OPTIONS a 204, with `Allow`, as every self-guarded
 * route answers them. `routes` is read for each request (`createEmbeddedRoutes` with the host's
 * dependencies; `getEmbeddedApi` of `embedded/server` wires it from the environment).
 */
export function createEmbeddedApi(routes: () => EmbeddedRoutes): (request: Request, context?: CatchAllContext) => Promise<Response> {
  return async (request, context) => {
    const segments = context ? (await context.params).path : undefined
    const pathname = segments ? `${API_ROOT}/${segments.join('/')}` : new URL(request.url).pathname
    const handler = embeddedApiHandler(pathname, request.method)
    if (!handler) return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } })
    if ('allow' in handler) return new Response(null, { status: request.method === 'OPTIONS' ? 204 : 405, headers: { allow: handler.allow, 'cache-control': 'no-store' } })
    return routes()[handler.found](request)
  }
}
