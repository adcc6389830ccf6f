import 'server-only'
import { envOf, type EnvInput } from '@/server/config/env'
import { readOncePerProcess } from '@/server/config/readOncePerProcess'
import { getDeploymentConfig, signInRpcUrls, trustedProxyHops } from '@/server/config/server'
import { clientIp } from '@/server/http/clientIp'
import { serverSigilConfig } from '@/server/config/sigilConfig'
import { resolveSessionSecrets } from '@/server/session/secret'
import { shouldUseSecureCookies } from '@/server/session/session'
import { getStore } from '@/server/store/openStore'
import { authLimitsPerMinute } from './limits'
import { createRecoverPool, type RecoverPool } from './recoverPool'
import { createAuthApi } from './api'
import { createAuthRoutes, type AuthConfig, type AuthRoutes } from './routes'
import type { ServerFamilies } from '@/server/http/requestGuard'

/**
 * The auth routes wired to this process's configuration and store. Configuration is read at run time
 * (one build serves any deployment): once per process under `next start`, per request in development;
 * the store is opened once per process, on first use.
 */
export function authConfigFromEnv(input?: EnvInput): AuthConfig {
  const env = envOf(input)
  const config = getDeploymentConfig(env)
  return {
    // The one ReCap allowed is one-tap sign-in's (docs/sign-in.md#one-tap-sign-in-over-walletconnect).
    policy: { origins: config.appOrigins, chainIds: config.chainIds, rpcUrls: signInRpcUrls(env), signInRecap: true, statement: serverSigilConfig().signIn.statement },
    sessionSecrets: resolveSessionSecrets({ env, dataDir: env.dataDir }),
    secureCookies: shouldUseSecureCookies({ nodeEnv: env.nodeEnv, origins: config.appOrigins }),
    limits: authLimitsPerMinute(env.authLimits),
    placeHeader: env.sessionPlaceHeader,
  }
}

let routes: AuthRoutes | undefined

// One pool per process, kept across `next dev`'s module reloads (each reload would start new workers).
const poolKey = Symbol.for('sigil.recoverPool')
function recoverPool(): RecoverPool {
  const holder = globalThis as { [poolKey]?: RecoverPool }
  holder[poolKey] ??= createRecoverPool()
  return holder[poolKey]
}

export function getAuthRoutes(): AuthRoutes {
  routes ??= createAuthRoutes({
    config: readOncePerProcess(() => authConfigFromEnv()),
    store: () => getStore(),
    recover: (parameters) => recoverPool().recover(parameters),
    clientIp: (request) => clientIp(request, trustedProxyHops()),
  })
  return routes
}

/**
 * The whole sign-in API wired to this process's configuration and store (`getAuthRoutes`), as one
 * self-guarding handler for a host's catch-all route file (`app/api/auth/[...path]/route.ts`):
 * `export { api as GET, api as POST, … }` with `const api = getAuthApi(serverFamilies)`. For another
 * app (the packages' consumer app, tests/packages/consumer-next, uses it); Sigil's app keeps a route
 * file per path, which its proxy guards and its matcher leaves out by path.
 * @public
 */
export function getAuthApi(families: ServerFamilies): ReturnType<typeof createAuthApi> {
  return createAuthApi(getAuthRoutes, families)
}
