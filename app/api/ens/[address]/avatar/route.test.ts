import { globalAgent } from 'node:https'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { startAnvil, type Anvil } from '@/tests/fixtures/anvil'
import { installEnsResolver } from '@/tests/fixtures/ensResolver'
import { startLoopbackHttps, type LoopbackHttps } from '@/tests/fixtures/loopbackHttps'
import { GET as profileGET } from '../route'
import { GET } from './route'

/**
 * `GET /api/ens/<address>/avatar` end to end on the server side: real viem ENS calls against anvil
 * (tests/fixtures/ensResolver.ts), avatar records pointing at a loopback https server (allowed by
 * `ENS_AVATAR_ALLOW_LOOPBACK` outside production) or at a private address.
 */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64')
const GOOD = '0x70997970C51812Dc3A010c7D01B50E20D17Dc79C'
const DATA = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const SVG = '0x90F79bf6EB2c4f870365E785982E1f101E93b906'
const BIG = '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65'
const HTML = '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc'
const PRIVATE = '0x976EA74026E726554dB657fA54763abd0C3a0aa9'
const NOBODY = '0x14dC79964da2C08b23698B3D3cc7Ca32193d9955'

let anvil: Anvil
let https: LoopbackHttps
const savedCa = globalAgent.options.ca
beforeAll(async () => {
  https = await startLoopbackHttps((request, response) => {
    const body =
      request.url === '/a.png' ? PNG
      : request.url === '/a.svg' ? Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')
      : request.url === '/big.png' ? Buffer.concat([PNG, Buffer.alloc(300 * 1024)])
      : Buffer.from('<!doctype html><title>x</title>')
    response.writeHead(200, { 'content-type': request.url === '/a.svg' ? 'image/svg+xml' : 'image/png' })
    response.end(body)
  })
  // The route passes no CA of its own: trust the throwaway certificate process-wide for this file.
  globalAgent.options.ca = https.cert
  anvil = await startAnvil({ chainId: 1 })
  await installEnsResolver(anvil.rpcUrl, [
    { address: GOOD, name: 'good.eth', avatar: `${https.origin}/a.png` },
    { address: DATA, name: 'data.eth', avatar: `data:image/png;base64,${PNG.toString('base64')}` },
    { address: SVG, name: 'svg.eth', avatar: `${https.origin}/a.svg` },
    { address: BIG, name: 'big.eth', avatar: `${https.origin}/big.png` },
    { address: HTML, name: 'html.eth', avatar: `${https.origin}/page.png` },
    { address: PRIVATE, name: 'private.eth', avatar: 'https://10.20.30.40/a.png' },
  ])
})
afterAll(async () => {
  globalAgent.options.ca = savedCa
  await https?.close()
  await anvil?.stop()
})
beforeEach(() => {
  vi.stubEnv('RPC_URL_1', anvil.rpcUrl)
  vi.stubEnv('ENS_AVATAR_ALLOW_LOOPBACK', '1')
})

const get = (address: string) => GET(new Request(`http://localhost/api/ens/${address}/avatar`), { params: Promise.resolve({ address }) })
const profile = async (address: string) =>
  (await (await profileGET(new Request(`http://localhost/api/ens/${address}`), { params: Promise.resolve({ address }) })).json()) as { name: string | null; avatar: string | null }

describe('GET /api/ens/<address>/avatar', () => {
  it('serves a checked https avatar from this origin, as the type its bytes are, inert and cacheable', async () => {
    const response = await get(GOOD)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('image/png')
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(response.headers.get('content-security-policy')).toMatch(/^default-src 'none'/)
    expect(response.headers.get('cache-control')).toBe('public, max-age=600')
    expect(Buffer.from(await response.arrayBuffer())).toEqual(PNG)
    // The profile names this endpoint, never the record's own address.
    expect(await profile(GOOD)).toEqual(expect.objectContaining({ name: 'good.eth', avatar: expect.stringMatching(new RegExp(`^/api/ens/${GOOD}/avatar\\?v=[0-9a-f]{16}$`)) }))
  })

  it('serves a data URI avatar decoded', async () => {
    const response = await get(DATA)
    expect(response.status).toBe(200)
    expect(Buffer.from(await response.arrayBuffer())).toEqual(PNG)
  })

  it('refuses SVG, a body that is not an image, an image over 256 kB, and a private host: 404, and no avatar in the profile', async () => {
    for (const address of [SVG, HTML, BIG, PRIVATE]) {
      const response = await get(address)
      expect(response.status, address).toBe(404)
      expect(response.headers.get('content-type'), address).toBeNull()
      expect(response.headers.get('x-content-type-options')).toBe('nosniff')
      const answer = await profile(address)
      expect(answer.name, address).not.toBeNull()
      expect(answer.avatar, address).toBeNull()
    }
  })

  it('404 without a name, 400 for junk', async () => {
    expect((await get(NOBODY)).status).toBe(404)
    expect((await get('0x1234')).status).toBe(400)
  })
})
