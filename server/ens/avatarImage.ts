import { lookup as dnsLookup, type LookupAddress } from 'node:dns'
import { request as httpsRequest } from 'node:https'
import { BlockList, isIP, type LookupFunction as NetLookupFunction } from 'node:net'
import { BaseError } from '@sigil/lib/errors/BaseError'

/**
 * An ENS avatar as bytes the page may show, fetched by the server: the browser only ever loads
 * `/api/ens/<address>/avatar` from this origin, so the avatar's host never learns who looks at
 * whom, and the page's `img-src` needs no `https:` (which would let any injected markup send data
 * anywhere through an image address).
 *
 * What passes: a PNG, JPEG, GIF or WebP (by its first bytes, whatever the server or the data URI
 * claims; never SVG), at most `maxBytes`, from an `https:` address whose host resolves only to
 * public addresses (checked on the address actually connected to, and again for every redirect,
 * at most `maxRedirects`), within `timeoutMs` in all; or a `data:image/…;base64,` record, decoded
 * here and checked the same way.
 */
export type AvatarType = 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp'
export type AvatarImage = { type: AvatarType; body: Uint8Array }

export type AvatarRefusal = 'not_https' | 'private_host' | 'status' | 'redirects' | 'too_big' | 'type' | 'timeout' | 'unreachable'

/** Why an avatar is not shown; the view shows no avatar (the name and address stay). */
export class AvatarRefusedError extends BaseError {
  override name = 'AvatarRefusedError'
  constructor(
    readonly reason: AvatarRefusal,
    detail: string,
    options?: ErrorOptions,
  ) {
    super(`avatar refused (${reason}): ${detail}`, options)
  }
}

export const MAX_AVATAR_BYTES = 256 * 1024

type LookupFunction = (hostname: string, callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void) => void

export type FetchAvatarOptions = {
  /** Loopback hosts (127.0.0.0/8, ::1) allowed: tests outside production only. Other private ranges never. */
  allowLoopback?: boolean
  maxBytes?: number
  /** The whole fetch, redirects included. Default 5 s. */
  timeoutMs?: number
  maxRedirects?: number
  /** Tests: a resolver standing in for DNS, and a CA to trust for a loopback https server. */
  lookup?: LookupFunction
  ca?: string | Buffer
}

/** The image type by its first bytes; `null` for anything else (SVG, HTML, text, ICO, AVIF, …). */
export function sniffAvatarType(bytes: Uint8Array): AvatarType | null {
  const starts = (signature: readonly number[], at = 0) => signature.every((byte, index) => bytes[at + index] === byte)
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png'
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg'
  if (starts([0x47, 0x49, 0x46, 0x38]) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61) return 'image/gif'
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp'
  return null
}

/**
 * Addresses no avatar may come from: "this network", private (RFC 1918), shared (CGNAT), loopback,
 * link-local, the IETF and documentation ranges, benchmarking, multicast and reserved; for IPv6
 * also unique-local, link-local, multicast, documentation, and the forms that embed an IPv4 address
 * (mapped, NAT64, 6to4, Teredo), which are refused whole rather than unpacked.
 */
// Two lists: Node's BlockList matches an IPv4 address against IPv6 rules through its mapped form
// (`::ffff:0:0/96` would cover every IPv4 address).
const NOT_PUBLIC_V4 = new BlockList()
const NOT_PUBLIC_V6 = new BlockList()
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  NOT_PUBLIC_V4.addSubnet(network, prefix, 'ipv4')
}
for (const [network, prefix] of [
  ['::', 127], // :: and ::1
  ['::ffff:0:0', 96],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 32],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  NOT_PUBLIC_V6.addSubnet(network, prefix, 'ipv6')
}
const LOOPBACK_V4 = new BlockList()
LOOPBACK_V4.addSubnet('127.0.0.0', 8, 'ipv4')

/** Whether an avatar may be fetched from this IP address. */
export function isAllowedAvatarAddress(address: string, allowLoopback = false): boolean {
  const family = isIP(address)
  if (family === 0) return false
  if (family === 4) return (allowLoopback && LOOPBACK_V4.check(address, 'ipv4')) || !NOT_PUBLIC_V4.check(address, 'ipv4')
  if (allowLoopback && address === '::1') return true
  return !NOT_PUBLIC_V6.check(address, 'ipv6')
}

const systemLookup: LookupFunction = (hostname, callback) => dnsLookup(hostname, { all: true, verbatim: true }, callback)

/** Decodes a `data:image/…;base64,` record (server/ens/avatar.ts admitted its shape) and checks its bytes. */
function decodeDataAvatar(record: string, maxBytes: number): AvatarImage {
  const comma = record.indexOf(',')
  const body = new Uint8Array(Buffer.from(record.slice(comma + 1), 'base64'))
  if (body.byteLength > maxBytes) throw new AvatarRefusedError('too_big', `${body.byteLength} bytes`)
  const type = sniffAvatarType(body)
  if (!type) throw new AvatarRefusedError('type', 'not a PNG, JPEG, GIF or WebP')
  return { type, body }
}

type Hop = { status: number; location?: string | undefined; body?: Uint8Array }

function fetchOnce(url: URL, options: Required<Pick<FetchAvatarOptions, 'allowLoopback' | 'maxBytes'>> & FetchAvatarOptions, signal: AbortSignal): Promise<Hop> {
  return new Promise<Hop>((resolve, reject) => {
    // An address literal never goes through `lookup`: check it here.
    const literal = url.hostname.replace(/^\[|\]$/g, '')
    if (isIP(literal) && !isAllowedAvatarAddress(literal, options.allowLoopback)) {
      reject(new AvatarRefusedError('private_host', url.hostname))
      return
    }
    const resolveHost = options.lookup ?? systemLookup
    const request = httpsRequest(
      url,
      {
        method: 'GET',
        headers: { accept: 'image/png,image/jpeg,image/gif,image/webp', 'user-agent': 'Sigil avatar fetch' },
        signal,
        ...(options.ca ? { ca: options.ca } : {}),
        // The check runs on the addresses the socket really connects to (no second resolution
        // between the check and the connection for DNS rebinding to slip into).
        lookup: ((hostname: string, lookupOptions: { all?: boolean }, callback: (...args: unknown[]) => void) => {
          resolveHost(hostname, (error, addresses) => {
            if (error) return callback(error)
            const refused = addresses.find((entry) => !isAllowedAvatarAddress(entry.address, options.allowLoopback))
            if (refused || addresses.length === 0) return callback(new AvatarRefusedError('private_host', `${hostname} → ${refused?.address ?? 'nothing'}`))
            if (lookupOptions.all) return callback(null, addresses)
            callback(null, addresses[0]!.address, addresses[0]!.family)
          })
        }) as unknown as NetLookupFunction,
      },
      (response) => {
        const status = response.statusCode ?? 0
        if (status >= 300 && status < 400) {
          response.resume()
          resolve({ status, location: response.headers.location })
          return
        }
        if (status !== 200) {
          response.resume()
          resolve({ status })
          return
        }
        const declared = Number(response.headers['content-length'])
        if (Number.isFinite(declared) && declared > options.maxBytes) {
          response.destroy()
          reject(new AvatarRefusedError('too_big', `${declared} bytes declared`))
          return
        }
        const chunks: Buffer[] = []
        let length = 0
        response.on('data', (chunk: Buffer) => {
          length += chunk.byteLength
          if (length > options.maxBytes) {
            response.destroy()
            reject(new AvatarRefusedError('too_big', `over ${options.maxBytes} bytes`))
            return
          }
          chunks.push(chunk)
        })
        response.on('end', () => resolve({ status, body: new Uint8Array(Buffer.concat(chunks)) }))
        response.on('error', reject)
      },
    )
    request.on('error', (error) => reject(error))
    request.end()
  })
}

/** The avatar record's image, or `AvatarRefusedError` saying why not. */
export async function fetchAvatarImage(record: string, options: FetchAvatarOptions = {}): Promise<AvatarImage> {
  const settings = { ...options, allowLoopback: options.allowLoopback ?? false, maxBytes: options.maxBytes ?? MAX_AVATAR_BYTES }
  if (record.startsWith('data:')) return decodeDataAvatar(record, settings.maxBytes)
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? 5_000)
  try {
    let url = new URL(record)
    for (let hop = 0; ; hop++) {
      if (url.protocol !== 'https:' || url.username || url.password) throw new AvatarRefusedError('not_https', url.protocol)
      let answer: Hop
      try {
        answer = await fetchOnce(url, settings, controller.signal)
      } catch (error) {
        if (error instanceof AvatarRefusedError) throw error
        // The refusal raised inside `lookup` arrives wrapped by the socket on some Node versions.
        if (error instanceof Error && error.cause instanceof AvatarRefusedError) throw error.cause
        if (controller.signal.aborted) throw new AvatarRefusedError('timeout', url.host, { cause: error })
        throw new AvatarRefusedError('unreachable', url.host, { cause: error })
      }
      if (answer.location !== undefined) {
        if (hop >= (options.maxRedirects ?? 3)) throw new AvatarRefusedError('redirects', url.host)
        url = new URL(answer.location, url)
        continue
      }
      if (!answer.body) throw new AvatarRefusedError('status', `${answer.status} from ${url.host}`)
      const type = sniffAvatarType(answer.body)
      if (!type) throw new AvatarRefusedError('type', 'not a PNG, JPEG, GIF or WebP')
      return { type, body: answer.body }
    }
  } finally {
    clearTimeout(timer)
  }
}
