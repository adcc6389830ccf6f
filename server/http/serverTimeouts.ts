import { subscribe, unsubscribe } from 'node:diagnostics_channel'
import { Server as HttpServer } from 'node:http'
import type { Socket } from 'node:net'

/**
 * Time limits for slow clients, suited to a sign-in API whose requests are a few hundred bytes.
 * Node's defaults are made for anything (60 s for a request's headers, 5 minutes for a whole
 * request): one machine can hold thousands of connections open at almost no cost by sending a
 * header byte now and then (slowloris), and each one is a socket and memory here.
 *
 * - Headers: 10 s from the moment a connection opens until its request's headers are in. Node's own
 *   `headersTimeout` is checked only every 30 s (`connectionsCheckingInterval`, fixed when the server
 *   starts listening), so a connection's first request gets a deadline of its own here, exact to the
 *   millisecond; later requests on a kept-alive connection are held to Node's check (10 s, seen
 *   within 30 s).
 * - A whole request, body included: 30 s (`requestTimeout`; bodies are capped at a few kB anyway,
 *   server/http/readBody.ts).
 * - An idle kept-alive connection: 5 s (`keepAliveTimeout`, Node's default), unless `next start
 *   --keepAliveTimeout` set another (a load balancer in front wants one longer than its own idle
 *   timeout, e.g. 65 s behind a 60 s one).
 *
 * `next start` creates its server itself and offers no hook, so the server is found through Node's
 * diagnostics channels (as server/http/socketAddress.ts finds the socket): `net.server.socket` for every
 * accepted connection, before a byte of it is read. Installed once per process from
 * `instrumentation.ts`, which runs before the server accepts connections.
 */
export const SERVER_TIMEOUTS = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
} as const

export type ServerTimeouts = { headersTimeoutMs: number; requestTimeoutMs: number; keepAliveTimeoutMs: number }

/** Node's default keep-alive timeout: a server still on it was given none (`--keepAliveTimeout`). */
const NODE_DEFAULT_KEEP_ALIVE_MS = 5_000

/** Subscribes the limits; returns the unsubscribe (tests). */
export function watchServerTimeouts(timeouts: ServerTimeouts = SERVER_TIMEOUTS): () => void {
  const configured = new WeakSet<object>()
  const deadlines = new WeakMap<Socket, ReturnType<typeof setTimeout>>()

  const clear = (socket: Socket) => {
    const timer = deadlines.get(socket)
    if (timer === undefined) return
    clearTimeout(timer)
    deadlines.delete(socket)
  }

  const configure = (server: HttpServer) => {
    if (configured.has(server)) return
    configured.add(server)
    server.headersTimeout = timeouts.headersTimeoutMs
    server.requestTimeout = timeouts.requestTimeoutMs
    if (server.keepAliveTimeout === NODE_DEFAULT_KEEP_ALIVE_MS) server.keepAliveTimeout = timeouts.keepAliveTimeoutMs
    // An upgraded connection (WebSocket: `next dev`'s hot reload) is no request waiting for headers.
    server.prependListener('upgrade', (_request: unknown, socket: Socket) => clear(socket))
  }

  const onSocket = (message: unknown) => {
    const { socket } = message as { socket: Socket & { server?: unknown } }
    // HTTP servers only (https.Server is a tls.Server with the same fields; checked by shape).
    const server = socket.server
    if (!(server instanceof HttpServer) && !(server && typeof server === 'object' && 'headersTimeout' in server)) return
    configure(server as HttpServer)
    const timer = setTimeout(() => socket.destroy(), timeouts.headersTimeoutMs)
    timer.unref()
    deadlines.set(socket, timer)
    socket.once('close', () => clear(socket))
  }

  // The first request's headers are in: its deadline goes (Node's requestTimeout takes over).
  const onRequest = (message: unknown) => {
    const { socket, server } = message as { socket: Socket; server: HttpServer }
    clear(socket)
    configure(server)
  }

  subscribe('net.server.socket', onSocket)
  subscribe('http.server.request.start', onRequest)
  return () => {
    unsubscribe('net.server.socket', onSocket)
    unsubscribe('http.server.request.start', onRequest)
  }
}

const key = Symbol.for('sigil.serverTimeouts')
type Holder = { [key]?: true }

/** Once per process (dev reloads re-run `register`). */
export function installServerTimeouts(): void {
  const holder = globalThis as Holder
  if (holder[key]) return
  holder[key] = true
  watchServerTimeouts()
}
