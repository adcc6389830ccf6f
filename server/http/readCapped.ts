import { BaseError } from '@sigil/lib/errors/BaseError'

/**
 * Reads a request's or a response's body, stopping as soon as it passes `limit` bytes: a lying or
 * missing Content-Length cannot make the server buffer more than the limit. The one capped reader
 * for what comes in (request bodies, `readBody.ts`) and what comes back (the RPC proxy's upstream).
 */

/** The body (or its declared Content-Length) passed the limit; nothing more was read. */
export class BodyLimitExceededError extends BaseError {
  override name = 'BodyLimitExceededError'
  constructor(readonly limit: number, readonly declared?: number) {
    super(declared === undefined ? `body passed ${limit} bytes` : `Content-Length ${declared} > ${limit}`)
  }
}

/**
 * Bodies a server adapter has already read off the socket, capped, for the requests it built without
 * a body stream (server/http/pagesApiRoute.ts): `readCapped` takes them from here, under the same
 * limit. Why: the stream a web `Request` builds around bytes already in memory, and reading it back,
 * cost about 0.07 ms of CPU per sign-in (docs/sign-in.md "What a sign-in costs the server").
 */
const bodiesReadAhead = new WeakMap<object, Uint8Array>()

/** Hands `request` the body its adapter read (`readCapped` returns it); the request itself was built without one. */
export function withBodyReadAhead<T extends object>(request: T, bytes: Uint8Array): T {
  bodiesReadAhead.set(request, bytes)
  return request
}

/** Errors from the stream itself (a client that hangs up) propagate as they are. */
export async function readCapped(message: Pick<Request, 'headers' | 'body'>, limit: number): Promise<Uint8Array> {
  const declared = message.headers.get('content-length')
  if (declared !== null && /^\d+$/.test(declared) && Number(declared) > limit) {
    throw new BodyLimitExceededError(limit, Number(declared))
  }
  const readAhead = bodiesReadAhead.get(message)
  if (readAhead) {
    if (readAhead.byteLength > limit) throw new BodyLimitExceededError(limit)
    return readAhead
  }
  if (!message.body) return new Uint8Array(0)
  const reader = message.body.getReader()
  const chunks: Uint8Array[] = []
  let total = 0
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      total += value.byteLength
      if (total > limit) {
        await reader.cancel().catch(() => undefined)
        throw new BodyLimitExceededError(limit)
      }
      chunks.push(value)
    }
  } finally {
    reader.releaseLock()
  }
  const bytes = new Uint8Array(total)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.byteLength
  }
  return bytes
}
