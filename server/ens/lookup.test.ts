import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startAnvil, type Anvil } from '@/tests/fixtures/anvil'
import { installEnsResolver } from '@/tests/fixtures/ensResolver'
import { safeAvatarUrl } from './avatar'
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

  it('does no lookup without a mainnet RPC', async () => {
    const lookup = createEnsLookup({ rpcUrl: () => undefined })
    expect(await lookup(ALICE)).toEqual({ name: null, avatar: null })
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
