import 'server-only'
import { getPublicConfig, serverRpcUrls } from '@/lib/config/server'
import { resolveSessionSecrets } from '@/lib/session/secret'
import { shouldUseSecureCookies } from '@/lib/session/session'
import { dataDir } from '@/lib/store/dataDir'
import { getStore } from '@/lib/store/openStore'
import { authLimitsFromEnv } from './limits'
import { createAuthRoutes, type AuthConfig, type AuthRoutes } from './routes'

/**
 * The auth routes wired to this process's configuration and store. Configuration is read per request
 * (one build serves any deployment); the store is opened once per process, on first use.
 */
export function authConfigFromEnv(env: Record<string, string | undefined> = process.env): AuthConfig {
  const config = getPublicConfig(env)
  return {
    policy: { origins: config.appOrigins, chainIds: config.chainIds, rpcUrls: serverRpcUrls(env) },
    sessionSecrets: resolveSessionSecrets({ env, dataDir: dataDir(env) }),
    secureCookies: shouldUseSecureCookies({ nodeEnv: env.NODE_ENV, origins: config.appOrigins }),
    limits: authLimitsFromEnv(env),
  }
}

let routes: AuthRoutes | undefined

export function getAuthRoutes(): AuthRoutes {
  routes ??= createAuthRoutes({ config: () => authConfigFromEnv(), store: () => getStore() })
  return routes
}
