import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createWalletClient, createPublicClient, http, keccak256, parseEther, type Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ANVIL_PRIVATE_KEYS, startAnvil, type Anvil } from '@/tests/fixtures/anvil'
import { BROADCAST_REFUSALS, createRpcBroadcast, MAX_BROADCAST_BODY_BYTES } from './broadcast'

/**
 * The broadcast endpoint against a real anvil behind a counting relay whose address carries a
 * recognisable "key" in its path: what it refuses never reaches the relay, and what the chain says
 * never reaches the browser.
 */
const SECRET_PATH = '/v2/SECRET_TOKEN_abc123'
let anvil: Anvil
let relay: Server
let upstream = ''
const forwarded: string[] = []

beforeAll(async () => {
  anvil = await startAnvil()
  relay = createServer((message, response) => {
    const chunks: Buffer[] = []
    message.on('data', (chunk: Buffer) => chunks.push(chunk))
    message.on('end', () => {
      const body = Buffer.concat(chunks).toString()
      for (const item of [JSON.parse(body)].flat() as { method: string }[]) forwarded.push(item.method)
      void fetch(anvil.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body }).then(async (answer) => {
        response.writeHead(answer.status, { 'content-type': 'application/json' })
        response.end(await answer.text())
      })
    })
  })
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve))
  upstream = `http://127.0.0.1:${(relay.address() as AddressInfo).port}${SECRET_PATH}`
})
afterAll(async () => {
  relay?.closeAllConnections()
  await new Promise((resolve) => relay?.close(resolve))
  await anvil?.stop()
})

const PAGE_COOKIE = 'sigil_rpc=test-page-token'

type Reply = { jsonrpc: string; id: unknown; result?: unknown; error?: { code: number; message: string; data?: { reason?: string } } }

function broadcastFor(options: { limit?: number; upstreamUrl?: string; log?: string[] } = {}) {
  const handler = createRpcBroadcast({
    upstreams: () => ({ 31337: options.upstreamUrl ?? upstream }),
    clientIp: (request) => request.headers.get('x-test-ip') ?? '127.0.0.1',
    limitPerMinute: () => options.limit ?? 1000,
    // Stands in for the page-token cookie check (server/rpc/pageToken.test.ts tests the token itself).
    hasPageToken: (request) => request.headers.get('cookie') === PAGE_COOKIE,
    log: (line) => options.log?.push(line),
  })
  return async (body: unknown, init: { chain?: string; ip?: string; contentType?: string; raw?: boolean; noToken?: boolean } = {}) => {
    const request = new Request('http://localhost/api/rpc/31337/broadcast', {
      method: 'POST',
      headers: { 'content-type': init.contentType ?? 'application/json', 'x-test-ip': init.ip ?? '10.1.1.1', ...(init.noToken ? {} : { cookie: PAGE_COOKIE }) },
      body: init.raw ? (body as string) : JSON.stringify(body),
    })
    const response = await handler(request, init.chain ?? '31337')
    const text = await response.text()
    return { status: response.status, headers: response.headers, text, json: JSON.parse(text) as Reply }
  }
}
const call = (method: string, params: unknown[] = [], id: unknown = 1) => ({ jsonrpc: '2.0', id, method, params })

/** A transaction signed by `key` (anvil's funded key #0 by default), filled in from the chain. */
async function signedTransfer(key: Hex = ANVIL_PRIVATE_KEYS[0]): Promise<Hex> {
  const account = privateKeyToAccount(key)
  const wallet = createWalletClient({ account, chain: foundry, transport: http(anvil.rpcUrl) })
  const request = await wallet.prepareTransactionRequest({ to: '0x000000000000000000000000000000000000bEEF', value: 1n, gas: 21_000n, maxFeePerGas: parseEther('0.00000005'), maxPriorityFeePerGas: 1n })
  return wallet.signTransaction(request)
}

function expectRefused(reply: { status: number; json: Reply; text: string }, reason: keyof typeof BROADCAST_REFUSALS) {
  const { code, status, message } = BROADCAST_REFUSALS[reason]
  expect(reply.status).toBe(status)
  expect(reply.json.error).toEqual({ code, message, data: { reason } })
  expect(reply.text).not.toContain('SECRET_TOKEN')
}

describe('RPC broadcast: one signed transaction', () => {
  it('sends it to the chain and answers with its hash only', async () => {
    const raw = await signedTransfer()
    const before = forwarded.length
    const reply = await broadcastFor()(call('eth_sendRawTransaction', [raw], 'a'))
    expect(reply.status).toBe(200)
    expect(reply.json).toEqual({ jsonrpc: '2.0', id: 'a', result: keccak256(raw) })
    expect(forwarded.slice(before)).toEqual(['eth_sendRawTransaction'])
    const client = createPublicClient({ chain: foundry, transport: http(anvil.rpcUrl) })
    expect((await client.waitForTransactionReceipt({ hash: keccak256(raw), pollingInterval: 50 })).status).toBe('success')
  })
})

describe('RPC broadcast: refusals, never forwarded', () => {
  it('refuses every other method, reads and wallet methods alike', async () => {
    const send = broadcastFor()
    const before = forwarded.length
    for (const method of ['eth_call', 'eth_chainId', 'eth_sendTransaction', 'eth_sign', 'debug_traceTransaction', 'anvil_setBalance', 'eth_sendrawtransaction']) {
      expectRefused(await send(call(method, ['0x02'])), 'method_not_allowed')
    }
    expect(forwarded.length).toBe(before)
  })

  it('refuses a client that did not load the page (no page token), before reading the body', async () => {
    const raw = await signedTransfer()
    const before = forwarded.length
    const refused = await broadcastFor()(call('eth_sendRawTransaction', [raw]), { noToken: true })
    expectRefused(refused, 'page_token_required')
    expect(refused.status).toBe(403)
    expect(forwarded.length).toBe(before)
  })

  it('refuses a batch, even of one eth_sendRawTransaction', async () => {
    const raw = await signedTransfer()
    const send = broadcastFor()
    const before = forwarded.length
    expectRefused(await send([call('eth_sendRawTransaction', [raw])]), 'batch_not_allowed')
    expectRefused(await send([call('eth_sendRawTransaction', [raw]), call('eth_sendRawTransaction', [raw], 2)]), 'batch_not_allowed')
    expectRefused(await send([]), 'batch_not_allowed')
    expect(forwarded.length).toBe(before)
  })

  it('refuses a body over the cap, before parsing it', async () => {
    const before = forwarded.length
    const huge = `0x${'00'.repeat(MAX_BROADCAST_BODY_BYTES)}`
    expectRefused(await broadcastFor()(call('eth_sendRawTransaction', [huge])), 'body_too_large')
    expect(forwarded.length).toBe(before)
  })

  it('refuses malformed requests with fixed codes: not JSON, not JSON-RPC, wrong params, wrong type, unknown chain', async () => {
    const send = broadcastFor()
    const before = forwarded.length
    expectRefused(await send('{"jsonrpc":', { raw: true }), 'parse_error')
    expectRefused(await send('\u00ff', { raw: true }), 'parse_error')
    expectRefused(await send({ id: 1, method: 'eth_sendRawTransaction', params: ['0x02'] }), 'invalid_request')
    expectRefused(await send({ jsonrpc: '2.0', id: { x: 1 }, method: 'eth_sendRawTransaction', params: ['0x02'] }), 'invalid_request')
    expectRefused(await send('"0x02"', { raw: true }), 'invalid_request')
    for (const params of [[], ['0x'], ['0x0'], ['02f8'], ['0xzz'], ['0x02', '0x02'], [{ raw: '0x02' }], [2]]) {
      expectRefused(await send(call('eth_sendRawTransaction', params)), 'params_not_allowed')
    }
    expectRefused(await send({ jsonrpc: '2.0', id: 1, method: 'eth_sendRawTransaction', params: '0x02' }), 'params_not_allowed')
    expectRefused(await send(call('eth_sendRawTransaction', ['0x02']), { contentType: 'text/plain' }), 'unsupported_media_type')
    expectRefused(await send(call('eth_sendRawTransaction', ['0x02']), { chain: '1' }), 'unknown_chain')
    expectRefused(await send(call('eth_sendRawTransaction', ['0x02']), { chain: '31337/../1' }), 'unknown_chain')
    expect(forwarded.length).toBe(before)
  })

  it('limits transactions per client, with Retry-After, and does not forward past the limit', async () => {
    const send = broadcastFor({ limit: 2 })
    const junk = call('eth_sendRawTransaction', ['0x02'])
    await send(junk, { ip: '10.2.2.2' })
    await send(junk, { ip: '10.2.2.2' })
    const before = forwarded.length
    const limited = await send(junk, { ip: '10.2.2.2' })
    expectRefused(limited, 'rate_limited')
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(forwarded.length).toBe(before)
    // Another client has its own budget.
    expect((await send(junk, { ip: '10.3.3.3' })).json.error?.data?.reason).not.toBe('rate_limited')
  })
})

describe('RPC broadcast: what the chain says stays on the server', () => {
  it('answers the chain’s refusals with fixed messages, never its text', async () => {
    const send = broadcastFor()
    const raw = await signedTransfer()
    expect((await send(call('eth_sendRawTransaction', [raw]))).status).toBe(200)
    // The same transaction again: anvil says the nonce is used (or the transaction known).
    const again = await send(call('eth_sendRawTransaction', [raw]))
    expect(['nonce_too_low', 'already_known']).toContain(again.json.error?.data?.reason)
    expectRefused(again, again.json.error!.data!.reason as keyof typeof BROADCAST_REFUSALS)
    // An account with nothing on it.
    const broke = await send(call('eth_sendRawTransaction', [await signedTransfer(generatePrivateKey())]))
    expectRefused(broke, 'insufficient_funds')
    // Bytes that are hex but no transaction.
    const garbage = await send(call('eth_sendRawTransaction', ['0x02c0']))
    expectRefused(garbage, 'rejected')
    // Our fields only: the chain's own message and data are dropped.
    for (const reply of [again, broke, garbage]) expect(JSON.parse(reply.text)).toEqual({ jsonrpc: '2.0', id: 1, error: reply.json.error })
  })

  it('answers an unreachable chain with a fixed 502, naming neither its address nor its key', async () => {
    const log: string[] = []
    const reply = await broadcastFor({ upstreamUrl: `http://127.0.0.1:1${SECRET_PATH}`, log })(call('eth_sendRawTransaction', [await signedTransfer()]))
    expectRefused(reply, 'upstream_unavailable')
    expect(log.join('\n')).not.toContain('SECRET_TOKEN')
    expect(log.join('\n')).not.toContain('127.0.0.1:1')
  })
})

describe('RPC_BROADCAST_RATE_LIMIT_PER_IP', () => {
  it('defaults to 30 a minute and refuses anything but a positive integer', async () => {
    const { rpcBroadcastLimitPerIp } = await import('@/server/config/server')
    expect(rpcBroadcastLimitPerIp({})).toBe(30)
    expect(rpcBroadcastLimitPerIp({ RPC_BROADCAST_RATE_LIMIT_PER_IP: ' 5 ' })).toBe(5)
    for (const raw of ['0', '-1', '1.5', 'many']) expect(() => rpcBroadcastLimitPerIp({ RPC_BROADCAST_RATE_LIMIT_PER_IP: raw }), raw).toThrow(/whole number from 1/)
  })
})
