import 'server-only'
import { readOncePerProcess } from '@/server/config/readOncePerProcess'
import { rpcProxyBudgetPerMinute, rpcProxyLimitPerIp, rpcProxyMaxGas, rpcProxyTargets, trustedProxyHops } from '@/server/config/server'
import { clientIp } from '@/server/http/clientIp'
import { getStore } from '@/server/store/openStore'
import { GlobalBudget } from './globalBudget'
import { pageTokenConfig } from './pageTokenServer'
import { createRpcProxy } from './rpcProxy'

const settings = readOncePerProcess(() => ({ limitPerMinute: rpcProxyLimitPerIp(), maxGas: BigInt(rpcProxyMaxGas()), budgetPerMinute: rpcProxyBudgetPerMinute() }))

let proxy: ReturnType<typeof createRpcProxy> | undefined
let budget: GlobalBudget | undefined

/**
 * The budget per chain of the operator's upstreams (docs/security/rpc-proxy.md), one per process:
 * the proxy's reads and the server's own ENS lookups draw from it, as the key has one quota.
 */
export function rpcBudget(): GlobalBudget {
  budget ??= new GlobalBudget({ store: () => getStore(), perMinute: () => settings().budgetPerMinute })
  return budget
}

/** The proxy wired to this process's configuration (read per request in development, once under `next start`). */
export function getRpcProxy(): ReturnType<typeof createRpcProxy> {
  proxy ??= createRpcProxy({
    upstreams: () => rpcProxyTargets(),
    clientIp: (request) => clientIp(request, trustedProxyHops()),
    limitPerMinute: () => settings().limitPerMinute,
    pageToken: pageTokenConfig,
    maxGas: () => settings().maxGas,
    budget: rpcBudget(),
  })
  return proxy
}
