import 'server-only'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { MAX_BODY_BYTES } from './readBody'
import { guardedRoute, notServed, type ServerFamilies } from './requestGuard'

/**
 * A self-guarded API route served from the Pages Router (`pages/api/…`), for the sign-in's hot path.
 *
 * Why: an App Router route handler costs Next about 1.2 ms of CPU per POST on this project's bench
 * machine (the web `Request` it builds with its streams, the async context it keeps per request, the
 * `Response` it streams back); a Pages Router API route is handed Node's own request and response and
 * costs about 0.45 ms. Our handlers stay web handlers (`(Request) => Promise<Response>`, tested as
 * such): this adapter builds the `Request` from the bytes already read, without a stream, and writes
 * the `Response` back, about 0.3 ms together. Both routers are Next's own and run under `next start`,
 * `next dev` and the deployments the README names (docs/sign-in.md "What a sign-in costs").
 *
 * Every method goes through the request guard (`guardedRoute`), as the App Router's self-guarded
 * routes do: the origin rule before a handler runs, the security headers on every answer. A method
 * the route does not serve is a 405 (204 to OPTIONS) with `Allow`; HEAD is a GET without its body.
 *
 * The file that uses it must also export `config = { api: { bodyParser: false } }` (a literal: Next
 * reads it at build time), so that the body reaches this adapter unread.
 */
type WebHandler = (request: Request) => Promise<Response>
type Served = Partial<Record<'GET' | 'POST', WebHandler>>

export function pagesApiRoute(served: Served, families: ServerFamilies): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  const handlers = new Map<string, WebHandler>(Object.entries(served).map(([method, handler]) => [method, guardedRoute(handler, families)]))
  const other = notServed(Object.keys(served) as ('GET' | 'POST')[], families)
  return async (req, res) => {
    const method = req.method ?? 'GET'
    const handler = handlers.get(method === 'HEAD' ? 'GET' : method) ?? other
    const body = method === 'GET' || method === 'HEAD' ? undefined : await readNodeBody(req, res, MAX_BODY_BYTES)
    const response = await handler(webRequest(req, body))
    await sendWebResponse(res, response, method === 'HEAD')
  }
}

/**
 * The request's body, stopping once it passes `limit` bytes (what was read, one byte over, tells the
 * route's own capped reader it is too large: 413 `body_too_large`, as before); the connection then
 * closes after the answer, so the rest is never read. A declared Content-Length over the limit reads
 * nothing: the route refuses it by that header. A client that hangs up mid-body leaves what arrived,
 * which the route refuses as malformed; its answer goes nowhere.
 */
function readNodeBody(req: IncomingMessage, res: ServerResponse, limit: number): Promise<Uint8Array> {
  const declared = req.headers['content-length']
  if (declared !== undefined && /^\d+$/.test(declared) && Number(declared) > limit) {
    res.shouldKeepAlive = false
    return Promise.resolve(new Uint8Array(0))
  }
  return new Promise((resolve) => {
    const chunks: Buffer[] = []
    let total = 0
    const finish = () => {
      req.off('data', onData)
      req.off('end', finish)
      req.off('error', finish)
      req.off('close', finish)
      resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, total))
    }
    const onData = (chunk: Buffer) => {
      chunks.push(chunk)
      total += chunk.byteLength
      if (total <= limit) return
      req.pause()
      res.shouldKeepAlive = false
      finish()
    }
    req.on('data', onData)
    req.on('end', finish)
    req.on('error', finish)
    req.on('close', finish)
  })
}

/**
 * The web `Request` of a Node request: its method, its headers as Node parsed them (the socket
 * address stamp included, server/http/socketAddress.ts) and `body`. The URL's origin is the Host
 * header's where it is a valid host, else `localhost`: the handlers read only its path and query,
 * and the host from the header.
 */
function webRequest(req: IncomingMessage, body: Uint8Array | undefined): Request {
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
  return new Request(url, { method: req.method ?? 'GET', headers, body: body?.byteLength ? (body as Uint8Array<ArrayBuffer>) : undefined })
}

/** Writes a web `Response` to Node's response: status, headers (each cookie its own line), body. */
async function sendWebResponse(res: ServerResponse, response: Response, head = false): Promise<void> {
  res.statusCode = response.status
  for (const [name, value] of response.headers) if (name !== 'set-cookie') res.setHeader(name, value)
  const cookies = response.headers.getSetCookie()
  if (cookies.length) res.setHeader('set-cookie', cookies)
  const bytes = head || response.body === null ? undefined : new Uint8Array(await response.arrayBuffer())
  res.end(bytes)
}
