import { isIP } from 'node:net'
import { MAX_TRUSTED_PROXY_HOPS } from '@/server/config/envSchema.mjs'
import { socketAddress } from './socketAddress'

/** Every request whose client address cannot be learnt at all shares this key (never under `next start`). */
export const UNKNOWN_CLIENT = 'unknown'

/** Eight 16-bit groups of an IPv6 address `isIP` accepted (`::` expanded, a dotted IPv4 tail converted). */
function ipv6Groups(address: string): number[] {
  let value = address
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(value)
  if (tail?.[1]) {
    const [a = 0, b = 0, c = 0, d = 0] = tail[1].split('.').map(Number)
    value = `${value.slice(0, -tail[1].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
  }
  const [head = '', rest] = value.split('::')
  const parse = (part: string) => (part ? part.split(':').map((group) => Number.parseInt(group, 16)) : [])
  const left = parse(head)
  const right = rest === undefined ? [] : parse(rest)
  const middle = rest === undefined ? [] : Array<number>(8 - left.length - right.length).fill(0)
  return [...left, ...middle, ...right]
}

/**
 * The rate-limit key for one address, or null when `value` is not an IP address `net.isIP`
 * recognises. IPv4 as is (IPv4-mapped IPv6 too); IPv6 by its /64, the smallest block a host is
 * usually given, so one machine cannot take a fresh key per address of its subnet.
 */
export function addressBucket(value: string): string | null {
  let address = value.trim()
  if (address.startsWith('[') && address.endsWith(']')) address = address.slice(1, -1)
  const zone = address.indexOf('%')
  if (zone >= 0) address = address.slice(0, zone)
  const version = isIP(address)
  if (version === 4) return address
  if (version !== 6) return null
  const groups = ipv6Groups(address.toLowerCase())
  if (groups.length !== 8) return null
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join('.')
  }
  return `${groups.slice(0, 4).map((group) => group.toString(16)).join(':')}::/64`
}

/**
 * The client's rate-limit key, given `hops`, the proxies in front of the app that append the
 * address they saw to `X-Forwarded-For` (this app: `TRUSTED_PROXY_HOPS`, `trustedProxyHops()` in
 * server/config/server.ts; the route factories take the function from their caller).
 * - 0: the socket's peer address (see `socketAddress.ts`); `X-Forwarded-For`
 *   is ignored, whatever the client wrote there.
 * - n: the n-th `X-Forwarded-For` entry from the right (the address the
 *   outermost trusted proxy saw); entries further left are written by the client.
 * In both cases an entry that is not an IP address, or a header with fewer than n entries (the
 * request did not come through the proxies), falls back to the socket address: never to a key
 * the client chose, nor to one shared bucket.
 */
export function clientIp(request: Request, hops: number): string {
  // A host's own wiring may pass anything: a fraction or a negative count would pick an entry the
  // client wrote, so only what TRUSTED_PROXY_HOPS itself accepts is taken.
  if (!Number.isInteger(hops) || hops < 0 || hops > MAX_TRUSTED_PROXY_HOPS) throw new RangeError(`clientIp: hops must be a whole number from 0 to ${MAX_TRUSTED_PROXY_HOPS}, not ${String(hops)}`)
  if (hops > 0) {
    const entries = (request.headers.get('x-forwarded-for') ?? '').split(',').map((entry) => entry.trim())
    if (entries.length >= hops) {
      const chosen = addressBucket(entries[entries.length - hops]!)
      if (chosen) return chosen
    }
  }
  const socket = socketAddress(request)
  const bucket = socket && addressBucket(socket)
  if (bucket) return bucket
  warnUnknownOnce()
  return UNKNOWN_CLIENT
}

let warned = false
function warnUnknownOnce(): void {
  if (warned) return
  warned = true
  console.warn(
    '[sigil] a request arrived without its socket address (instrumentation.ts did not install the stamp in this process); ' +
      'its rate limits fall into one shared bucket until that is fixed.',
  )
}
