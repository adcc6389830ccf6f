import 'server-only'
import { readOncePerProcess } from '@/lib/config/readOncePerProcess'
import { appOrigins, rpcProxyBudgetPerMinute, rpcProxyMaxGas, rpcProxyTargets } from '@/lib/config/server'
import { clientIp } from '@/lib/http/clientIp'
import { resolveSessionSecrets } from '@/lib/session/secret'
import { shouldUseSecureCookies } from '@/lib/session/session'
import { dataDir } from '@/lib/store/dataDir'
import { getStore } from '@/lib/store/openStore'
import { GlobalBudget } from './globalBudget'
import { issuePageToken, pageTokenNeedsRefresh, pageTokenSetCookie, requestPageToken, type PageToken } from './pageToken'
import { createRpcProxy, type PageTokenConfig } from './rpcProxy'

type Env = Record<string, string | undefined>

export const DEFAULT_RPC_PROXY_LIMIT_PER_MINUTE = 600

/** `RPC_PROXY_RATE_LIMIT_PER_IP`: proxied calls per client per minute (a batch counts each call). */
export function rpcProxyLimitFromEnv(env: Env = process.env): number {
  const raw = env.RPC_PROXY_RATE_LIMIT_PER_IP?.trim()
  if (!raw) return DEFAULT_RPC_PROXY_LIMIT_PER_MINUTE
  const value = Number(raw)
  if (!Number.isSafeInteger(value) || value < 1) throw new Error(`RPC_PROXY_RATE_LIMIT_PER_IP must be a positive integer, got "${raw.slice(0, 20)}".`)
  return value
}

/** The page token's key material and cookie security, as the session cookies use them. */
export function pageTokenConfigFromEnv(env: Env = process.env): PageTokenConfig {
  return {
    secrets: resolveSessionSecrets({ env, dataDir: dataDir(env) }),
    secure: shouldUseSecureCookies({ nodeEnv: env.NODE_ENV, origins: appOrigins(env) }),
  }
}

const pageTokenConfig = readOncePerProcess(() => pageTokenConfigFromEnv())
const settings = readOncePerProcess(() => ({ limitPerMinute: rpcProxyLimitFromEnv(), maxGas: BigInt(rpcProxyMaxGas()), budgetPerMinute: rpcProxyBudgetPerMinute() }))

/**
 * Whether the request carries a live page token (lib/rpc/pageToken.ts): the check for every route
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

let proxy: ReturnType<typeof createRpcProxy> | undefined

/** The proxy wired to this process's configuration (read per request in development, once under `next start`). */
export function getRpcProxy(): ReturnType<typeof createRpcProxy> {
  proxy ??= createRpcProxy({
    upstreams: () => rpcProxyTargets(),
    clientIp: (request) => clientIp(request),
    limitPerMinute: () => settings().limitPerMinute,
    pageToken: pageTokenConfig,
    maxGas: () => settings().maxGas,
    budget: new GlobalBudget({ store: () => getStore(), perMinute: () => settings().budgetPerMinute }),
  })
  return proxy
}
