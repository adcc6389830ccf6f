import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { serverFamilies } from '@sigil/connectors/serverFamilies'
import { proxy } from '@/proxy'
import { NextRequest } from 'next/server'
import { guardedRoute } from './requestGuard'
import { arrivedBeforeStamp, installSocketAddressStamp, SOCKET_ADDRESS_HEADER } from './socketAddress'

/**
 * Issue 28: a request Node parsed before instrumentation.ts subscribed the socket-address stamp
 * (the first moments after `next start` listens; Next holds it until `register` resolves) is
 * refused as "starting" — by the proxy and by the self-guarded sign-in routes — rather than served
 * with its rate limits in one shared bucket. A stamped request is served as before.
 */
const APP = 'http://localhost:3000'
let server: ReturnType<typeof createServer>
let base = ''
let stamped: Headers | undefined

const headersOf = (message: IncomingMessage) => {
  const headers = new Headers()
  for (const [name, value] of Object.entries(message.headers)) if (typeof value === 'string') headers.set(name, value)
  return headers
}

beforeAll(async () => {
  installSocketAddressStamp()
  server = createServer((message, response) => {
    stamped = headersOf(message)
    response.end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  await (await fetch(base)).arrayBuffer()
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

describe('requests that arrived before the socket-address stamp', () => {
  it('tells a stamped request from one without (or with a forged) stamp', () => {
    expect(stamped?.get(SOCKET_ADDRESS_HEADER)).toBeTruthy()
    expect(arrivedBeforeStamp({ headers: stamped! })).toBe(false)
    expect(arrivedBeforeStamp({ headers: new Headers() })).toBe(true)
    expect(arrivedBeforeStamp({ headers: new Headers({ [SOCKET_ADDRESS_HEADER]: 'forged 10.0.0.1' }) })).toBe(true)
  })

  it('a sign-in route answers 503 {"status":"starting"} without running its handler', async () => {
    let ran = 0
    const route = guardedRoute(async () => {
      ran++
      return new Response('{}')
    }, serverFamilies)
    const early = await route(new Request(`${APP}/api/auth/nonce`, { headers: { host: 'localhost:3000' } }))
    expect(early.status).toBe(503)
    expect(early.headers.get('retry-after')).toBe('1')
    expect(await early.json()).toEqual({ status: 'starting' })
    expect(ran).toBe(0)
    const headers = new Headers({ host: 'localhost:3000', [SOCKET_ADDRESS_HEADER]: stamped!.get(SOCKET_ADDRESS_HEADER)! })
    expect((await route(new Request(`${APP}/api/auth/nonce`, { headers }))).status).toBe(200)
    expect(ran).toBe(1)
  })

  it('the proxy answers 503 {"status":"starting"} for a page or the health check that arrived unstamped', async () => {
    for (const pathname of ['/', '/api/health']) {
      const response = proxy(new NextRequest(`${APP}${pathname}`, { headers: { host: 'localhost:3000' } }))
      expect(response.status).toBe(503)
      expect(await response.json()).toEqual({ status: 'starting' })
    }
    const headers = { host: 'localhost:3000', [SOCKET_ADDRESS_HEADER]: stamped!.get(SOCKET_ADDRESS_HEADER)! }
    expect(proxy(new NextRequest(`${APP}/`, { headers })).status).toBe(200)
  })

  it('a browser opening the page meanwhile gets a page that reloads itself, not JSON in its window', async () => {
    const navigation = { host: 'localhost:3000', 'sec-fetch-dest': 'document', 'sec-fetch-mode': 'navigate', accept: 'text/html,application/xhtml+xml,*/*;q=0.8' }
    const response = proxy(new NextRequest(`${APP}/`, { headers: navigation }))
    expect(response.status).toBe(503)
    expect(response.headers.get('retry-after')).toBe('1')
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8')
    const page = await response.text()
    expect(page).toContain('<meta http-equiv="refresh" content="1">')
    expect(page).toContain('The server is still starting.')
    // No script: the page's strict CSP (set on this answer too) allows it as it is.
    expect(page).not.toContain('<script')
    expect(response.headers.get('content-security-policy')).toContain("script-src 'nonce-")
    // A fetch of the same page by a script still gets the machine answer.
    const scripted = proxy(new NextRequest(`${APP}/`, { headers: { host: 'localhost:3000', 'sec-fetch-dest': 'empty', accept: '*/*' } }))
    expect(await scripted.json()).toEqual({ status: 'starting' })
  })
})
