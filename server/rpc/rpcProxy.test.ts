import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { BaseError, createPublicClient, createTestClient, createWalletClient, http, parseEther, parseGwei } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { ANVIL_PRIVATE_KEYS, startAnvil, type Anvil } from '@/tests/fixtures/anvil'
import { openFreshPgliteStore } from '@/tests/fixtures/pgliteFolders'
import type { Store } from '@/server/store/types'
import { TEST_SESSION_SECRET, testProxyDeps } from '@/tests/fixtures/rpcProxy'
import { startRpcProxy } from '@/tests/unit/siwe/authHarness'
import { GlobalBudget } from './globalBudget'
import { issuePageToken, PAGE_TOKEN_TTL_SECONDS, pageTokenCookieName } from './pageToken'
import { createRpcProxy, MAX_RPC_BATCH, MAX_RPC_BODY_BYTES, MAX_RPC_RESPONSE_BYTES, type RpcProxyDeps } from './rpcProxy'

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

function proxyFor(options: { limit?: number; upstreamUrl?: string; ip?: string; log?: string[]; deps?: Partial<RpcProxyDeps> } = {}) {
  const { cookie, ...deps } = testProxyDeps()
  const handler = createRpcProxy({
    upstreams: () => ({ 31337: options.upstreamUrl ?? upstream }),
    clientIp: (request) => request.headers.get('x-test-ip') ?? '127.0.0.1',
    limitPerMinute: () => options.limit ?? 1000,
    log: (line) => options.log?.push(line),
    ...deps,
    ...options.deps,
  })
  return async (body: unknown, init: { chain?: string; ip?: string; contentType?: string; raw?: boolean; cookie?: string | null } = {}) => {
    const request = new Request('http://localhost/api/rpc/31337', {
      method: 'POST',
      headers: {
        'content-type': init.contentType ?? 'application/json',
        'x-test-ip': init.ip ?? options.ip ?? '10.1.1.1',
        ...(init.cookie === null ? {} : { cookie: init.cookie ?? cookie }),
      },
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

  it('serves a block with its full transactions, counted as 10 calls against the client’s limit and the chain’s budget', async () => {
    const taken: number[] = []
    const send = proxyFor({ limit: 25, ip: '10.9.9.11', deps: { budget: { take: async (_chain, calls) => (taken.push(calls), { ok: true }) } } })
    const full = await send(call('eth_getBlockByNumber', ['latest', true]))
    expect(full).toMatchObject({ status: 200, json: { result: { transactions: expect.any(Array) } } })
    expect(taken).toEqual([10])
    // A batch: the same block by its hash, full, and a plain one, 11 calls; 21 of 25 spent.
    const { hash } = (full.json as { result: { hash: string } }).result
    expect((await send([call('eth_getBlockByHash', [hash, true], 1), call('eth_getBlockByNumber', ['latest', false], 2)])).status).toBe(200)
    expect(taken).toEqual([10, 11])
    // Four plain calls still fit (25 of 25); one more full block does not.
    expect((await send([call('eth_chainId', [], 1), call('eth_chainId', [], 2), call('eth_chainId', [], 3), call('eth_chainId', [], 4)])).status).toBe(200)
    expect(await send(call('eth_getBlockByNumber', ['latest', true]))).toMatchObject({ status: 429, json: { error: { code: -32005, data: { reason: 'rate_limited' } } } })
    expect(taken).toEqual([10, 11, 4])
    // Anything but a boolean stays refused.
    expect((await proxyFor()(call('eth_getBlockByNumber', ['latest', 'true']))).json).toMatchObject({ error: { code: -32602, data: { reason: 'params_not_allowed' } } })
  })

  it('refuses malformed calls, oversized bodies and batches, other media types and unknown chains, none of them forwarded', async () => {
    const send = proxyFor()
    const before = relay.count()
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
    expect(await send({ jsonrpc: '2.0', id: { not: 'an id' }, method: 'eth_chainId' })).toMatchObject({ status: 400, json: { id: null, error: { code: -32600 } } })
    expect(await send({ jsonrpc: '1.0', id: 1, method: 'eth_chainId' })).toMatchObject({ status: 400, json: { id: 1, error: { code: -32600, message: 'Not a JSON-RPC 2.0 request.' } } })
    expect(relay.count()).toBe(before)
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
  const { cookie, ...deps } = testProxyDeps()
  const handler = createRpcProxy({
    upstreams: () => ({ 31337: upstream }),
    clientIp: () => {
      throw new Error('TRUSTED_PROXY_HOPS is required in production')
    },
    limitPerMinute: () => 10,
    log: (line) => log.push(line),
    ...deps,
  })
  const response = await handler(new Request('http://localhost/api/rpc/31337', { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify(call('eth_chainId')) }), '31337')
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

  it('stops reading an upstream answer past its cap (with or without Content-Length) and answers 502 response_too_large', async () => {
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
        expect(json).toEqual({ jsonrpc: '2.0', id: 1, error: { code: -32603, message: 'The answer is too large to serve here.', data: { reason: 'response_too_large' } } })
      }
      expect(sent).toBeLessThan(MAX_RPC_RESPONSE_BYTES * 8)
    } finally {
      flood.closeAllConnections()
      await new Promise((resolve) => flood.close(resolve))
    }
  })

  it('never relays an upstream error’s words: the key in four spellings reaches no answer', async () => {
    const KEY = 'AbC+dEf/Key=9xQ_Live'
    const spellings = [KEY, KEY.toLowerCase(), encodeURIComponent(KEY), Buffer.from(KEY).toString('base64')]
    const echo: Server = createServer((request, response) => {
      response.setHeader('content-type', 'application/json')
      const said = `invalid key ${spellings.join(' ')} at http://${request.headers.host}${request.url}`
      const errors = [
        { code: -32000, message: said, data: { key: KEY, spellings } },
        { code: 3, message: `execution reverted: ${said}`, data: '0xdeadbeef' },
        { code: -32099, message: said, data: spellings[3] },
        { code: 3, message: 'execution reverted', data: { data: '0xcafe', message: said } },
        { code: -32000, message: `insufficient funds for gas * price + value: ${said}`, data: said },
      ]
      const chunks: Buffer[] = []
      request.on('data', (chunk: Buffer) => chunks.push(chunk))
      request.on('end', () => {
        const body = JSON.parse(Buffer.concat(chunks).toString()) as { id: number }[]
        response.end(JSON.stringify(body.map(({ id }) => ({ jsonrpc: '2.0', id, error: errors[id] }))))
      })
    })
    await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve))
    try {
      const send = proxyFor({ upstreamUrl: `http://127.0.0.1:${(echo.address() as AddressInfo).port}/v2/${encodeURIComponent(KEY)}?apikey=${encodeURIComponent(KEY)}` })
      const { text, json } = await send(Array.from({ length: 5 }, (_, id) => call('eth_chainId', [], id)))
      for (const spelling of spellings) expect(text).not.toContain(spelling)
      expect(text).not.toContain('127.0.0.1')
      expect(text.toLowerCase()).not.toContain('invalid key')
      expect(json).toEqual([
        { jsonrpc: '2.0', id: 0, error: { code: -32000, message: 'The node could not serve this call.' } },
        // Revert data passes as hex, under its fixed message: viem decodes the reason from it.
        { jsonrpc: '2.0', id: 1, error: { code: 3, message: 'execution reverted', data: '0xdeadbeef' } },
        { jsonrpc: '2.0', id: 2, error: { code: -32603, message: 'Internal error.' } },
        // Revert data nested the way some providers write it comes out flat, the rest dropped.
        { jsonrpc: '2.0', id: 3, error: { code: 3, message: 'execution reverted', data: '0xcafe' } },
        { jsonrpc: '2.0', id: 4, error: { code: -32000, message: 'insufficient funds for gas * price + value' } },
      ])
    } finally {
      echo.closeAllConnections()
      await new Promise((resolve) => echo.close(resolve))
    }
  })
})

/** An http server in front of a proxy handler that adds the page token, for viem clients. */
async function serveProxy(handler: ReturnType<typeof createRpcProxy>, cookie: string) {
  const server: Server = createServer((message, response) => {
    const chunks: Buffer[] = []
    message.on('data', (chunk: Buffer) => chunks.push(chunk))
    message.on('end', () => {
      const request = new Request('http://localhost/api/rpc/31337', { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: Buffer.concat(chunks) })
      void handler(request, '31337').then(async (answer) => {
        response.writeHead(answer.status, { 'content-type': 'application/json' })
        response.end(await answer.text())
      })
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}

/** A relay to anvil that keeps every request body it forwards. */
async function startRecordingRelay(target: string) {
  const bodies: unknown[] = []
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const body = Buffer.concat(chunks)
      bodies.push(JSON.parse(body.toString()))
      void fetch(target, { method: 'POST', headers: { 'content-type': 'application/json' }, body }).then(async (answer) => {
        response.writeHead(answer.status, { 'content-type': 'application/json' })
        response.end(await answer.text())
      })
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v2/KEY`,
    bodies,
    close: async () => {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}

const EOA = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const OTHER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
/** Creation code that loops until it runs out of gas: JUMPDEST PUSH1 0 JUMP. */
const LOOP = '0x5b600056'
/** Creation code that reverts with the four bytes 0xdeadbeef. */
const REVERTS = '0x63deadbeef60e01b60005260046000fd'

describe('RPC proxy: only the shapes the app sends, gas capped', () => {
  it.each(['eth_call', 'eth_estimateGas'])('refuses %s with a state override or a block override, and never forwards it', async (method) => {
    const send = proxyFor()
    const before = relay.count()
    const tx = { from: EOA, to: OTHER, data: '0x' }
    for (const params of [
      [tx, 'latest', { [OTHER]: { code: LOOP, balance: '0xffffffffffffffff' } }],
      [tx, 'latest', {}],
      [tx, 'latest', {}, { number: '0x1', gasLimit: '0x1c9c380' }],
      [tx, 'latest', null],
    ]) {
      const { status, json } = await send(call(method, params))
      expect(status).toBe(200)
      expect(json).toEqual({ jsonrpc: '2.0', id: 1, error: { code: -32602, message: 'These parameters are not served here.', data: { reason: 'params_not_allowed' } } })
    }
    expect(relay.count()).toBe(before)
  })

  it.each(['eth_call', 'eth_estimateGas'])('refuses %s with gas above RPC_PROXY_MAX_GAS (-32602 gas_too_high), never forwarded', async (method) => {
    const send = proxyFor()
    const before = relay.count()
    for (const gas of ['0x1c9c380', '0x2dc6c1', `0x${'f'.repeat(64)}`]) {
      expect((await send(call(method, [{ from: EOA, data: LOOP, gas }, 'latest']))).json).toEqual({
        jsonrpc: '2.0',
        id: 1,
        error: { code: -32602, message: 'The gas limit is above what this endpoint serves.', data: { reason: 'gas_too_high' } },
      })
    }
    expect(relay.count()).toBe(before)
    // At the cap is served.
    expect((await send(call(method, [{ from: EOA, to: OTHER, gas: '0x2dc6c0' }, 'latest']))).json).toMatchObject({ result: expect.any(String) })
  })

  it('forwards a call without gas with the cap set: an endless loop stops at 3M gas on anvil, not at the node’s own cap', async () => {
    const recording = await startRecordingRelay(anvil.rpcUrl)
    try {
      const send = proxyFor({ upstreamUrl: recording.url })
      const started = performance.now()
      const { json } = await send([call('eth_call', [{ from: EOA, data: LOOP }, 'latest'], 1), call('eth_estimateGas', [{ from: EOA, data: LOOP }], 2)])
      const elapsed = performance.now() - started
      expect(recording.bodies).toEqual([
        [
          { jsonrpc: '2.0', id: 0, method: 'eth_call', params: [{ from: EOA, data: LOOP, gas: '0x2dc6c0' }, 'latest'] },
          { jsonrpc: '2.0', id: 1, method: 'eth_estimateGas', params: [{ from: EOA, data: LOOP, gas: '0x2dc6c0' }] },
        ],
      ])
      // Both fail (out of gas) in fixed words; neither ran to 30M.
      for (const reply of json as Reply[]) expect(reply.error).toBeDefined()
      expect(elapsed).toBeLessThan(5_000)
    } finally {
      await recording.close()
    }
  })

  it.each([
    ['eth_chainId', ['0x1']],
    ['eth_blockNumber', [null]],
    ['eth_getBalance', []],
    ['eth_getBalance', ['0x1234', 'latest']],
    ['eth_getBalance', [EOA, 'newest']],
    ['eth_getBalance', [EOA, 'latest', 'extra']],
    ['eth_getBalance', [EOA, { blockHash: '0x12' }]],
    ['eth_getCode', [EOA, { blockNumber: '0x1', extra: true }]],
    ['eth_getTransactionCount', [{ address: EOA }, 'latest']],
    ['eth_getBlockByNumber', [{ blockHash: `0x${'11'.repeat(32)}` }, false]],
    ['eth_getBlockByNumber', ['latest', false, 'more']],
    ['eth_getBlockByHash', ['latest', false]],
    ['eth_getBlockByHash', [`0x${'11'.repeat(32)}`, 'true']],
    ['eth_getStorageAt', [EOA]],
    ['eth_getStorageAt', [EOA, `0x${'1'.repeat(65)}`, 'latest']],
    ['eth_getStorageAt', [EOA, '0x0', 'latest', 'extra']],
    ['eth_call', []],
    ['eth_call', ['0x']],
    ['eth_call', [[{ to: OTHER }], 'latest']],
    ['eth_call', [{ to: OTHER, code: LOOP }, 'latest']],
    ['eth_call', [{ to: OTHER, data: '0x123' }, 'latest']],
    ['eth_call', [{ to: OTHER, data: `0x${'00'.repeat(24 * 1024 + 1)}` }, 'latest']],
    ['eth_call', [{ to: OTHER, value: 1 }, 'latest']],
    ['eth_call', [{ to: OTHER, value: `0x${'1'.repeat(65)}` }, 'latest']],
    ['eth_call', [{ to: OTHER, authorizationList: [] }, 'latest']],
    // Names every object inherits: a state override under `constructor` once passed as a field, and
    // `__proto__` or `valueOf` crashed the check (500, the request never counted).
    ['eth_call', [{ to: OTHER, constructor: { [OTHER]: { code: LOOP } } }, 'latest']],
    ['eth_call', [{ to: OTHER, toString: '0x1' }, 'latest']],
    ['eth_call', [JSON.parse(`{"to":"${OTHER}","__proto__":{"${OTHER}":{"code":"${LOOP}"}}}`), 'latest']],
    ['eth_estimateGas', [{ to: OTHER, valueOf: '0x1' }]],
    ['eth_estimateGas', [{ to: OTHER, hasOwnProperty: '0x1' }]],
    ['eth_call', [{ to: OTHER, blobVersionedHashes: [] }, 'latest']],
    ['eth_call', [{ to: OTHER, accessList: Array.from({ length: 33 }, () => ({ address: OTHER, storageKeys: [] })) }, 'latest']],
    ['eth_estimateGas', [{ to: OTHER, type: '0x4' }]],
    ['eth_feeHistory', ['0x81', 'latest', [25, 75]]],
    ['eth_feeHistory', ['0x0', 'latest', []]],
    ['eth_feeHistory', ['0x4', 'latest', [75, 25]]],
    ['eth_feeHistory', ['0x4', 'latest', Array.from({ length: 11 }, (_, index) => index)]],
    ['eth_getTransactionByHash', ['0x1234']],
    ['eth_getTransactionReceipt', [`0x${'11'.repeat(32)}`, 'latest']],
  ])('refuses %s with malformed params (case %#, -32602), never forwarded', async (method, params) => {
    const send = proxyFor()
    const before = relay.count()
    expect((await send(call(method, params))).json).toMatchObject({ error: { code: -32602, data: { reason: 'params_not_allowed' } } })
    expect(relay.count()).toBe(before)
  })

  it('serves what viem sends: balance, code, storage, nonce, blocks (by number and hash, full or not), fees, calls and estimates (with fees, by block hash), reverts with their data, transactions', async () => {
    const { cookie, ...deps } = testProxyDeps()
    const served = await serveProxy(createRpcProxy({ upstreams: () => ({ 31337: upstream }), clientIp: () => '10.2.2.2', limitPerMinute: () => 10_000, ...deps }), cookie)
    try {
      const client = createPublicClient({ chain: foundry, transport: http(served.url, { retryCount: 0 }) })
      const wallet = createWalletClient({ chain: foundry, account: privateKeyToAccount(ANVIL_PRIVATE_KEYS[0]), transport: http(anvil.rpcUrl) })
      const hash = await wallet.sendTransaction({ to: OTHER, value: parseEther('0.001') })
      const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50 })
      expect(receipt.status).toBe('success')
      expect((await client.getTransaction({ hash })).hash).toBe(hash)
      expect(await client.getChainId()).toBe(31337)
      expect(await client.getBalance({ address: OTHER })).toBeGreaterThan(0n)
      expect(await client.getBalance({ address: OTHER, blockNumber: receipt.blockNumber })).toBeGreaterThan(0n)
      expect(await client.getCode({ address: OTHER })).toBeUndefined()
      expect(await client.getTransactionCount({ address: EOA })).toBeGreaterThan(0)
      expect((await client.getBlock()).number).toBeGreaterThanOrEqual(receipt.blockNumber)
      expect((await client.getBlock({ blockNumber: receipt.blockNumber })).hash).toBe(receipt.blockHash)
      expect((await client.getBlock({ blockHash: receipt.blockHash })).number).toBe(receipt.blockNumber)
      expect((await client.getBlock({ blockHash: receipt.blockHash, includeTransactions: true })).transactions).toMatchObject([{ hash }])
      expect(await client.getStorageAt({ address: OTHER, slot: '0x0' })).toBe(`0x${'00'.repeat(32)}`)
      expect(await client.getStorageAt({ address: OTHER, slot: `0x${'00'.repeat(32)}`, blockNumber: receipt.blockNumber })).toBe(`0x${'00'.repeat(32)}`)
      expect(await client.getGasPrice()).toBeGreaterThan(0n)
      expect((await client.estimateFeesPerGas()).maxFeePerGas).toBeGreaterThan(0n)
      expect((await client.getFeeHistory({ blockCount: 4, rewardPercentiles: [25, 75] })).baseFeePerGas.length).toBeGreaterThan(0)
      expect(await client.call({ account: EOA, to: OTHER, data: '0x' })).toEqual({ data: undefined })
      expect(await client.call({ account: EOA, to: OTHER, blockHash: receipt.blockHash })).toEqual({ data: undefined })
      expect(await client.estimateGas({ account: EOA, to: OTHER, value: 1n })).toBe(21_000n)
      const fees = await client.estimateFeesPerGas()
      expect(await client.estimateGas({ account: EOA, to: OTHER, value: 1n, ...fees })).toBe(21_000n)
      // A revert comes back with its data, which viem hands to the caller.
      const reverted = await client.call({ account: EOA, data: REVERTS }).catch((error: unknown) => error)
      expect(reverted).toBeInstanceOf(BaseError)
      expect((reverted as BaseError).walk((error) => typeof error === 'object' && error !== null && 'data' in error)).toMatchObject({ code: 3, data: '0xdeadbeef' })
    } finally {
      await served.close()
    }
  })

  it('waits for a transaction as wagmi’s useWaitForTransactionReceipt does: a pending one is watched, its block read with full transactions, until mined; a sped-up one is reported replaced', async () => {
    const recording = await startRecordingRelay(anvil.rpcUrl)
    const { cookie, ...deps } = testProxyDeps()
    const served = await serveProxy(createRpcProxy({ upstreams: () => ({ 31337: recording.url }), clientIp: () => '10.3.3.3', limitPerMinute: () => 10_000, ...deps }), cookie)
    // The chain mines only when told, so every transaction stays pending until the test says.
    const chain = createTestClient({ mode: 'anvil', chain: foundry, transport: http(anvil.rpcUrl) })
    await chain.setAutomine(false)
    try {
      const client = createPublicClient({ chain: foundry, transport: http(served.url, { retryCount: 0 }) })
      const wallet = createWalletClient({ chain: foundry, account: privateKeyToAccount(ANVIL_PRIVATE_KEYS[0]), transport: http(anvil.rpcUrl) })
      const fullBlockReads = () => recording.bodies.flat().filter((body) => (body as { method: string; params: unknown[] }).method === 'eth_getBlockByNumber' && (body as { params: unknown[] }).params[1] === true).length
      /** Resolves once viem has read a block with full transactions since `before`, looking for a replacement; fails at once if the wait failed. */
      const scanned = (waiting: Promise<unknown>, before: number) =>
        Promise.race([
          waiting.then(() => Promise.reject(new Error('the wait ended while the transaction was pending'))),
          vi.waitFor(() => expect(fullBlockReads()).toBeGreaterThan(before), { timeout: 10_000, interval: 20 }),
        ])

      // Pending, then mined: the wait goes on through the pending block, and ends with the receipt.
      const hash = await wallet.sendTransaction({ to: OTHER, value: 1n })
      const waiting = client.waitForTransactionReceipt({ hash, pollingInterval: 50 })
      await scanned(waiting, 0)
      await chain.mine({ blocks: 1 })
      const receipt = await waiting
      expect(receipt).toMatchObject({ transactionHash: hash, status: 'success' })

      // Sped up: the same nonce with higher fees replaces it in the pool, and the wait says so.
      const nonce = await client.getTransactionCount({ address: wallet.account.address, blockTag: 'pending' })
      const fees = { maxFeePerGas: parseGwei('10'), maxPriorityFeePerGas: parseGwei('1') }
      const first = await wallet.sendTransaction({ to: OTHER, value: 2n, nonce, ...fees })
      const replaced: { reason: string; transaction: { hash: string } }[] = []
      const waitingFirst = client.waitForTransactionReceipt({ hash: first, pollingInterval: 50, onReplaced: (replacement) => replaced.push(replacement) })
      await scanned(waitingFirst, fullBlockReads())
      const second = await wallet.sendTransaction({ to: OTHER, value: 2n, nonce, maxFeePerGas: parseGwei('20'), maxPriorityFeePerGas: parseGwei('2') })
      await chain.mine({ blocks: 1 })
      expect(await waitingFirst).toMatchObject({ transactionHash: second, status: 'success' })
      expect(replaced).toMatchObject([{ reason: 'repriced', transaction: { hash: second } }])
    } finally {
      await chain.setAutomine(true)
      await served.close()
      await recording.close()
    }
  })
})

describe('RPC proxy: the page token', () => {
  const REFUSED = { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'This endpoint serves the page only: load the page, then try again.', data: { reason: 'page_token_required' } } }
  const cookieOf = (value: string) => `${pageTokenCookieName(false)}=${value}`

  it('refuses a request without a token (403, fixed refusal) before reading its body, and never calls the upstream', async () => {
    const send = proxyFor()
    const before = relay.count()
    expect(await send(call('eth_chainId'), { cookie: null })).toMatchObject({ status: 403, json: REFUSED })
    // An Origin header copied from the page changes nothing.
    expect(await send(call('eth_chainId'), { cookie: 'other=1' })).toMatchObject({ status: 403, json: REFUSED })
    // Checked before the body: an oversized one is not even read.
    expect(await send(call('eth_call', [{ data: `0x${'00'.repeat(MAX_RPC_BODY_BYTES)}` }, 'latest']), { cookie: null })).toMatchObject({ status: 403 })
    expect(relay.count()).toBe(before)
  })

  it('refuses forged, tampered, expired and malformed tokens', async () => {
    const send = proxyFor()
    const before = relay.count()
    const now = Date.now()
    const genuine = issuePageToken({ secrets: [TEST_SESSION_SECRET], now }).value
    const [id, expiry, mac] = genuine.split('.') as [string, string, string]
    const forged = issuePageToken({ secrets: ['another-secret-of-at-least-32-characters!!'], now }).value
    const expired = issuePageToken({ secrets: [TEST_SESSION_SECRET], now: now - (PAGE_TOKEN_TTL_SECONDS + 1) * 1000 }).value
    const otherId = issuePageToken({ secrets: [TEST_SESSION_SECRET], now }).value.split('.')[0]
    // Tampered: the MAC's first character changed (it always differs; a changed last character could
    // equal the original, or differ only in padding bits, once in 64 runs).
    for (const value of [forged, expired, `${id}.${Number(expiry) + 3600}.${mac}`, `${otherId}.${expiry}.${mac}`, `${id}.${expiry}.${mac.startsWith('A') ? 'B' : 'A'}${mac.slice(1)}`, `${id}.${expiry}`, 'x', '']) {
      expect(await send(call('eth_chainId'), { cookie: cookieOf(value) })).toMatchObject({ status: 403, json: REFUSED })
    }
    expect(relay.count()).toBe(before)
    expect(await send(call('eth_chainId'), { cookie: cookieOf(genuine) })).toMatchObject({ status: 200, json: { result: '0x7a69' } })
  })

  it('keeps an open page’s token alive: a token near its end comes back renewed for the same browser, a fresh one is left alone', async () => {
    const send = proxyFor()
    const fresh = await send(call('eth_chainId'))
    expect(fresh.headers.get('set-cookie')).toBeNull()
    const old = issuePageToken({ secrets: [TEST_SESSION_SECRET], now: Date.now() - 20 * 60_000 }).value
    const renewed = await send(call('eth_chainId'), { cookie: cookieOf(old) })
    expect(renewed.status).toBe(200)
    const line = renewed.headers.get('set-cookie') ?? ''
    expect(line).toMatch(new RegExp(`^sigil_rpc=${old.split('.')[0]}\\.`))
    expect(line).toMatch(/HttpOnly/)
    expect(line).toMatch(/SameSite=Strict/)
    expect(line).toMatch(/Path=\//)
  })
})

describe('RPC proxy: a budget per chain shared by every instance', () => {
  let store: Store
  beforeAll(async () => {
    store = await openFreshPgliteStore()
  })
  afterAll(async () => {
    await store?.close()
  })

  it('50 full-block requests at once, from two instances, get at most the budget’s worth between them: 10 calls each', async () => {
    const own = await openFreshPgliteStore()
    const relayOfItsOwn = await startRpcProxy(anvil.rpcUrl)
    try {
      const instance = () => {
        const { cookie, ...deps } = testProxyDeps()
        return proxyFor({ upstreamUrl: relayOfItsOwn.url, limit: 10_000, deps: { ...deps, budget: new GlobalBudget({ store: async () => own, perMinute: () => 100 }) } })
      }
      const [a, b] = [instance(), instance()]
      const answers = await Promise.all(Array.from({ length: 50 }, (_, index) => (index % 2 ? a : b)(call('eth_getBlockByNumber', ['latest', true]))))
      const served = answers.filter(({ status }) => status === 200)
      expect(served.length).toBeLessThanOrEqual(10)
      expect(served.length).toBeGreaterThan(0)
      for (const { status, json } of answers) if (status !== 200) expect(json).toMatchObject({ error: { code: -32005, data: { reason: 'budget_exhausted' } } })
    } finally {
      await relayOfItsOwn.close()
      await own.close()
    }
  })

  it('two instances over one store forward at most the budget between them, then refuse with -32005, leasing 50 calls per store write', async () => {
    let writes = 0
    const counted: Pick<Store, 'hit'> = { hit: (...args) => ((writes += 1), store.hit(...args)) }
    const BUDGET = 120
    // A relay of its own: the shared one's idle keep-alive sockets may close under the first request
    // after the store's slow open (an undici reuse race that has nothing to do with the budget).
    const own = await startRpcProxy(anvil.rpcUrl)
    const instance = () => {
      const { cookie, ...deps } = testProxyDeps()
      return proxyFor({ upstreamUrl: own.url, deps: { ...deps, budget: new GlobalBudget({ store: async () => counted, perMinute: () => BUDGET }) } })
    }
    const [a, b] = [instance(), instance()]
    const batch = (size: number) => Array.from({ length: size }, (_, id) => call('eth_chainId', [], id))
    let served = 0
    let refused = 0
    // Alternate between the instances, 10 calls a request, well past the budget.
    for (let round = 0; round < 10; round += 1) {
      for (const send of [a, b]) {
        const { status, json, headers } = await send(batch(10))
        const replies = json as Reply[]
        if (status === 200) served += replies.filter((reply) => reply.result === '0x7a69').length
        else {
          expect(status).toBe(429)
          expect(Number(headers.get('retry-after'))).toBeGreaterThan(0)
          for (const reply of replies) expect(reply.error).toEqual({ code: -32005, message: 'This chain is busy. Please wait and try again.', data: { reason: 'budget_exhausted' } })
          refused += replies.length
        }
      }
    }
    expect(served).toBeLessThanOrEqual(BUDGET)
    expect(served).toBeGreaterThanOrEqual(BUDGET - 2 * 50)
    expect(refused).toBe(200 - served)
    // 120 = leases of 50 + 50 + 20: three writes grant them all, one more per instance learns the window is spent.
    expect(writes).toBeLessThanOrEqual(5)
    // Every forwarded request reached the upstream; refused ones did not.
    expect(own.count()).toBe(served / 10)
    await own.close()
  })

  it('refuses (fails closed) while the store cannot be reached, and logs it without detail', async () => {
    const log: string[] = []
    const { cookie, ...deps } = testProxyDeps()
    const budget = new GlobalBudget({ store: async () => ({ hit: async () => { throw new Error('connect ECONNREFUSED postgres://user:pw@db') } }), perMinute: () => 100, log: (line) => log.push(line) })
    const send = proxyFor({ deps: { ...deps, budget } })
    const before = relay.count()
    expect(await send(call('eth_chainId'))).toMatchObject({ status: 429, json: { error: { code: -32005, data: { reason: 'budget_exhausted' } } } })
    expect(relay.count()).toBe(before)
    expect(log.join('\n')).not.toContain('pw@db')
  })
})
