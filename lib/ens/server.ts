import 'server-only'
import type { Address } from 'viem'
import { ensRpcUrl } from '@/lib/config/server'
import { clientIp } from '@/lib/http/clientIp'
import { WindowCounter } from '@/lib/rpc/windowCounter'
import { createEnsLookup } from './lookup'

/** Lookups per client and minute: a page view costs one; the cache answers repeats for free. */
export const ENS_LOOKUPS_PER_MINUTE = 120

let lookup: ReturnType<typeof createEnsLookup> | undefined
const counter = new WindowCounter(60_000)

/** This process's lookup, on the configured mainnet RPC (read per request, like the other routes). */
export function lookupEnsProfile(address: Address) {
  lookup ??= createEnsLookup({ rpcUrl: () => ensRpcUrl() })
  return lookup(address)
}

/** Whether this client may look up one more address now; when not, seconds until it may. */
export function ensRateLimit(request: Request, now = Date.now()): { allowed: true } | { allowed: false; retryAfter: number } {
  const { count, resetAt } = counter.hit(clientIp(request), 1, now)
  return count <= ENS_LOOKUPS_PER_MINUTE ? { allowed: true } : { allowed: false, retryAfter: Math.max(1, Math.ceil((resetAt - now) / 1000)) }
}
