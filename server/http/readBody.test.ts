import { describe, expect, it } from 'vitest'
import { HttpError } from '@sigil/lib/errors/HttpError'
import { MAX_BODY_BYTES, readBodyBytes, readJsonBody } from './readBody'
import { withBodyReadAhead } from './readCapped'

function chunked(chunks: number, size: number, onPull?: () => void): ReadableStream<Uint8Array> {
  let sent = 0
  return new ReadableStream({
    pull(controller) {
      onPull?.()
      if (sent === chunks) return controller.close()
      sent += 1
      controller.enqueue(new Uint8Array(size).fill(0x20))
    },
  }, { highWaterMark: 0 }) // pull only when read
}

const post = (body: BodyInit | null, headers: Record<string, string> = {}) =>
  new Request('https://app.sigil.test/api', { method: 'POST', body, headers, duplex: 'half' } as RequestInit)

describe('readBodyBytes', () => {
  it('reads a body of exactly the limit', async () => {
    expect((await readBodyBytes(post('x'.repeat(MAX_BODY_BYTES)))).byteLength).toBe(MAX_BODY_BYTES)
  })

  it('stops reading a stream as soon as it passes the limit', async () => {
    let pulls = 0
    const error = await readBodyBytes(post(chunked(1000, 1024, () => { pulls += 1 }))).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(HttpError)
    expect((error as HttpError).code).toBe('body_too_large')
    expect(pulls).toBeLessThan(20) // not the 1000 chunks on offer
  })

  it('rejects a declared Content-Length over the limit before reading', async () => {
    let pulls = 0
    const request = post(chunked(1, 10, () => { pulls += 1 }), { 'content-length': String(MAX_BODY_BYTES + 1) })
    await expect(readBodyBytes(request)).rejects.toMatchObject({ code: 'body_too_large', status: 413 })
    expect(pulls).toBe(0)
  })

  it('does not trust a small Content-Length over a larger body', async () => {
    await expect(readBodyBytes(post('x'.repeat(MAX_BODY_BYTES + 1), { 'content-length': '10' }))).rejects.toMatchObject({ code: 'body_too_large' })
  })

  it('answers 400 malformed_body when the stream fails midway', async () => {
    const broken = new ReadableStream<Uint8Array>({ pull(controller) { controller.error(new Error('connection reset')) } })
    await expect(readBodyBytes(post(broken))).rejects.toMatchObject({ code: 'malformed_body', status: 400 })
  })

  it("holds a body its adapter read ahead to the same limits as a streamed one", async () => {
    const ahead = (bytes: Uint8Array, headers: Record<string, string> = {}) => withBodyReadAhead(post(null, headers), bytes)
    expect(new TextDecoder().decode(await readBodyBytes(ahead(new TextEncoder().encode('{"a":1}'))))).toBe('{"a":1}')
    await expect(readBodyBytes(ahead(new Uint8Array(MAX_BODY_BYTES + 1)))).rejects.toMatchObject({ code: 'body_too_large', status: 413 })
    await expect(readBodyBytes(ahead(new Uint8Array(10), { 'content-length': String(MAX_BODY_BYTES + 1) }))).rejects.toMatchObject({ code: 'body_too_large' })
    expect(await readJsonBody(ahead(new TextEncoder().encode('{"a":"é"}'), { 'content-type': 'application/json' }))).toEqual({ a: 'é' })
    await expect(readJsonBody(ahead(new Uint8Array([0x7b, 0xff, 0x7d]), { 'content-type': 'application/json' }))).rejects.toMatchObject({ code: 'malformed_body' })
  })

  it('reads a request without a body as empty', async () => {
    expect((await readBodyBytes(new Request('https://app.sigil.test/', { method: 'POST' }))).byteLength).toBe(0)
  })
})

describe('readJsonBody', () => {
  it('accepts application/json with a charset', async () => {
    expect(await readJsonBody(post('{"a":1}', { 'content-type': 'Application/JSON; charset=utf-8' }))).toEqual({ a: 1 })
  })

  it.each(['text/plain', 'application/jsonp', 'multipart/form-data; boundary=x', ''])('rejects content type %j', async (type) => {
    await expect(readJsonBody(post('{}', { 'content-type': type }))).rejects.toMatchObject({ code: 'malformed_body' })
  })

  it('rejects invalid UTF-8 instead of replacing it', async () => {
    await expect(readJsonBody(post(new Uint8Array([0x22, 0xc3, 0x28, 0x22]), { 'content-type': 'application/json' }))).rejects.toMatchObject({ code: 'malformed_body' })
  })
})
