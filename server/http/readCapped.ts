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

/** Errors from the stream itself (a client that hangs up) propagate as they are. */
export async function readCapped(message: Pick<Request, 'headers' | 'body'>, limit: number): Promise<Uint8Array> {
  const declared = message.headers.get('content-length')
  if (declared !== null && /^\d+$/.test(declared) && Number(declared) > limit) {
    throw new BodyLimitExceededError(limit, Number(declared))
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
