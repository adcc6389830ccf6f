import { authError } from '@/lib/siwe/catalogue'
import { HttpError } from './HttpError'
import { BodyLimitExceededError, readCapped } from './readCapped'

/** Largest request body the auth API reads (a SIWE message + an ERC-6492 signature fit easily). */
export const MAX_BODY_BYTES = 8 * 1024

/** The request's body, at most `limit` bytes (413 `body_too_large`); a failed stream is 400 `malformed_body`. */
export async function readBodyBytes(request: Request, limit = MAX_BODY_BYTES): Promise<Uint8Array> {
  try {
    return await readCapped(request, limit)
  } catch (error) {
    if (error instanceof BodyLimitExceededError) throw authError('body_too_large', { details: error.message })
    throw authError('malformed_body', { details: 'the body stream failed', cause: error })
  }
}

/** Reads a JSON body: the content type must be JSON, the bytes UTF-8, the text valid JSON. */
export async function readJsonBody(request: Request, limit = MAX_BODY_BYTES): Promise<unknown> {
  const type = request.headers.get('content-type') ?? ''
  // Requiring JSON also means a cross-site form cannot post here without a CORS preflight.
  if (!/^application\/json\s*(;|$)/i.test(type.trim())) {
    throw authError('malformed_body', { details: `content-type ${type.slice(0, 60) || '(none)'}` })
  }
  const bytes = await readBodyBytes(request, limit)
  let text: string
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes)
  } catch (cause) {
    throw authError('malformed_body', { details: 'the body is not UTF-8', cause })
  }
  try {
    return JSON.parse(text) as unknown
  } catch (cause) {
    throw authError('malformed_body', { details: 'the body is not JSON', cause })
  }
}
