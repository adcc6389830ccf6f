import { embeddedApiPaths } from '@sigil/lib/embedded/apiTypes'
import { jsonResponse } from '@/server/http/json'
import type { EmbeddedRoutes } from './routes'

type Method = 'GET' | 'POST'
type Handlers = Partial<Record<Method, keyof EmbeddedRoutes>>
type ApiPath = (typeof embeddedApiPaths)[keyof typeof embeddedApiPaths]

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

/** The handler's name for a request's path and method, for the dispatcher below and its test. */
export function embeddedApiHandler(pathname: string, method: string): { found: keyof EmbeddedRoutes } | { allow: Method[] } | undefined {
  const handlers = byPath.get(pathname)
  if (!handlers) return undefined
  // HEAD is a GET without its body (Next hands a route's GET the HEAD requests too).
  const name = handlers[(method === 'HEAD' ? 'GET' : method) as Method]
  return name ? { found: name } : { allow: Object.keys(handlers) as Method[] }
}

/**
 * The whole wallet API as one handler, for one catch-all route file (`app/api/embedded/[...path]/route.ts`,
 * exporting it as GET and POST): the request's path picks the route. A path the API does not have
 * is a 404 and a method it does not serve a 405 naming the allowed ones, each as JSON like every
 * other answer of the API. `routes` is read for each request (`createEmbeddedRoutes` with the
 * host's dependencies; `getEmbeddedApi` of `embedded/server` wires it from the environment).
 */
export function createEmbeddedApi(routes: () => EmbeddedRoutes): (request: Request) => Promise<Response> {
  return async (request) => {
    const handler = embeddedApiHandler(new URL(request.url).pathname, request.method)
    if (!handler) return jsonResponse({ code: 'not_found', message: 'The embedded wallet’s API has no such path.' }, { status: 404 })
    if ('allow' in handler) {
      return jsonResponse({ code: 'method_not_allowed', message: `Use ${handler.allow.join(' or ')}.` }, { status: 405, headers: { allow: handler.allow.join(', ') } })
    }
    return routes()[handler.found](request)
  }
}
