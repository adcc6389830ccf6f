import { lookup as dnsLookup, type LookupAddress } from 'node:dns'
import { request as httpsRequest } from 'node:https'
import { BlockList, isIP, type LookupFunction as NetLookupFunction } from 'node:net'
import { BaseError } from '@sigil/lib/errors/BaseError'

/**
 * A request the server makes to an address a visitor chose (directly or through a record anyone can
 * write on chain: an ENS avatar, a CCIP-Read gateway), that must never reach the server's own
 * network. Only `https:`, only to hosts whose every address is public, checked on the addresses the
 * socket really connects to (and again for each redirect), within a size cap and a time limit.
 * docs/security/ens-and-content-policy.md lists the ranges and why.
 */
export type PublicFetchRefusal = 'not_https' | 'private_host' | 'redirects' | 'too_big' | 'timeout' | 'unreachable'

/** Why a fetch was refused before or while it ran; `detail` names the host, never the whole address. */
export class PublicFetchRefusedError extends BaseError {
  override name = 'PublicFetchRefusedError'
  constructor(
    readonly reason: PublicFetchRefusal,
    readonly detail: string,
    options?: ErrorOptions,
  ) {
    super(`refused (${reason}): ${detail}`, options)
  }
}

type LookupFunction = (hostname: string, callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void) => void

export type PublicFetchOptions = {
  /** Loopback hosts (127.0.0.0/8, ::1) allowed: tests outside production only. Other private ranges never. */
  allowLoopback?: boolean
  /** The answer's body, declared or counted while reading. */
  maxBytes: number
  /** The whole fetch, redirects included. Default 5 s. */
  timeoutMs?: number
  /** Redirects followed (a `GET` only; a `POST` answers with the redirect's status). Default 3. */
  maxRedirects?: number
  method?: 'GET' | 'POST'
  headers?: Record<string, string>
  /** A `POST`'s body. */
  body?: string
  /** The caller's own signal: the fetch stops with it. */
  signal?: AbortSignal | undefined
  /** Tests: a resolver standing in for DNS, and a CA to trust for a loopback https server. */
  lookup?: LookupFunction
  ca?: string | Buffer
}

/** The final answer: its status and type, and its body when the status is 200. */
export type PublicFetchAnswer = { status: number; contentType: string | undefined; body: Uint8Array | undefined }

/**
 * Addresses the server never fetches from for a visitor: "this network", private (RFC 1918), shared
 * (CGNAT), loopback, link-local, the IETF and documentation ranges, benchmarking, multicast and
 * reserved; for IPv6 also unique-local, link-local, multicast, documentation, and the forms that
 * embed an IPv4 address (mapped, NAT64, 6to4, Teredo), which are refused whole rather than unpacked.
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

/** Whether the server may fetch from this IP address for a visitor. */
export function isPublicAddress(address: string, allowLoopback = false): boolean {
  const family = isIP(address)
  if (family === 0) return false
  if (family === 4) return (allowLoopback && LOOPBACK_V4.check(address, 'ipv4')) || !NOT_PUBLIC_V4.check(address, 'ipv4')
  if (allowLoopback && address === '::1') return true
  return !NOT_PUBLIC_V6.check(address, 'ipv6')
}

const systemLookup: LookupFunction = (hostname, callback) => dnsLookup(hostname, { all: true, verbatim: true }, callback)

type Hop = { status: number; location?: string | undefined; contentType: string | undefined; body?: Uint8Array }

function fetchOnce(url: URL, options: PublicFetchOptions & { allowLoopback: boolean }, signal: AbortSignal): Promise<Hop> {
  return new Promise<Hop>((resolve, reject) => {
    // An address literal never goes through `lookup`: check it here.
    const literal = url.hostname.replace(/^\[|\]$/g, '')
    if (isIP(literal) && !isPublicAddress(literal, options.allowLoopback)) {
      reject(new PublicFetchRefusedError('private_host', url.hostname))
      return
    }
    const resolveHost = options.lookup ?? systemLookup
    const request = httpsRequest(
      url,
      {
        method: options.method ?? 'GET',
        headers: options.headers ?? {},
        signal,
        ...(options.ca ? { ca: options.ca } : {}),
        // The check runs on the addresses the socket really connects to (no second resolution
        // between the check and the connection for DNS rebinding to slip into).
        lookup: ((hostname: string, lookupOptions: { all?: boolean }, callback: (...args: unknown[]) => void) => {
          resolveHost(hostname, (error, addresses) => {
            if (error) return callback(error)
            const refused = addresses.find((entry) => !isPublicAddress(entry.address, options.allowLoopback))
            if (refused || addresses.length === 0) return callback(new PublicFetchRefusedError('private_host', `${hostname} → ${refused?.address ?? 'nothing'}`))
            if (lookupOptions.all) return callback(null, addresses)
            callback(null, addresses[0]!.address, addresses[0]!.family)
          })
        }) as unknown as NetLookupFunction,
      },
      (response) => {
        const status = response.statusCode ?? 0
        const contentType = response.headers['content-type']
        if (status >= 300 && status < 400) {
          response.resume()
          resolve({ status, location: response.headers.location, contentType })
          return
        }
        if (status !== 200) {
          response.resume()
          resolve({ status, contentType })
          return
        }
        const declared = Number(response.headers['content-length'])
        if (Number.isFinite(declared) && declared > options.maxBytes) {
          response.destroy()
          reject(new PublicFetchRefusedError('too_big', `${declared} bytes declared`))
          return
        }
        const chunks: Buffer[] = []
        let length = 0
        response.on('data', (chunk: Buffer) => {
          length += chunk.byteLength
          if (length > options.maxBytes) {
            response.destroy()
            reject(new PublicFetchRefusedError('too_big', `over ${options.maxBytes} bytes`))
            return
          }
          chunks.push(chunk)
        })
        response.on('end', () => resolve({ status, contentType, body: new Uint8Array(Buffer.concat(chunks)) }))
        response.on('error', reject)
      },
    )
    request.on('error', (error) => reject(error))
    request.end(options.body)
  })
}

/** Fetches `address` under the rules above; `PublicFetchRefusedError` says why not. */
export async function fetchPublicHttps(address: string, options: PublicFetchOptions): Promise<PublicFetchAnswer> {
  const settings = { ...options, allowLoopback: options.allowLoopback ?? false }
  const controller = new AbortController()
  const stop = () => controller.abort()
  const timer = setTimeout(stop, options.timeoutMs ?? 5_000)
  options.signal?.addEventListener('abort', stop, { once: true })
  if (options.signal?.aborted) stop()
  try {
    let url: URL
    try {
      url = new URL(address)
    } catch {
      throw new PublicFetchRefusedError('not_https', 'not an address')
    }
    for (let hop = 0; ; hop++) {
      if (url.protocol !== 'https:' || url.username || url.password) throw new PublicFetchRefusedError('not_https', url.protocol)
      let answer: Hop
      try {
        answer = await fetchOnce(url, settings, controller.signal)
      } catch (error) {
        if (error instanceof PublicFetchRefusedError) throw error
        // The refusal raised inside `lookup` arrives wrapped by the socket on some Node versions.
        if (error instanceof Error && error.cause instanceof PublicFetchRefusedError) throw error.cause
        if (controller.signal.aborted) throw new PublicFetchRefusedError('timeout', url.host, { cause: error })
        throw new PublicFetchRefusedError('unreachable', url.host, { cause: error })
      }
      if (answer.location !== undefined && (settings.method ?? 'GET') === 'GET') {
        if (hop >= (options.maxRedirects ?? 3)) throw new PublicFetchRefusedError('redirects', url.host)
        url = new URL(answer.location, url)
        continue
      }
      return { status: answer.status, contentType: answer.contentType, body: answer.body }
    }
  } finally {
    clearTimeout(timer)
    options.signal?.removeEventListener('abort', stop)
  }
}
