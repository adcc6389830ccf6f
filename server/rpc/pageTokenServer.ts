import 'server-only'
import { envOf, type EnvInput } from '@/server/config/env'
import { readOncePerProcess } from '@/server/config/readOncePerProcess'
import { resolveSessionSecrets } from '@/server/session/secret'
import { shouldUseSecureCookies } from '@/server/session/session'
import { issuePageToken, pageTokenNeedsRefresh, pageTokenSetCookie, requestPageToken, type PageToken } from './pageToken'
import type { PageTokenConfig } from './rpcProxy'

/*
 * The page token (server/rpc/pageToken.ts) wired to this process's configuration, apart from the proxy
 * itself so that `proxy.ts` (run before every page) does not load the proxy or the store.
 */

/** The page token's key material and cookie security, as the session cookies use them. */
export function pageTokenConfigFromEnv(input?: EnvInput): PageTokenConfig {
  const env = envOf(input)
  return {
    secrets: resolveSessionSecrets({ env, dataDir: env.dataDir }),
    secure: shouldUseSecureCookies({ nodeEnv: env.nodeEnv, origins: [...env.appOrigins] }),
  }
}

/** Read once under `next start`, per call elsewhere (server/config/readOncePerProcess.ts). */
export const pageTokenConfig = readOncePerProcess(() => pageTokenConfigFromEnv())

/**
 * Whether the request carries a live page token (server/rpc/pageToken.ts): the check for every route
 * that spends the operator's RPC on the page's behalf (the proxy, a broadcast route).
 */
export function requestHasPageToken(request: { headers: Headers }, now = Date.now()): PageToken | null {
  return requestPageToken(request, { ...pageTokenConfig(), now })
}

/**
 * The `Set-Cookie` line a page response carries: a new token when the request has none (or a
 * forged or expired one), the same browser id with a new expiry when it is near its end, else none.
 */
export function pageTokenCookieFor(request: { headers: Headers }, now = Date.now()): string | undefined {
  const config = pageTokenConfig()
  const token = requestPageToken(request, { ...config, now })
  if (!pageTokenNeedsRefresh(token, now)) return undefined
  return pageTokenSetCookie(issuePageToken({ secrets: config.secrets, now, browserId: token?.browserId }).value, config.secure)
}

