import 'server-only'
import { rpcBroadcastLimitPerIp, rpcProxyTargets, trustedProxyHops } from '@/server/config/server'
import { clientIp } from '@/server/http/clientIp'
import { createRpcBroadcast } from './broadcast'
import { requestHasPageToken } from './pageTokenServer'

let broadcast: ReturnType<typeof createRpcBroadcast> | undefined

/** The broadcast endpoint wired to this process's configuration: the read proxy's upstreams. */
export function getRpcBroadcast(): ReturnType<typeof createRpcBroadcast> {
  broadcast ??= createRpcBroadcast({ upstreams: () => rpcProxyTargets(), clientIp: (request) => clientIp(request, trustedProxyHops()), limitPerMinute: () => rpcBroadcastLimitPerIp(), hasPageToken: (request) => requestHasPageToken(request) !== null })
  return broadcast
}
