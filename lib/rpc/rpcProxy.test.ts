import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startAnvil, type Anvil } from '@/tests/fixtures/anvil'
import { startRpcProxy } from '@/tests/unit/siwe/authHarness'
import { createRpcProxy, MAX_RPC_BATCH, MAX_RPC_BODY_BYTES, MAX_RPC_RESPONSE_BYTES } from './rpcProxy'

/**
 * The same-origin RPC proxy against a real anvil behind a counting relay whose address carries a
 * recognisable "key" in its path, as a provider URL would.
 */
const SECRET_PATH = '/v2/SECRET_TOKEN_abc123'
let anvil: Anvil
let relay: Awaited<ReturnType<typeof startRpcProxy>>
let upstream = ''
beforeAll(async () => {
  anvil = await startAnvil()
  relay = await startRpcProxy(anvil.rpcUrl)
  upstream = `${relay.url}${SECRET_PATH}`
})
afterAll(async () => {
  await relay?.close()
  await anvil?.stop()
})

type Reply = { jsonrpc: string; id: unknown; result?: unknown; error?: { code: number; message: string; data?: { reason?: string } } }

function proxyFor(options: { limit?: number; upstreamUrl?: string; ip?: string; log?: string[] } = {}) {
  const handler = createRpcProxy({
    upstreams: () => ({ 31337: options.upstreamUrl ?? upstream }),
    clientIp: (request) => request.headers.get('x-test-ip') ?? '127.0.0.1',
    limitPerMinute: () => options.limit ?? 1000,
    log: (line) => options.log?.push(line),
  })
  return async (body: unknown, init: { chain?: string; ip?: string; contentType?: string; raw?: boolean } = {}) => {
    const request = new Request('http://localhost/api/rpc/31337', {
      method: 'POST',
      headers: { 'content-type': init.contentType ?? 'application/json', 'x-test-ip': init.ip ?? options.ip ?? '10.1.1.1' },
      body: init.raw ? (body as string) : JSON.stringify(body),
    })
    const response = await handler(request, init.chain ?? '31337')
    const text = await response.text()
    return { status: response.status, headers: response.headers, text, json: JSON.parse(text) as Reply | Reply[] }
  }
}
const call = (method: string, params: unknown[] = [], id: unknown = 1) => ({ jsonrpc: '2.0', id, method, params })

describe('RPC proxy: reads', () => {
  it('forwards a read and answers with the client’s id', async () => {
    const send = proxyFor()
    const { status, json } = await send(call('eth_chainId', [], 'abc'))
    expect(status).toBe(200)
    expect(json).toEqual({ jsonrpc: '2.0', id: 'abc', result: '0x7a69' })
  })

  it('forwards a batch of reads in one upstream request, answers in order', async () => {
    const send = proxyFor()
    const before = relay.count()
    const { json } = await send([
      call('eth_blockNumber', [], 7),
      call('eth_getBalance', ['0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', 'latest'], 7),
      call('eth_getBlockByNumber', ['latest', false], 'x'),
    ])
    expect(relay.count() - before).toBe(1)
    const replies = json as Reply[]
    expect(replies.map((reply) => reply.id)).toEqual([7, 7, 'x'])
    expect(replies.every((reply) => reply.result !== undefined)).toBe(true)
  })
})

describe('RPC proxy: refusals', () => {
  it.each(['eth_sendRawTransaction', 'eth_sendTransaction', 'personal_sign', 'eth_sign', 'eth_getLogs', 'eth_newFilter', 'debug_traceTransaction', 'admin_peers', 'anvil_setBalance', 'eth_foo', ''])(
    'refuses %j with JSON-RPC -32601 and never forwards it',
    async (method) => {
      const send = proxyFor()
      const before = relay.count()
      const { status, json } = await send(call(method, ['0x02f8']))
      expect(status).toBe(200)
      expect(json).toMatchObject({ jsonrpc: '2.0', id: 1, error: { code: -32601, data: { reason: 'method_not_allowed' } } })
      expect(relay.count()).toBe(before)
    },
  )

  it('answers a mixed batch call by call: reads forwarded, the rest refused', async () => {
    const send = proxyFor()
    const { json } = await send([call('eth_chainId', [], 1), call('eth_sendRawTransaction', ['0x02'], 2), call('eth_chainId', [], 3)])
    expect(json).toEqual([
      { jsonrpc: '2.0', id: 1, result: '0x7a69' },
      expect.objectContaining({ id: 2, error: expect.objectContaining({ code: -32601 }) }),
      { jsonrpc: '2.0', id: 3, result: '0x7a69' },
    ])
  })

  it('refuses full blocks (-32602)', async () => {
    const { json } = await proxyFor()(call('eth_getBlockByNumber', ['latest', true]))
    expect(json).toMatchObject({ error: { code: -32602, data: { reason: 'params_not_allowed' } } })
  })

  it('refuses malformed calls, oversized bodies and batches, other media types and unknown chains', async () => {
    const send = proxyFor()
    expect(await send({ jsonrpc: '1.0', id: 1, method: 'eth_chainId' })).toMatchObject({ json: { error: { code: -32600 } } })
    expect(await send({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: 'x' })).toMatchObject({ json: { error: { code: -32600 } } })
    expect(await send('{"jsonrpc":', { raw: true })).toMatchObject({ status: 400, json: { error: { code: -32700 } } })
    expect(await send([])).toMatchObject({ status: 400, json: { error: { data: { reason: 'invalid_request' } } } })
    expect(await send(Array.from({ length: MAX_RPC_BATCH + 1 }, (_, id) => call('eth_chainId', [], id)))).toMatchObject({ status: 400, json: { error: { data: { reason: 'batch_too_large' } } } })
    expect(await send(call('eth_call', [{ data: `0x${'00'.repeat(MAX_RPC_BODY_BYTES)}` }, 'latest']))).toMatchObject({ status: 413, json: { error: { data: { reason: 'body_too_large' } } } })
    expect(await send(call('eth_chainId'), { contentType: 'text/plain' })).toMatchObject({ status: 415 })
    for (const chain of ['1', '31337abc', '-1', '']) {
      expect(await send(call('eth_chainId'), { chain })).toMatchObject({ status: 404, json: { error: { data: { reason: 'unknown_chain' } } } })
    }
  })

  it('limits calls per client and minute (a batch counts each call), 429 with Retry-After', async () => {
    const send = proxyFor({ limit: 5, ip: '10.9.9.9' })
    expect((await send([call('eth_chainId', [], 1), call('eth_chainId', [], 2), call('eth_chainId', [], 3)])).status).toBe(200)
    expect((await send([call('eth_chainId', [], 4), call('eth_chainId', [], 5)])).status).toBe(200)
    const limited = await send(call('eth_chainId'))
    expect(limited).toMatchObject({ status: 429, json: { error: { code: -32005, data: { reason: 'rate_limited' } } } })
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await send(call('eth_chainId'), { ip: '10.9.9.10' })).status).toBe(200)
  })
})

it('answers a configuration error with a JSON-RPC internal error, the reason in the log only', async () => {
  const log: string[] = []
  const handler = createRpcProxy({
    upstreams: () => ({ 31337: upstream }),
    clientIp: () => {
      throw new Error('TRUSTED_PROXY_HOPS is required in production')
    },
    limitPerMinute: () => 10,
    log: (line) => log.push(line),
  })
  const response = await handler(new Request('http://localhost/api/rpc/31337', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(call('eth_chainId')) }), '31337')
  expect(response.status).toBe(500)
  const text = await response.text()
  expect(JSON.parse(text)).toMatchObject({ error: { code: -32603, data: { reason: 'internal_error' } } })
  expect(text).not.toContain('TRUSTED_PROXY_HOPS')
  expect(log.join('\n')).toContain('TRUSTED_PROXY_HOPS')
})

describe('RPC proxy: the upstream address stays on the server', () => {
  it('answers 502 -32603 when the upstream is down, naming neither it nor its key, in the answer or the log', async () => {
    const log: string[] = []
    const send = proxyFor({ upstreamUrl: `http://127.0.0.1:1${SECRET_PATH}`, log })
    const { status, text, json } = await send(call('eth_chainId'))
    expect(status).toBe(502)
    expect(json).toMatchObject({ error: { code: -32603, data: { reason: 'upstream_unavailable' } } })
    expect(text + log.join('\n')).not.toContain('SECRET_TOKEN')
    expect(text + log.join('\n')).not.toContain('127.0.0.1:1')
  })

  it('stops reading an upstream answer past its cap (with or without Content-Length) and answers 502', async () => {
    let sent = 0
    const flood: Server = createServer((request, response) => {
      response.setHeader('content-type', 'application/json')
      if (request.url?.includes('declared')) response.setHeader('content-length', String(MAX_RPC_RESPONSE_BYTES + 1))
      // Streams without end: a reader that does not stop would never answer.
      const chunk = Buffer.alloc(64 * 1024, 0x20)
      const pump = () => {
        while (!response.destroyed && response.write(chunk)) sent += chunk.length
        if (!response.destroyed) response.once('drain', pump)
      }
      pump()
    })
    await new Promise<void>((resolve) => flood.listen(0, '127.0.0.1', resolve))
    try {
      for (const path of ['/streamed', '/declared']) {
        const send = proxyFor({ upstreamUrl: `http://127.0.0.1:${(flood.address() as AddressInfo).port}${path}` })
        const { status, json } = await send(call('eth_chainId'))
        expect(status).toBe(502)
        expect(json).toMatchObject({ error: { code: -32603, data: { reason: 'upstream_unavailable' } } })
      }
      expect(sent).toBeLessThan(MAX_RPC_RESPONSE_BYTES * 8)
    } finally {
      flood.closeAllConnections()
      await new Promise((resolve) => flood.close(resolve))
    }
  })

  it('scrubs an upstream that echoes its own address or key in an error', async () => {
    const echo: Server = createServer((request, response) => {
      response.setHeader('content-type', 'application/json')
      response.end(JSON.stringify({ jsonrpc: '2.0', id: 0, error: { code: -32000, message: `invalid key at http://${request.headers.host}${request.url}`, data: { key: 'SECRET_TOKEN_abc123' } } }))
    })
    await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve))
    try {
      const send = proxyFor({ upstreamUrl: `http://127.0.0.1:${(echo.address() as AddressInfo).port}${SECRET_PATH}?apikey=another-secret-42` })
      const { text, json } = await send(call('eth_chainId'))
      expect(json).toMatchObject({ id: 1, error: { code: -32000 } })
      expect(text).not.toContain('SECRET_TOKEN')
      expect(text).not.toContain('another-secret-42')
    } finally {
      echo.closeAllConnections()
      await new Promise((resolve) => echo.close(resolve))
    }
  })
})
