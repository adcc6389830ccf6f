import 'server-only'
import { rpcProxyTargets } from '@/lib/config/server'
import { clientIp } from '@/lib/http/clientIp'
import { createRpcBroadcast, DEFAULT_BROADCAST_LIMIT_PER_MINUTE } from './broadcast'
import { requestHasPageToken } from './pageTokenServer'

type Env = Record<string, string | undefined>

/** `RPC_BROADCAST_RATE_LIMIT_PER_IP`: transactions broadcast per client per minute. */
export function broadcastLimitFromEnv(env: Env = process.env): number {
  const raw = env.RPC_BROADCAST_RATE_LIMIT_PER_IP?.trim()
  if (!raw) return DEFAULT_BROADCAST_LIMIT_PER_MINUTE
  const value = Number(raw)
  if (!Number.isSafeInteger(value) || value < 1) throw new Error(`RPC_BROADCAST_RATE_LIMIT_PER_IP must be a positive integer, got "${raw.slice(0, 20)}".`)
  return value
}

let broadcast: ReturnType<typeof createRpcBroadcast> | undefined

/** The broadcast endpoint wired to this process's configuration: the read proxy's upstreams. */
export function getRpcBroadcast(): ReturnType<typeof createRpcBroadcast> {
  broadcast ??= createRpcBroadcast({ upstreams: () => rpcProxyTargets(), clientIp: (request) => clientIp(request), limitPerMinute: () => broadcastLimitFromEnv(), hasPageToken: (request) => requestHasPageToken(request) !== null })
  return broadcast
}
