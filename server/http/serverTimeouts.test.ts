import { createServer, type Server } from 'node:http'
import net from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { SERVER_TIMEOUTS, watchServerTimeouts } from './serverTimeouts'

/** A client that sends a request's headers one byte every `everyMs`; resolves with when the server closed it (ms). */
function slowloris(port: number, everyMs: number): Promise<{ closedAfterMs: number; sent: number }> {
  return new Promise((resolve) => {
    const started = Date.now()
    const socket = net.connect(port, '127.0.0.1')
    const bytes = Buffer.from('GET / HTTP/1.1\r\nHost: localhost\r\nX-Slow: ' + 'a'.repeat(10_000))
    let sent = 0
    const timer = setInterval(() => {
      if (!socket.destroyed && sent < bytes.length) socket.write(bytes.subarray(sent, ++sent))
    }, everyMs)
    socket.on('error', () => undefined)
    socket.on('close', () => {
      clearInterval(timer)
      resolve({ closedAfterMs: Date.now() - started, sent })
    })
  })
}

let server: Server | undefined
let stop: (() => void) | undefined
afterEach(async () => {
  stop?.()
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)))
  server = undefined
})

async function listen(): Promise<number> {
  server = createServer((_request, response) => response.end('ok'))
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
  return (server.address() as net.AddressInfo).port
}

describe('server timeouts', () => {
  it('cuts off a client that sends its headers slowly, at the header deadline, and serves others', async () => {
    stop = watchServerTimeouts({ headersTimeoutMs: 400, requestTimeoutMs: 2_000, keepAliveTimeoutMs: 5_000 })
    const port = await listen()
    const slow = slowloris(port, 20)
    expect(await (await fetch(`http://127.0.0.1:${port}/`)).text()).toBe('ok')
    const { closedAfterMs, sent } = await slow
    expect(closedAfterMs).toBeGreaterThanOrEqual(350)
    expect(closedAfterMs).toBeLessThan(1_500)
    expect(sent).toBeGreaterThan(5)
    // The server's own limits are set too (they hold later requests on a kept-alive connection).
    expect(server!.headersTimeout).toBe(400)
    expect(server!.requestTimeout).toBe(2_000)
  })

  it('leaves a keep-alive timeout given to next start alone, and defaults to limits fit for a sign-in API', async () => {
    stop = watchServerTimeouts()
    const port = await listen()
    server!.keepAliveTimeout = 65_000
    await (await fetch(`http://127.0.0.1:${port}/`)).text()
    expect(server!.keepAliveTimeout).toBe(65_000)
    expect(server!.headersTimeout).toBe(SERVER_TIMEOUTS.headersTimeoutMs)
    expect(SERVER_TIMEOUTS).toEqual({ headersTimeoutMs: 10_000, requestTimeoutMs: 30_000, keepAliveTimeoutMs: 5_000 })
  })

  it('leaves an upgraded connection (a WebSocket, as next dev hot reload uses) open past the header deadline', async () => {
    stop = watchServerTimeouts({ headersTimeoutMs: 300, requestTimeoutMs: 2_000, keepAliveTimeoutMs: 5_000 })
    const port = await listen()
    const upgraded: net.Socket[] = []
    server!.on('upgrade', (_request, socket: net.Socket) => {
      upgraded.push(socket)
      socket.write('HTTP/1.1 101 Switching Protocols\r\nUpgrade: test\r\nConnection: Upgrade\r\n\r\n')
    })
    const socket = net.connect(port, '127.0.0.1')
    socket.on('error', () => undefined)
    socket.resume() // read the 101, so an end from the server would show as 'close'
    let closed = false
    socket.on('close', () => (closed = true))
    socket.write('GET /hmr HTTP/1.1\r\nHost: localhost\r\nUpgrade: test\r\nConnection: Upgrade\r\n\r\n')
    await new Promise((resolve) => setTimeout(resolve, 800))
    expect(upgraded).toHaveLength(1)
    expect(closed).toBe(false)
    socket.destroy()
    for (const held of upgraded) held.destroy()
  })
})

