import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { encodeErrorResult, parseAbi, type Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startAnvil, type Anvil } from '@/tests/fixtures/anvil'
import { ensAnswers, installEnsResolver, UNIVERSAL_RESOLVER } from '@/tests/fixtures/ensResolver'
import { startLoopbackHttps, type LoopbackHttps } from '@/tests/fixtures/loopbackHttps'
import { safeAvatarUrl } from './avatar'
import { MAX_GATEWAY_FETCHES_PER_LOOKUP } from './ccipGateway'
import { createEnsLookup, EnsUnavailableError } from './lookup'

/**
 * ENS lookups against a real anvil with chain id 1 whose Universal Resolver address holds a
 * stand-in that answers a fixed table (tests/fixtures/ensResolver.ts); viem's real ENS actions run
 * unchanged. A counting relay in front of anvil shows what the cache saves.
 */
const ALICE = '0x70997970C51812Dc3A010c7D01B50E20D17Dc79C'
const MALLORY = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const NOBODY = '0x90F79bf6EB2c4f870365E785982E1f101E93b906'
/** Names that resolve forward and back, but that the display rules refuse. */
const LOOKALIKE = '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65'
const RTL = '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc'
/** An address whose reverse record is offchain: its resolver answers with a CCIP-Read gateway (EIP-3668). */
const OFFCHAIN = '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720'
const AVATAR = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='

let anvil: Anvil
let relay: Server
let relayUrl = ''
let calls = 0
beforeAll(async () => {
  anvil = await startAnvil({ chainId: 1 })
  await installEnsResolver(anvil.rpcUrl, [
    { address: ALICE, name: 'alice.eth', avatar: AVATAR },
    // Mallory's reverse record claims alice.eth, whose forward record points to Alice.
    { address: MALLORY, name: 'vitalik.eth', forward: ALICE },
    { address: LOOKALIKE, name: '0x70997970c8.eth', avatar: AVATAR },
    { address: RTL, name: 'מרק.eth' },
    { address: OFFCHAIN, name: 'offchain.eth' },
  ])
  relay = createServer(async (request, response) => {
    calls++
    const body = await new Promise<string>((resolve) => {
      let text = ''
      request.on('data', (chunk) => (text += chunk)).on('end', () => resolve(text))
    })
    const upstream = await fetch(anvil.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
    response.setHeader('content-type', 'application/json')
    response.end(await upstream.text())
  })
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve))
  relayUrl = `http://127.0.0.1:${(relay.address() as AddressInfo).port}`
})
afterAll(async () => {
  if (relay) {
    relay.closeAllConnections()
    await new Promise((resolve) => relay.close(resolve))
  }
  await anvil?.stop()
})

describe('createEnsLookup', () => {
  it('gives the primary name and avatar when the name resolves back to the address', async () => {
    const lookup = createEnsLookup({ rpcUrl: () => relayUrl })
    expect(await lookup(ALICE)).toEqual({ name: 'alice.eth', avatar: AVATAR })
    // Any spelling of the address is the same entry.
    expect(await lookup(ALICE.toLowerCase() as `0x${string}`)).toEqual({ name: 'alice.eth', avatar: AVATAR })
  })

  it('shows no name when the forward record points elsewhere (a reverse record anyone can set)', async () => {
    const lookup = createEnsLookup({ rpcUrl: () => relayUrl })
    expect(await lookup(MALLORY)).toEqual({ name: null, avatar: null })
  })

  it('shows no name and no avatar for a verified name the display rules refuse (address-shaped, mixed directions)', async () => {
    const lookup = createEnsLookup({ rpcUrl: () => relayUrl })
    expect(await lookup(LOOKALIKE)).toEqual({ name: null, avatar: null })
    expect(await lookup(RTL)).toEqual({ name: null, avatar: null })
  })

  it('gives nothing for an address without a primary name', async () => {
    const lookup = createEnsLookup({ rpcUrl: () => relayUrl })
    expect(await lookup(NOBODY)).toEqual({ name: null, avatar: null })
  })

  it('asks the RPC once per address while the answer is fresh, and once for concurrent lookups', async () => {
    let time = 0
    const lookup = createEnsLookup({ rpcUrl: () => relayUrl, ttlMs: 1000, now: () => time })
    const before = calls
    await Promise.all(Array.from({ length: 20 }, () => lookup(ALICE)))
    const first = calls - before
    expect(first).toBeGreaterThan(0)
    await lookup(ALICE)
    expect(calls - before).toBe(first)
    time = 1001
    await lookup(ALICE)
    expect(calls - before).toBe(first * 2)
  })

  it('fails with EnsUnavailableError when the RPC is unreachable, remembers it briefly, then asks again', async () => {
    let time = 0
    let url = 'http://127.0.0.1:1'
    const lookup = createEnsLookup({ rpcUrl: () => url, failureTtlMs: 500, now: () => time, timeoutMs: 1000 })
    await expect(lookup(ALICE)).rejects.toBeInstanceOf(EnsUnavailableError)
    url = relayUrl // the client follows the configuration, but the failure is still remembered
    await expect(lookup(ALICE)).rejects.toBeInstanceOf(EnsUnavailableError)
    time = 501
    expect(await lookup(ALICE)).toEqual({ name: 'alice.eth', avatar: AVATAR })
  })

  it("spends mainnet's budget for a lookup that asks the RPC, not for a cached answer; a spent budget asks nothing", async () => {
    const spent: number[] = []
    let allow = true
    const lookup = createEnsLookup({ rpcUrl: () => relayUrl, spend: async (count) => (spent.push(count), allow) })
    expect(await lookup(ALICE)).toEqual({ name: 'alice.eth', avatar: AVATAR })
    await lookup(ALICE)
    expect(spent).toEqual([3])
    allow = false
    const before = calls
    await expect(lookup(NOBODY)).rejects.toBeInstanceOf(EnsUnavailableError)
    expect(calls).toBe(before)
  })

  it('does no lookup without a mainnet RPC', async () => {
    const lookup = createEnsLookup({ rpcUrl: () => undefined })
    expect(await lookup(ALICE)).toEqual({ name: null, avatar: null })
  })
})

/**
 * An offchain name (EIP-3668): the reverse lookup of OFFCHAIN reverts with `OffchainLookup`, naming
 * the gateway URLs the test chooses (anyone can write any URL into their own resolver), and the
 * resolver's callback answers the name once it is handed the gateway's answer. The rest goes to
 * anvil's stand-in Universal Resolver as above.
 */
const CALLBACK = '0x12345678'
const GATEWAY_ANSWER = '0xc0ffee'
const offchainLookupError = parseAbi(['error OffchainLookup(address sender, string[] urls, bytes callData, bytes4 callbackFunction, bytes extraData)'])

/** The reverse lookup's calldata and answer for OFFCHAIN (viem's own encoding, captured once). */
let reverse: { calldata: Hex; answer: Hex } | undefined

async function offchainRelay(urls: () => string[]): Promise<{ url: string; callbacks: Hex[]; close: () => Promise<void> }> {
  reverse ??= (await ensAnswers([{ address: OFFCHAIN, name: 'offchain.eth' }]))[0]
  const callbacks: Hex[] = []
  const server = createServer(async (request, response) => {
    let text = ''
    for await (const chunk of request) text += chunk
    const body = JSON.parse(text) as { id: number; method: string; params: [{ data?: Hex }] } | { id: number; method: string; params: [{ data?: Hex }] }[]
    const answer = async (call: { id: number; method: string; params: [{ data?: Hex }] }) => {
      const data = call.method === 'eth_call' ? call.params[0].data : undefined
      if (data === reverse!.calldata) {
        const revert = encodeErrorResult({ abi: offchainLookupError, errorName: 'OffchainLookup', args: [UNIVERSAL_RESOLVER, urls(), '0x01', CALLBACK, '0x'] })
        return { jsonrpc: '2.0', id: call.id, error: { code: 3, message: 'execution reverted', data: revert } }
      }
      if (data?.startsWith(CALLBACK)) {
        callbacks.push(data)
        return { jsonrpc: '2.0', id: call.id, result: reverse!.answer }
      }
      const upstream = await fetch(anvil.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(call) })
      return upstream.json()
    }
    response.setHeader('content-type', 'application/json')
    response.end(JSON.stringify(Array.isArray(body) ? await Promise.all(body.map(answer)) : await answer(body)))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    callbacks,
    close: async () => {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}

describe('createEnsLookup: offchain names (CCIP-Read)', () => {
  let gateway: LoopbackHttps
  let internal: Server
  let internalUrl = ''
  const gatewayHits: string[] = []
  const internalHits: string[] = []
  beforeAll(async () => {
    gateway = await startLoopbackHttps(async (request, response) => {
      let text = ''
      for await (const chunk of request) text += chunk
      gatewayHits.push(`${request.method} ${request.url} ${text}`)
      if (request.url?.startsWith('/down')) {
        response.writeHead(500)
        return response.end()
      }
      response.writeHead(200, { 'content-type': 'application/json' })
      response.end(JSON.stringify({ data: GATEWAY_ANSWER }))
    })
    // A service on the server's own network that a visitor must never reach through it.
    internal = createServer((request, response) => {
      internalHits.push(`${request.method} ${request.url}`)
      response.end('ok')
    })
    await new Promise<void>((resolve) => internal.listen(0, '127.0.0.1', resolve))
    internalUrl = `http://127.0.0.1:${(internal.address() as AddressInfo).port}`
  })
  afterAll(async () => {
    await gateway?.close()
    if (internal) {
      internal.closeAllConnections()
      await new Promise((resolve) => internal.close(resolve))
    }
  })

  it('asks the gateway the resolver names (a GET with {sender} and {data}, a POST without; the next URL after a failure) and shows the name it proves', async () => {
    const relayed = await offchainRelay(() => [`${gateway.origin}/down/{sender}/{data}`, `${gateway.origin}/gateway`])
    try {
      gatewayHits.length = 0
      const lookup = createEnsLookup({ rpcUrl: () => relayed.url, gateways: { allowLoopback: true, ca: gateway.cert } })
      expect(await lookup(OFFCHAIN)).toEqual({ name: 'offchain.eth', avatar: null })
      expect(gatewayHits).toEqual([
        `GET /down/${UNIVERSAL_RESOLVER.toLowerCase()}/0x01 `,
        `POST /gateway ${JSON.stringify({ data: '0x01', sender: UNIVERSAL_RESOLVER.toLowerCase() })}`,
      ])
      // The resolver's callback was handed the gateway's answer.
      expect(relayed.callbacks).toHaveLength(1)
      expect(relayed.callbacks[0]).toContain(GATEWAY_ANSWER.slice(2))
    } finally {
      await relayed.close()
    }
  })

  it("never fetches a gateway on the server's own network or over http: a resolver naming one gets no name, and the service is never reached", async () => {
    const relayed = await offchainRelay(() => [
      `${internalUrl}/admin/delete-everything?x={data}`,
      `${internalUrl}/admin`,
      'https://169.254.169.254/latest/meta-data/{data}',
      `${gateway.origin}/gateway`,
    ])
    try {
      gatewayHits.length = 0
      // As deployed: no loopback (the https gateway on 127.0.0.1 is the server's own machine too).
      const lookup = createEnsLookup({ rpcUrl: () => relayed.url, gateways: { ca: gateway.cert } })
      const profile = await lookup(OFFCHAIN).catch((error: unknown) => error)
      if (!(profile instanceof EnsUnavailableError)) expect(profile).toEqual({ name: null, avatar: null })
      expect(internalHits).toEqual([])
      expect(gatewayHits).toEqual([])
      // Even where loopback is allowed (tests), plain http never is.
      const loose = createEnsLookup({ rpcUrl: () => relayed.url, gateways: { allowLoopback: true, ca: gateway.cert } })
      expect(await loose(OFFCHAIN)).toEqual({ name: 'offchain.eth', avatar: null })
      expect(internalHits).toEqual([])
    } finally {
      await relayed.close()
    }
  })

  it(`makes at most ${MAX_GATEWAY_FETCHES_PER_LOOKUP} gateway requests in one lookup, however many URLs the resolver names`, async () => {
    const relayed = await offchainRelay(() => Array.from({ length: 50 }, (_, index) => `${gateway.origin}/down/${index}`))
    try {
      gatewayHits.length = 0
      const lookup = createEnsLookup({ rpcUrl: () => relayed.url, gateways: { allowLoopback: true, ca: gateway.cert } })
      await lookup(OFFCHAIN).catch(() => undefined)
      expect(gatewayHits.length).toBeGreaterThan(0)
      expect(gatewayHits.length).toBeLessThanOrEqual(MAX_GATEWAY_FETCHES_PER_LOOKUP)
    } finally {
      await relayed.close()
    }
  })
})

describe('safeAvatarUrl', () => {
  it('keeps https addresses and small raster data images', () => {
    expect(safeAvatarUrl('https://example.org/a.png')).toBe('https://example.org/a.png')
    expect(safeAvatarUrl(AVATAR)).toBe(AVATAR)
  })

  it('drops what an <img> cannot load safely by itself', () => {
    for (const record of [
      '',
      'ipfs://bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi',
      'eip155:1/erc721:0xb47e3cd837ddf8e4c57f05d70ab865de6e193bbb/0',
      'http://example.org/a.png',
      'https://user:pass@example.org/a.png',
      'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=',
      `data:image/png;base64,${'A'.repeat(70_000)}`,
      `https://example.org/${'a'.repeat(2100)}`,
      'javascript:alert(1)',
      'not a url',
    ]) {
      expect(safeAvatarUrl(record), record.slice(0, 40)).toBeNull()
    }
  })
})
