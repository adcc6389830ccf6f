import { describe, expect, it } from 'vitest'
import { readJsonRequest } from './readJson'

function post(body: BodyInit, headers: Record<string, string> = { 'content-type': 'application/json' }) {
  return new Request('http://localhost/api', { method: 'POST', body, headers })
}

describe('readJsonRequest', () => {
  it('reads a JSON body under its limit', async () => {
    expect(await readJsonRequest(post('{"a":[1,2]}', { 'content-type': 'application/json; charset=utf-8' }), 64)).toEqual({ ok: true, body: { a: [1, 2] } })
  })

  it('names each problem: content type, size (declared or streamed), UTF-8, JSON', async () => {
    expect(await readJsonRequest(post('{}', { 'content-type': 'text/plain' }), 64)).toEqual({ ok: false, problem: 'not_json_type' })
    expect(await readJsonRequest(post('{}', {}), 64)).toMatchObject({ ok: false, problem: 'not_json_type' })
    expect(await readJsonRequest(post(`"${'x'.repeat(100)}"`), 64)).toEqual({ ok: false, problem: 'too_large', limit: 64 })
    const streamed = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 10; i++) controller.enqueue(new Uint8Array(16).fill(0x20))
        controller.close()
      },
    })
    const request = new Request('http://localhost/api', { method: 'POST', body: streamed, headers: { 'content-type': 'application/json' }, duplex: 'half' } as RequestInit)
    expect(await readJsonRequest(request, 64)).toMatchObject({ ok: false, problem: 'too_large' })
    expect(await readJsonRequest(post(new Uint8Array([0x22, 0xc3, 0x28, 0x22])), 64)).toEqual({ ok: false, problem: 'not_utf8' })
    expect(await readJsonRequest(post('{"a":'), 64)).toEqual({ ok: false, problem: 'not_json' })
  })

  it('reports a stream that fails midway', async () => {
    const broken = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.error(new Error('client went away'))
      },
    })
    const request = new Request('http://localhost/api', { method: 'POST', body: broken, headers: { 'content-type': 'application/json' }, duplex: 'half' } as RequestInit)
    expect(await readJsonRequest(request, 64)).toEqual({ ok: false, problem: 'stream_failed' })
  })
})
