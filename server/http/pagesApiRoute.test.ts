import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { serverFamilies } from '@sigil/connectors/serverFamilies'

vi.mock('server-only', () => ({}))

const { pagesApiRoute } = await import('./pagesApiRoute')
const { readJsonBody } = await import('./readBody')
const { errorResponse, jsonResponse } = await import('./json')
const { installSocketAddressStamp, socketAddress } = await import('./socketAddress')

/**
 * The Pages Router adapter of the sign-in's hot routes, on a real Node HTTP server (as Next hands a
 * Pages API route Node's own request and response): what reaches the web handler, and what the
 * client gets back.
 */

const APP = 'http://localhost:3000'
/** Text whose UTF-8 is longer than its characters: the answer's length must count bytes. */
const NON_ASCII = 'Signé — 署名 ✓'
let server: Server
let base: string
const seen: { url: string; method: string; peer: string | null; body: unknown }[] = []
const ran: string[] = []

beforeAll(async () => {
  installSocketAddressStamp()
  const post = pagesApiRoute(
    {
      POST: async (request) => {
        let body: unknown
        try {
          body = await readJsonBody(request)
        } catch (error) {
          return errorResponse(error as Parameters<typeof errorResponse>[0])
        }
        seen.push({ url: request.url, method: request.method, peer: socketAddress(request), body })
        const headers = new Headers({ 'content-type': 'application/json', 'cache-control': 'no-store' })
        headers.append('set-cookie', 'a=1; Path=/; HttpOnly')
        headers.append('set-cookie', 'b=2; Path=/; HttpOnly')
        return new Response(JSON.stringify({ got: body }), { headers })
      },
    },
    serverFamilies,
    // As the verify route: its handler reads through readJsonBody, handed the bytes already read.
    { bodyReadAhead: true },
  )
  // Any other web handler, reading its body itself: the default hands it a Request with its body.
  const web = pagesApiRoute({ POST: async (request) => jsonResponse({ json: (await request.json()) as unknown, used: request.bodyUsed }) }, serverFamilies)
  // A route that reads no body, as the sign-out: a body over the limit must not run it.
  const logout = pagesApiRoute({ POST: async () => (ran.push('logout'), new Response(null, { status: 204 })) }, serverFamilies)
  const get = pagesApiRoute({ GET: async (request) => new Response(JSON.stringify({ search: new URL(request.url).search }), { headers: { 'content-type': 'application/json' } }) }, serverFamilies)
  // An answer made by jsonResponse, as every sign-in route's: written from its text.
  const json = pagesApiRoute({ GET: async () => jsonResponse({ text: NON_ASCII }, { status: 201, headers: { 'set-cookie': 'c=3; Path=/; HttpOnly' } }) }, serverFamilies)
  server = createServer((req: IncomingMessage, res: ServerResponse) =>
    void (req.url?.startsWith('/api/auth/verify') ? post : req.url?.startsWith('/api/auth/logout') ? logout : req.url?.startsWith('/api/auth/session') ? json : req.url?.startsWith('/api/auth/link') ? web : get)(req, res),
  )
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

const page = { origin: APP, host: 'localhost:3000', 'content-type': 'application/json' }

/** A raw request (fetch cannot send a body larger than it says, nor HEAD with a reader). */
function raw(method: string, path: string, headers: Record<string, string>, chunks: string[] = []): Promise<{ status: number; headers: IncomingMessage['headers']; body: string }> {
  return new Promise((resolve, reject) => {
    const sent = httpRequest(`${base}${path}`, { method, headers }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => (body += chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }))
    })
    sent.on('error', reject)
    for (const chunk of chunks) sent.write(chunk)
    sent.end()
  })
}

describe('pagesApiRoute', () => {
  it("hands a handler that reads its own body (request.json()) that body, by default", async () => {
    const response = await raw('POST', '/api/auth/link', page, ['{"message":', '"hé"}'])
    expect(response.status).toBe(200)
    expect(JSON.parse(response.body)).toEqual({ json: { message: 'hé' }, used: true })
  })

  it("sends a JSON answer whole, in UTF-8 with its byte length, its status, cookie and the guard's headers; HEAD without it", async () => {
    const response = await raw('GET', '/api/auth/session', page)
    expect(response.status).toBe(201)
    expect(JSON.parse(response.body)).toEqual({ text: NON_ASCII })
    expect(Number(response.headers['content-length'])).toBe(Buffer.byteLength(JSON.stringify({ text: NON_ASCII })))
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(response.headers['cache-control']).toBe('no-store')
    expect(response.headers['set-cookie']).toEqual(['c=3; Path=/; HttpOnly'])
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'")
    const head = await raw('HEAD', '/api/auth/session', page)
    expect(head.status).toBe(201)
    expect(head.body).toBe('')
  })

  it("hands the handler the request's path, method, body and stamped peer address, and sends back each cookie on its own line", async () => {
    const response = await raw('POST', '/api/auth/verify?x=1', page, ['{"message":', '"hi"}'])
    expect(response.status).toBe(200)
    expect(JSON.parse(response.body)).toEqual({ got: { message: 'hi' } })
    expect(response.headers['set-cookie']).toEqual(['a=1; Path=/; HttpOnly', 'b=2; Path=/; HttpOnly'])
    // The security headers of the guard, on the handler's answer.
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'")
    const last = seen.at(-1)!
    expect(new URL(last.url).pathname + new URL(last.url).search).toBe('/api/auth/verify?x=1')
    expect(last.method).toBe('POST')
    expect(last.peer).toBe('127.0.0.1')
  })

  it("refuses another origin's POST before the handler runs", async () => {
    const before = seen.length
    const response = await raw('POST', '/api/auth/verify', { ...page, origin: 'https://evil.example' }, ['{}'])
    expect(response.status).toBe(403)
    expect(JSON.parse(response.body)).toMatchObject({ code: 'origin_not_allowed' })
    expect(seen.length).toBe(before)
  })

  it('answers a body over 8 KB with 413 body_too_large, whether its length is declared or not, and closes the connection', async () => {
    const big = JSON.stringify({ big: 'x'.repeat(9 * 1024) })
    const declared = await raw('POST', '/api/auth/verify', { ...page, 'content-length': String(Buffer.byteLength(big)) }, [big])
    expect(declared.status).toBe(413)
    expect(JSON.parse(declared.body)).toMatchObject({ code: 'body_too_large' })
    expect(declared.headers.connection).toBe('close')
    // Chunked, no Content-Length: read until it passes the limit, then refused.
    const chunked = await raw('POST', '/api/auth/verify', { ...page, 'transfer-encoding': 'chunked' }, Array.from({ length: 20 }, () => 'y'.repeat(1024)))
    expect(chunked.status).toBe(413)
    expect(JSON.parse(chunked.body)).toMatchObject({ code: 'body_too_large' })
    // A route that reads no body runs for neither.
    expect((await raw('POST', '/api/auth/logout', { ...page, 'content-length': String(Buffer.byteLength(big)) }, [big])).status).toBe(413)
    const streamed = await raw('POST', '/api/auth/logout', { ...page, 'transfer-encoding': 'chunked' }, Array.from({ length: 20 }, () => 'y'.repeat(1024)))
    expect(streamed.status).toBe(413)
    expect(streamed.headers['content-security-policy']).toContain("frame-ancestors 'none'")
    expect(ran).toEqual([])
    expect((await raw('POST', '/api/auth/logout', page)).status).toBe(204)
    expect(ran).toEqual(['logout'])
  })

  it('runs nothing for a body the client never finished, and answers the next request', async () => {
    const before = seen.length
    await new Promise<void>((resolve) => {
      // Says 100 bytes, sends a valid JSON body of 11, then hangs up.
      const sent = httpRequest(`${base}/api/auth/verify`, { method: 'POST', headers: { ...page, 'content-length': '100' } })
      sent.on('error', () => resolve())
      sent.write('{"ok":true}', () => setTimeout(() => sent.destroy(), 50))
      sent.on('close', () => resolve())
    })
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(seen.length).toBe(before)
    expect((await raw('POST', '/api/auth/verify', page, ['{"ok":true}'])).status).toBe(200)
    expect(seen.length).toBe(before + 1)
  })

  it('answers a method the web cannot carry (TRACE) with 405, behind the same headers', async () => {
    const response = await raw('TRACE', '/api/auth/verify', page)
    expect(response.status).toBe(405)
    expect(response.headers.allow).toBe('POST, OPTIONS')
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'")
  })

  it('answers malformed JSON with 400 malformed_body, and the next request on the server still works', async () => {
    const response = await raw('POST', '/api/auth/verify', page, ['{"message":'])
    expect(response.status).toBe(400)
    expect(JSON.parse(response.body)).toMatchObject({ code: 'malformed_body' })
    expect((await raw('POST', '/api/auth/verify', page, ['{"ok":true}'])).status).toBe(200)
  })

  it('answers methods it does not serve with 405 and Allow (204 to OPTIONS), behind the guard; HEAD is a GET without its body', async () => {
    for (const method of ['GET', 'PUT', 'DELETE', 'PATCH', 'PROPFIND']) {
      const response = await raw(method, '/api/auth/verify', page)
      expect(response.status, method).toBe(405)
      expect(response.headers.allow, method).toBe('POST, OPTIONS')
      expect(response.headers['content-security-policy'], method).toContain("frame-ancestors 'none'")
    }
    expect((await raw('OPTIONS', '/api/auth/verify', page)).status).toBe(204)
    const get = await raw('GET', '/api/auth/nonce?a=b', page)
    expect(JSON.parse(get.body)).toEqual({ search: '?a=b' })
    const head = await raw('HEAD', '/api/auth/nonce', page)
    expect(head.status).toBe(200)
    expect(head.body).toBe('')
    expect((await raw('POST', '/api/auth/nonce', page)).headers.allow).toBe('GET, HEAD, OPTIONS')
  })

  it('survives a Host header that is no host', async () => {
    const response = await raw('GET', '/api/auth/nonce', { ...page, host: 'bad host' })
    expect(response.status).not.toBe(500)
  })
})
