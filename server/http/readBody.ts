import { authError } from '@sigil/lib/siwe/catalogue'
import { HttpError } from '@sigil/lib/errors/HttpError'
import { BodyLimitExceededError, readCapped } from './readCapped'
import { readJsonRequest, type JsonBodyProblem } from './readJson'

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

const JSON_BODY_DETAILS: Record<Exclude<JsonBodyProblem, 'too_large'>, string> = {
  not_json_type: 'the content type is not application/json',
  stream_failed: 'the body stream failed',
  not_utf8: 'the body is not UTF-8',
  not_json: 'the body is not JSON',
}

/** Reads a JSON body (server/http/readJson.ts): 413 `body_too_large`, or 400 `malformed_body` saying why. */
export async function readJsonBody(request: Request, limit = MAX_BODY_BYTES): Promise<unknown> {
  const read = await readJsonRequest(request, limit)
  if (read.ok) return read.body
  if (read.problem === 'too_large') throw authError('body_too_large', { details: `body passed ${limit} bytes` })
  throw authError('malformed_body', { details: JSON_BODY_DETAILS[read.problem] })
}
