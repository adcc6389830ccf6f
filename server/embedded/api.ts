import { embeddedApiPaths } from '@sigil/lib/embedded/apiTypes'
import type { EmbeddedRoutes } from './routes'
import { apiLookup, createCatchAllApi, type ApiLookup, type CatchAllContext } from '@/server/http/catchAll'

type ApiPath = (typeof embeddedApiPaths)[keyof typeof embeddedApiPaths]

/** Where the API lives: every path of lib's table is under it. */
const API_ROOT = '/api/embedded'

/**
 * Each path of the wallet API (lib's `embeddedApiPaths`, which the vault's client calls) and the
 * route handler that serves it, by method. Typed over every path, so a path the client calls and no
 * handler serves is a type error.
 */
const API: Readonly<Record<ApiPath, Partial<Record<'GET' | 'POST', keyof EmbeddedRoutes>>>> = {
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

/** The handler's name for a request's path and method, for the dispatcher below and its test. */
export const embeddedApiHandler: ApiLookup<keyof EmbeddedRoutes> = apiLookup(API)

/**
 * The whole wallet API as one handler, for one catch-all route file
 * (`app/api/embedded/[...path]/route.ts`, exporting it for GET, POST, PUT, PATCH, DELETE and
 * OPTIONS; server/http/catchAll.ts). A path the API does not have is a 404; a method a path does
 * not serve is a 405, and OPTIONS a 204, with `Allow`, as every self-guarded route answers them.
 * `routes` is read for each request (`createEmbeddedRoutes` with the host's dependencies;
 * `getEmbeddedApi` of `embedded/server` wires it from the environment).
 */
export function createEmbeddedApi(routes: () => EmbeddedRoutes): (request: Request, context?: CatchAllContext) => Promise<Response> {
  return createCatchAllApi(API_ROOT, embeddedApiHandler, routes)
}
