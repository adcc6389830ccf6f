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

/** The proxy wired to this process's configuration (read per request in development, once under `next start`). */
export function getRpcProxy(): ReturnType<typeof createRpcProxy> {
  proxy ??= createRpcProxy({
    upstreams: () => rpcProxyTargets(),
    clientIp: (request) => clientIp(request, trustedProxyHops()),
    limitPerMinute: () => settings().limitPerMinute,
    pageToken: pageTokenConfig,
    maxGas: () => settings().maxGas,
    budget: new GlobalBudget({ store: () => getStore(), perMinute: () => settings().budgetPerMinute }),
  })
  return proxy
}
