import { BodyLimitExceededError, readCapped } from './readCapped'

/** Why a JSON request body was not read; each caller maps these to its own typed answer. */
export type JsonBodyProblem = 'not_json_type' | 'too_large' | 'stream_failed' | 'not_utf8' | 'not_json'

export type JsonBodyResult = { ok: true; body: unknown } | { ok: false; problem: JsonBodyProblem; limit?: number }

/**
 * The one reader of JSON request bodies (the sign-in API, the RPC proxy, the broadcast endpoint):
 * the content type must be `application/json` (so a cross-site form cannot post without a CORS
 * preflight), at most `limit` bytes are read whatever Content-Length says, the bytes must be UTF-8
 * and the text valid JSON.
 */
export async function readJsonRequest(request: Request, limit: number): Promise<JsonBodyResult> {
  if (!/^application\/json\s*(;|$)/i.test((request.headers.get('content-type') ?? '').trim())) return { ok: false, problem: 'not_json_type' }
  let bytes: Uint8Array
  try {
    bytes = await readCapped(request, limit)
  } catch (error) {
    return error instanceof BodyLimitExceededError ? { ok: false, problem: 'too_large', limit } : { ok: false, problem: 'stream_failed' }
  }
  let text: string
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes)
  } catch {
    return { ok: false, problem: 'not_utf8' }
  }
  try {
    return { ok: true, body: JSON.parse(text) as unknown }
  } catch {
    return { ok: false, problem: 'not_json' }
  }
}
