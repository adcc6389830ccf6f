import 'server-only'
import { readOncePerProcess } from '@/lib/config/readOncePerProcess'
import { rpcProxyBudgetPerMinute, rpcProxyMaxGas, rpcProxyTargets } from '@/lib/config/server'
import { clientIp } from '@/lib/http/clientIp'
import { getStore } from '@/lib/store/openStore'
import { GlobalBudget } from './globalBudget'
import { pageTokenConfig } from './pageTokenServer'
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

const settings = readOncePerProcess(() => ({ limitPerMinute: rpcProxyLimitFromEnv(), maxGas: BigInt(rpcProxyMaxGas()), budgetPerMinute: rpcProxyBudgetPerMinute() }))

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
