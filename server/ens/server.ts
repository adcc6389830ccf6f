import 'server-only'
import { createHash } from 'node:crypto'
import type { Address } from 'viem'
import { mainnet } from 'viem/chains'
import { readEnv } from '@/server/config/env'
import { ensRpcUrl, trustedProxyHops } from '@/server/config/server'
import { clientIp } from '@/server/http/clientIp'
import { rpcBudget } from '@/server/rpc/server'
import { WindowCounter } from '@/server/rpc/windowCounter'
import { createAvatarCache } from './avatarCache'
import { fetchAvatarImage, type AvatarImage } from './avatarImage'
import { createEnsLookup, type EnsProfile } from './lookup'

/** Lookups per client and minute: a page view costs one; the cache answers repeats for free. */
const ENS_LOOKUPS_PER_MINUTE = 120

let lookup: ReturnType<typeof createEnsLookup> | undefined
const counter = new WindowCounter(60_000)

/** This process's lookup, on the configured mainnet RPC (read per request, like the other routes). */
export function lookupEnsProfile(address: Address) {
  // Mainnet's calls come out of the RPC proxy's budget for chain 1: the same key, the same quota.
  lookup ??= createEnsLookup({ rpcUrl: () => ensRpcUrl(), spend: async (calls) => (await rpcBudget().take(mainnet.id, calls, Date.now())).ok })
  return lookup(address)
}

/** Whether this client may look up one more address now; when not, seconds until it may. */
export function ensRateLimit(request: Request, now = Date.now()): { allowed: true } | { allowed: false; retryAfter: number } {
  const { count, resetAt } = counter.hit(clientIp(request, trustedProxyHops()), 1, now)
  return count <= ENS_LOOKUPS_PER_MINUTE ? { allowed: true } : { allowed: false, retryAfter: Math.max(1, Math.ceil((resetAt - now) / 1000)) }
}

/**
 * `ENS_AVATAR_ALLOW_LOOPBACK=1`: avatars from loopback hosts, for tests of the avatar endpoint
 * against a local server. Ignored in production (`NODE_ENV=production`): a deployment never fetches
 * from its own machine for a visitor. Other private ranges are never allowed.
 */
function avatarAllowsLoopback(): boolean {
  return readEnv().ensAvatarAllowLoopback
}

let avatars: ReturnType<typeof createAvatarCache> | undefined

/** The checked image of an avatar record (server/ens/avatarImage.ts), cached in this process. */
export function avatarImage(record: string): Promise<AvatarImage> {
  avatars ??= createAvatarCache({ fetchImage: (value) => fetchAvatarImage(value, { allowLoopback: avatarAllowsLoopback() }) })
  return avatars.get(record)
}

/** The browser's address of an address's avatar: this origin, with a version that changes with the record. */
function avatarPath(address: Address, record: string): string {
  const version = createHash('sha256').update(record).digest('hex').slice(0, 16)
  return `/api/ens/${address}/avatar?v=${version}`
}

/**
 * What the browser gets: the name, and the avatar as this origin's address only once the server has
 * fetched and checked the image (so the page never shows a broken image, and never loads another host).
 */
export async function browserEnsProfile(address: Address): Promise<EnsProfile> {
  const profile = await lookupEnsProfile(address)
  if (!profile.avatar) return profile
  const record = profile.avatar
  const image = await avatarImage(record).catch((error: unknown) => {
    console.warn(`[sigil] ens: ${error instanceof Error ? error.message.slice(0, 200) : 'avatar failed'}`)
    return null
  })
  return { name: profile.name, avatar: image ? avatarPath(address, record) : null }
}
