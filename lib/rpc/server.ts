import 'server-only'
import { rpcProxyTargets } from '@/lib/config/server'
import { clientIp } from '@/lib/http/clientIp'
import { createRpcProxy } from './rpcProxy'

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

let proxy: ReturnType<typeof createRpcProxy> | undefined

/** The proxy wired to this process's configuration (read per request, like the auth routes). */
export function getRpcProxy(): ReturnType<typeof createRpcProxy> {
  proxy ??= createRpcProxy({ upstreams: () => rpcProxyTargets(), clientIp: (request) => clientIp(request), limitPerMinute: () => rpcProxyLimitFromEnv() })
  return proxy
}
