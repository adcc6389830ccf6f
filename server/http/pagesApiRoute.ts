import 'server-only'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { authError } from '@sigil/lib/siwe/catalogue'
import { errorResponse, jsonResponseText } from './json'
import { withBodyReadAhead } from './readCapped'
import { MAX_BODY_BYTES } from './readBody'
import { allowedMethods, guardedRoute, guardRequest, notServed, type ServerFamilies } from './requestGuard'

/**
 * A self-guarded API route served from the Pages Router (`pages/api/…`), for the sign-in's hot path.
 *
 * Why: an App Router route handler costs Next about 1.2 ms of CPU per POST on this project's bench
 * machine (the web `Request` it builds with its streams, the async context it keeps per request, the
 * `Response` it streams back); a Pages Router API route is handed Node's own request and response and
 * costs about 0.45 ms. Our handlers stay web handlers (`(Request) => Promise<Response>`, tested as
 * such): this adapter builds the `Request` from the bytes already read (for a route whose handlers read
 * through the capped reader, without a stream: `bodyReadAhead`), and writes a JSON `Response` from its
 * text without reading its stream back. Both routers are Next's own and run under `next start`, `next
 * dev` and the deployments the README names (docs/sign-in.md "What a sign-in costs").
 *
 * Every method goes through the request guard (`guardedRoute`), as the App Router's self-guarded
 * routes do: the origin rule before a handler runs, the security headers on every answer. A method
 * the route does not serve is a 405 (204 to OPTIONS) with `Allow`; HEAD is a GET without its body.
 *
 * The file that uses it must also export `config = { api: { bodyParser: false } }` (a literal, in the
 * route's own file, where Next looks for it), so that the body reaches this adapter unread.
 */
type WebHandler = (request: Request) => Promise<Response>
type Served = Partial<Record<'GET' | 'POST', WebHandler>>

export type PagesApiRouteOptions = {
  /**
   * Set only when every handler of the route reads its body through `readBodyBytes` or `readJsonBody`
   * (server/http/readBody.ts), as the sign-in's verify route does: the adapter then hands them the
   * bytes it read instead of a stream around them (about 0.07 ms of CPU per request). A handler that
   * reads the body any other way (`request.json()`, `text()`, `body`) would see none. Off by default:
   * the handlers get a `Request` with its body, as any web handler expects.
   */
  bodyReadAhead?: boolean
}

export function pagesApiRoute(served: Served, families: ServerFamilies, options: PagesApiRouteOptions = {}): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  const methods = Object.keys(served) as ('GET' | 'POST')[]
  const handlers = new Map<string, WebHandler>(Object.entries(served).map(([method, handler]) => [method, guardedRoute(handler, families)]))
  const other = notServed(methods, families)
  // A body over the limit runs no handler (a sign-out reads none, so its own reader would not refuse it).
  const tooLarge = guardedRoute(async () => errorResponse(authError('body_too_large', { details: `body passed ${MAX_BODY_BYTES} bytes` })), families)
  return async (req, res) => {
    const method = req.method ?? 'GET'
    if (UNREPRESENTABLE.has(method)) {
      // A method Node parses but the web's `Request` cannot carry: the guard's verdict on the same
      // request as a GET, else the 405 any unserved method gets, with the guard's headers.
      const { headers, refusal } = guardRequest(webRequest(req, 'GET', undefined), families)
      if (refusal) return sendWebResponse(res, refusal, false)
      res.writeHead(405, { ...headers, allow: allowedMethods(methods), 'cache-control': 'no-store' }).end()
      return
    }
    const handler = handlers.get(method === 'HEAD' ? 'GET' : method) ?? other
    if (handler === other) {
      // Answered without reading what came with it; the connection then closes, so Node does not
      // read the rest to keep it alive.
      if (req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0) res.shouldKeepAlive = false
      return sendWebResponse(res, await other(webRequest(req, method, undefined)), method === 'HEAD')
    }
    const read = method === 'GET' || method === 'HEAD' ? undefined : await readNodeBody(req, res, MAX_BODY_BYTES)
    // The client left before its body was whole: nothing is run for half a request (a truncated body
    // can still be valid JSON, and a sign-out reads none), and there is no one to answer.
    if (read && !read.complete) {
      res.destroy()
      return
    }
    const request = webRequest(req, method, read?.over ? undefined : read?.bytes, options.bodyReadAhead === true)
    await sendWebResponse(res, await (read?.over ? tooLarge : handler)(request), method === 'HEAD')
  }
}

/** Methods Node's parser accepts and undici's `Request` refuses to carry. */
const UNREPRESENTABLE = new Set(['CONNECT', 'TRACE', 'TRACK'])

/**
 * The request's body, stopping once it passes `limit` bytes (`over`: the adapter answers 413
 * `body_too_large` itself, behind the guard, and runs no handler); the connection closes after that
 * answer, so the rest is never read. A declared Content-Length over the limit reads nothing. `complete` is
 * false when the request ended before its body did (the client hung up, Node's request timeout, a
 * request already torn down when the adapter ran).
 */
function readNodeBody(req: IncomingMessage, res: ServerResponse, limit: number): Promise<{ bytes: Uint8Array; complete: boolean; over: boolean }> {
  const declared = req.headers['content-length']
  if (declared !== undefined && /^\d+$/.test(declared) && Number(declared) > limit) {
    res.shouldKeepAlive = false
    return Promise.resolve({ bytes: new Uint8Array(0), complete: true, over: true })
  }
  // Torn down already (Node destroys a request once it has ended, too): nothing more will come.
  if (req.destroyed || req.readableEnded) return Promise.resolve({ bytes: new Uint8Array(0), complete: false, over: false })
  return new Promise((resolve) => {
    const chunks: Buffer[] = []
    let total = 0
    const finish = (complete: boolean, over = false) => {
      req.off('data', onData)
      req.off('end', onEnd)
      req.off('error', onCut)
      req.off('close', onCut)
      resolve({ bytes: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, total), complete, over })
    }
    const onEnd = () => finish(req.complete)
    const onCut = () => finish(false)
    const onData = (chunk: Buffer) => {
      chunks.push(chunk)
      total += chunk.byteLength
      if (total <= limit) return
      req.pause()
      res.shouldKeepAlive = false
      // Enough to refuse: the body is complete as far as the answer goes.
      finish(true, true)
    }
    req.on('data', onData)
    req.on('end', onEnd)
    req.on('error', onCut)
    req.on('close', onCut)
  })
}

/**
 * The web `Request` of a Node request: its method, its headers as Node parsed them (the socket
 * address stamp included, server/http/socketAddress.ts) and `body`; with `readAhead`, the body is
 * handed to the capped reader as the bytes read (`withBodyReadAhead`), and the `Request` itself carries
 * none. The URL's origin is the Host header's where it is a valid host, else `localhost`: the handlers
 * read only its path and query, and the host from the header.
 */
function webRequest(req: IncomingMessage, method: string, body: Uint8Array | undefined, readAhead = false): Request {
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue
    if (Array.isArray(value)) for (const each of value) headers.append(name, each)
    else headers.set(name, value)
  }
  const path = req.url ?? '/'
  let url: URL
  try {
    url = new URL(path.startsWith('/') ? path : `/${path}`, `http://${req.headers.host ?? 'localhost'}`)
  } catch {
    url = new URL(path.startsWith('/') ? path : `/${path}`, 'http://localhost')
  }
  if (!body?.byteLength) return new Request(url, { method, headers })
  if (!readAhead) return new Request(url, { method, headers, body: body as Uint8Array<ArrayBuffer> })
  // The body is handed to the capped reader as the bytes already read, not as a stream around them.
  return withBodyReadAhead(new Request(url, { method, headers }), body)
}

/** Writes a web `Response` to Node's response: its body read first, then status, headers (each cookie its own line), body. */
async function sendWebResponse(res: ServerResponse, response: Response, head: boolean): Promise<void> {
  let bytes: string | Uint8Array | undefined
  if (!head) {
    // A JSON answer is written from the text it was made of (server/http/json.ts); its stream stays unread.
    bytes = jsonResponseText(response)
    if (bytes === undefined && response.body !== null) bytes = new Uint8Array(await response.arrayBuffer())
  }
  res.statusCode = response.status
  for (const [name, value] of response.headers) if (name !== 'set-cookie') res.setHeader(name, value)
  const cookies = response.headers.getSetCookie()
  if (cookies.length) res.setHeader('set-cookie', cookies)
  res.end(bytes)
}
