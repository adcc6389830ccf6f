import { createPublicClient, getAddress, http, type Address, type PublicClient } from 'viem'
import { mainnet } from 'viem/chains'
import { safeAvatarUrl } from './avatar'
import { createCcipGatewayRequest, type CcipGatewayOptions } from './ccipGateway'
import { checkEnsDisplayName } from './displayName'
import { BaseError } from '@sigil/lib/errors/BaseError'

/** What the account view shows beside an address. */
export type EnsProfile = { name: string | null; avatar: string | null }

/** The mainnet RPC could not answer (unreachable, timed out, or an answer that is not ENS's). */
export class EnsUnavailableError extends BaseError {
  override name = 'EnsUnavailableError'
}

export type EnsLookupOptions = {
  /** The server's mainnet RPC (ENS lives on mainnet whatever chains the page offers); none: no lookups. */
  rpcUrl: () => string | undefined
  /** How long an answer is kept: names change rarely. Default 10 minutes. */
  ttlMs?: number
  /** How long a failure is remembered, so a dead RPC is not asked once per page view. Default 30 s. */
  failureTtlMs?: number
  /** Per RPC call. Default 4 s: the view never waits on ENS, but a hung upstream must not pile up. */
  timeoutMs?: number
  /** Entries kept at most (oldest dropped first). Default 5,000. */
  maxEntries?: number
  now?: () => number
  /**
   * The CCIP-Read gateways an offchain name's resolver names (server/ens/ccipGateway.ts): fetched
   * only over https from public addresses; loopback only for tests outside production.
   */
  gateways?: CcipGatewayOptions
  /**
   * Spends `calls` of mainnet's budget before a lookup that asks the RPC (the proxy's budget per
   * chain: one key, one quota); false refuses the lookup (`EnsUnavailableError`). None: unbounded.
   */
  spend?: (calls: number) => Promise<boolean>
}

/** What one lookup asks mainnet at most: the reverse record, the forward record, the avatar's text. */
const ENS_CALLS_PER_LOOKUP = 3

type Entry = { expires: number; value: Promise<EnsProfile> }

/**
 * Primary ENS name and avatar of an address, the way the ENS docs require them shown: the reverse
 * record gives a name, and the name is shown only if its forward `addr` record resolves back to the
 * same address (anyone can set any reverse name on their own address), and only if it passes the
 * display rules (`checkEnsDisplayName`: no address look-alikes, one direction, one script). Answers
 * are cached per address, and concurrent lookups of one address share one set of RPC calls.
 */
export function createEnsLookup(options: EnsLookupOptions) {
  const ttlMs = options.ttlMs ?? 10 * 60_000
  const failureTtlMs = options.failureTtlMs ?? 30_000
  const maxEntries = options.maxEntries ?? 5_000
  const now = options.now ?? Date.now
  const cache = new Map<Address, Entry>()
  /**
   * A client per lookup: its CCIP-Read gateway requests (an offchain name's) share one budget
   * (server/ens/ccipGateway.ts), where viem's own would fetch any URL a resolver names.
   */
  function clientFor(url: string): PublicClient {
    return createPublicClient({
      chain: mainnet,
      transport: http(url, { timeout: options.timeoutMs ?? 4_000, retryCount: 0 }),
      ccipRead: { request: createCcipGatewayRequest({ timeoutMs: options.timeoutMs, ...options.gateways }) },
    })
  }

  async function resolve(address: Address, url: string): Promise<EnsProfile> {
    if (options.spend && !(await options.spend(ENS_CALLS_PER_LOOKUP))) throw new EnsUnavailableError("mainnet's budget is spent for this minute")
    const rpc = clientFor(url)
    let name: string | null
    try {
      name = await rpc.getEnsName({ address })
    } catch (cause) {
      throw new EnsUnavailableError('reverse lookup failed', { cause })
    }
    if (!name) return { name: null, avatar: null }
    // Not normalised, shaped like an address, mixing directions or scripts: never shown, and not
    // even asked forward (server/ens/displayName.ts).
    if (!checkEnsDisplayName(name).ok) return { name: null, avatar: null }
    let forward: Address | null
    try {
      forward = await rpc.getEnsAddress({ name })
    } catch (cause) {
      throw new EnsUnavailableError('forward lookup failed', { cause })
    }
    if (!forward || getAddress(forward) !== address) return { name: null, avatar: null }
    // The avatar is decoration: a failure here keeps the verified name.
    const avatar = await rpc.getEnsText({ name, key: 'avatar' }).catch(() => null)
    return { name, avatar: safeAvatarUrl(avatar) }
  }

  return async function lookupEnsProfile(input: Address): Promise<EnsProfile> {
    const address = getAddress(input)
    const url = options.rpcUrl()
    if (!url) return { name: null, avatar: null }
    const time = now()
    const cached = cache.get(address)
    if (cached && cached.expires > time) return cached.value
    if (cached) cache.delete(address)
    const value = resolve(address, url)
    const entry: Entry = { expires: time + ttlMs, value }
    value.catch(() => {
      // Failures are kept briefly, then asked again.
      if (cache.get(address) === entry) entry.expires = now() + failureTtlMs
    })
    if (cache.size >= maxEntries) cache.delete(cache.keys().next().value!)
    cache.set(address, entry)
    return value
  }
}
