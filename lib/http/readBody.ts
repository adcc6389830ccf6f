import { HttpError } from './HttpError'

/** Largest request body the auth API reads (a SIWE message + an ERC-6492 signature fit easily). */
export const MAX_BODY_BYTES = 8 * 1024

/**
 * Reads the body, stopping as soon as it passes `limit` bytes: a lying or missing Content-Length
 * cannot make the server buffer more than the limit (413 `body_too_large`).
 */
export async function readBodyBytes(request: Request, limit = MAX_BODY_BYTES): Promise<Uint8Array> {
  const declared = request.headers.get('content-length')
  if (declared !== null && /^\d+$/.test(declared) && Number(declared) > limit) {
    throw new HttpError('body_too_large', { details: `Content-Length ${declared} > ${limit}` })
  }
  if (!request.body) return new Uint8Array(0)
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let total = 0
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      total += value.byteLength
      if (total > limit) {
        await reader.cancel().catch(() => undefined)
        throw new HttpError('body_too_large', { details: `body passed ${limit} bytes` })
      }
      chunks.push(value)
    }
  } catch (error) {
    if (error instanceof HttpError) throw error
    throw new HttpError('malformed_body', { details: 'the body stream failed', cause: error })
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

/** Reads a JSON body: the content type must be JSON, the bytes UTF-8, the text valid JSON. */
export async function readJsonBody(request: Request, limit = MAX_BODY_BYTES): Promise<unknown> {
  const type = request.headers.get('content-type') ?? ''
  // Requiring JSON also means a cross-site form cannot post here without a CORS preflight.
  if (!/^application\/json\s*(;|$)/i.test(type.trim())) {
    throw new HttpError('malformed_body', { details: `content-type ${type.slice(0, 60) || '(none)'}` })
  }
  const bytes = await readBodyBytes(request, limit)
  let text: string
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes)
  } catch (cause) {
    throw new HttpError('malformed_body', { details: 'the body is not UTF-8', cause })
  }
  try {
    return JSON.parse(text) as unknown
  } catch (cause) {
    throw new HttpError('malformed_body', { details: 'the body is not JSON', cause })
  }
}
