import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startLoopbackHttps, type LoopbackHttps } from '@/tests/fixtures/loopbackHttps'
import { AvatarRefusedError, fetchAvatarImage, isAllowedAvatarAddress, MAX_AVATAR_BYTES, sniffAvatarType } from './avatarImage'

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64')
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46])
const GIF = Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1')
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x1a, 0, 0, 0]), Buffer.from('WEBPVP8 ')])
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>')
const HTML = Buffer.from('<!doctype html><script>alert(1)</script>')

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  )
  expect(error, 'expected a refusal').toBeInstanceOf(AvatarRefusedError)
  return (error as AvatarRefusedError).reason
}

let https: LoopbackHttps
let hits = 0
beforeAll(async () => {
  https = await startLoopbackHttps((request, response) => {
    hits++
    const send = (type: string, body: Buffer) => {
      response.writeHead(200, { 'content-type': type, 'content-length': body.byteLength })
      response.end(body)
    }
    switch (request.url) {
      case '/a.png':
        return send('image/png', PNG)
      case '/a.svg':
        return send('image/png', SVG) // claims PNG: the bytes decide
      case '/page':
        return send('image/png', HTML)
      case '/big.png':
        return send('image/png', Buffer.concat([PNG, Buffer.alloc(MAX_AVATAR_BYTES)]))
      case '/big-chunked.png':
        // No content-length: the cap holds while streaming.
        response.writeHead(200, { 'content-type': 'image/png' })
        response.write(PNG)
        for (let i = 0; i < 40; i++) response.write(Buffer.alloc(8192))
        return response.end()
      case '/to-private':
        response.writeHead(302, { location: 'https://10.0.0.7/a.png' })
        return response.end()
      case '/to-png':
        response.writeHead(301, { location: '/a.png' })
        return response.end()
      case '/loop':
        response.writeHead(302, { location: '/loop' })
        return response.end()
      case '/hang':
        return // never answers
      default:
        response.writeHead(404)
        response.end()
    }
  })
})
afterAll(async () => {
  await https?.close()
})

describe('sniffAvatarType', () => {
  it('knows PNG, JPEG, GIF and WebP by their first bytes, and nothing else', () => {
    expect(sniffAvatarType(PNG)).toBe('image/png')
    expect(sniffAvatarType(JPEG)).toBe('image/jpeg')
    expect(sniffAvatarType(GIF)).toBe('image/gif')
    expect(sniffAvatarType(WEBP)).toBe('image/webp')
    for (const other of [SVG, HTML, Buffer.from('BM'), Buffer.alloc(0), Buffer.from('RIFF\0\0\0\0WAVE')]) expect(sniffAvatarType(other)).toBeNull()
  })
})

describe('isAllowedAvatarAddress', () => {
  it('allows public addresses only; loopback only when asked, other private ranges never', () => {
    for (const address of ['93.184.216.34', '1.1.1.1', '2606:4700:4700::1111']) expect(isAllowedAvatarAddress(address), address).toBe(true)
    for (const address of ['127.0.0.1', '10.1.2.3', '172.16.0.1', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '224.0.0.1', '::1', '::', 'fd00::1', 'fe80::1', '::ffff:127.0.0.1', '::ffff:10.0.0.1', '64:ff9b::a00:1', 'not an ip']) {
      expect(isAllowedAvatarAddress(address), address).toBe(false)
    }
    expect(isAllowedAvatarAddress('127.0.0.1', true)).toBe(true)
    expect(isAllowedAvatarAddress('::1', true)).toBe(true)
    expect(isAllowedAvatarAddress('10.1.2.3', true)).toBe(false)
    expect(isAllowedAvatarAddress('169.254.169.254', true)).toBe(false)
  })
})

describe('fetchAvatarImage', () => {
  const local = () => ({ allowLoopback: true, ca: https.cert })

  it('decodes a raster data URI, and refuses an SVG or oversized one', async () => {
    expect(await fetchAvatarImage(`data:image/png;base64,${PNG.toString('base64')}`)).toEqual({ type: 'image/png', body: new Uint8Array(PNG) })
    // The record's media type is a claim: an SVG labelled PNG is still an SVG.
    expect(await refusal(fetchAvatarImage(`data:image/png;base64,${SVG.toString('base64')}`))).toBe('type')
    expect(await refusal(fetchAvatarImage(`data:image/png;base64,${PNG.toString('base64')}`, { maxBytes: 10 }))).toBe('too_big')
  })

  it('fetches a PNG over https, following a redirect on the same host', async () => {
    expect(await fetchAvatarImage(`${https.origin}/a.png`, local())).toEqual({ type: 'image/png', body: new Uint8Array(PNG) })
    expect((await fetchAvatarImage(`${https.origin}/to-png`, local())).type).toBe('image/png')
  })

  it('refuses SVG and HTML whatever their content-type says', async () => {
    expect(await refusal(fetchAvatarImage(`${https.origin}/a.svg`, local()))).toBe('type')
    expect(await refusal(fetchAvatarImage(`${https.origin}/page`, local()))).toBe('type')
  })

  it('refuses an image over the cap, declared or streamed', async () => {
    expect(await refusal(fetchAvatarImage(`${https.origin}/big.png`, local()))).toBe('too_big')
    expect(await refusal(fetchAvatarImage(`${https.origin}/big-chunked.png`, local()))).toBe('too_big')
  })

  it('refuses loopback unless allowed, private hosts always (by name, by literal, after a redirect), before connecting', async () => {
    const before = hits
    expect(await refusal(fetchAvatarImage(`${https.origin}/a.png`, { ca: https.cert }))).toBe('private_host')
    expect(await refusal(fetchAvatarImage(`https://localhost:${new URL(https.origin).port}/a.png`, { ca: https.cert }))).toBe('private_host')
    expect(hits).toBe(before)
    // A public-looking name that resolves to a private address (DNS is the attacker's too).
    const lookup = (_host: string, callback: (error: null, addresses: { address: string; family: number }[]) => void) => callback(null, [{ address: '10.0.0.7', family: 4 }])
    expect(await refusal(fetchAvatarImage('https://avatars.example/a.png', { lookup }))).toBe('private_host')
    expect(await refusal(fetchAvatarImage('https://169.254.169.254/latest/meta-data', local()))).toBe('private_host')
    expect(await refusal(fetchAvatarImage('https://[::ffff:a00:7]/a.png', local()))).toBe('private_host')
    expect(await refusal(fetchAvatarImage(`${https.origin}/to-private`, local()))).toBe('private_host')
  })

  it('gives up on endless redirects, a host that never answers, and anything but https', async () => {
    expect(await refusal(fetchAvatarImage(`${https.origin}/loop`, local()))).toBe('redirects')
    expect(await refusal(fetchAvatarImage(`${https.origin}/hang`, { ...local(), timeoutMs: 300 }))).toBe('timeout')
    expect(await refusal(fetchAvatarImage(`${https.origin}/missing.png`, local()))).toBe('status')
    expect(await refusal(fetchAvatarImage('http://example.org/a.png', local()))).toBe('not_https')
  })
})
