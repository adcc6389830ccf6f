import { randomBytes, timingSafeEqual } from 'node:crypto'
import { subscribe } from 'node:diagnostics_channel'
import type { IncomingMessage } from 'node:http'
import type { Socket } from 'node:net'

/**
 * The TCP peer's address, for route handlers that see only a web `Request`.
 *
 * Next 16 gives a route handler no socket and no `request.ip`. What it does is fill
 * `X-Forwarded-For` from the socket only when the request has none (server/base-server.js:
 * `req.headers['x-forwarded-for'] ??= socket.remoteAddress`), so a client that sends its own header
 * chooses its own address. Instead, Node's `http.server.request.start` diagnostics channel runs for
 * every request before the server's 'request' listeners (Next's handler among them); there the
 * socket's address is written into a request header of ours, replacing whatever the client sent
 * under that name. The value carries a random per-process token, so a client-written header is
 * never mistaken for ours (e.g. should the hook not be installed).
 *
 * Installed once per process from `instrumentation.ts` (`register`, Node runtime), which runs in
 * the process that serves the requests under `next start` and `next dev`.
 */
export const SOCKET_ADDRESS_HEADER = 'x-sigil-socket-address'

const key = Symbol.for('sigil.socketAddressToken')
type Holder = { [key]?: string }

function token(): string | undefined {
  return (globalThis as Holder)[key]
}

/** Subscribes the stamp; a second call (dev reloads re-run `register`) does nothing. */
export function installSocketAddressStamp(): void {
  const holder = globalThis as Holder
  if (holder[key]) return
  const secret = randomBytes(18).toString('base64url')
  holder[key] = secret
  subscribe('http.server.request.start', (message) => {
    const { request, socket } = message as { request: IncomingMessage; socket: Socket }
    // Always written, so a client's own value under this name never survives.
    request.headers[SOCKET_ADDRESS_HEADER] = `${secret} ${socket.remoteAddress ?? ''}`
  })
}

/** The peer address the stamp recorded for this request, or null (no stamp, or not ours). */
export function socketAddress(request: Request): string | null {
  const secret = token()
  const value = request.headers.get(SOCKET_ADDRESS_HEADER)
  if (!secret || !value) return null
  const space = value.indexOf(' ')
  if (space < 0) return null
  const given = Buffer.from(value.slice(0, space))
  const expected = Buffer.from(secret)
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null
  return value.slice(space + 1) || null
}

/**
 * True when the stamp is installed in this process but `request` carries none of ours: Node parsed
 * it before `register` subscribed (it arrived in the first moments after `listen`, and Next held it
 * until start-up finished). Such a request is refused as "starting" (server/http/requestGuard.ts), so
 * that no rate limit ever counts it in a shared bucket. False where no stamp is installed at all
 * (unit tests, a process without instrumentation), which `clientIp` reports itself.
 */
export function arrivedBeforeStamp(request: { headers: Headers }): boolean {
  return token() !== undefined && socketAddress(request as Request) === null
}
