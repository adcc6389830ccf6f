import { authError } from '@sigil/lib/siwe/catalogue'
import { HttpError } from '@sigil/lib/errors/HttpError'

/** API answers are per user and must never be cached by the browser or a proxy. */
const NO_STORE = { 'cache-control': 'no-store' }

export function jsonResponse(body: unknown, init: { status?: number; headers?: HeadersInit } = {}): Response {
  const headers = new Headers(init.headers)
  headers.set('content-type', 'application/json; charset=utf-8')
  for (const [name, value] of Object.entries(NO_STORE)) headers.set(name, value)
  const text = JSON.stringify(body)
  const response = new Response(text, { status: init.status ?? 200, headers })
  jsonTexts.set(response, text)
  return response
}

/**
 * The text each `jsonResponse` was made of, for a server adapter that writes responses to Node's own
 * (server/http/pagesApiRoute.ts): it sends that text instead of reading the body's stream back, about
 * 0.03 ms of CPU per answer. A response's body cannot be replaced, so the text is what its stream holds.
 */
const jsonTexts = new WeakMap<Response, string>()

/** The text a `jsonResponse` was made of, or undefined for any other response. */
export function jsonResponseText(response: Response): string | undefined {
  return jsonTexts.get(response)
}

/** The error's answer: its status and headers, `{code, message}` with the catalogue message (429 and 503 also say `retryable: true`). */
export function errorResponse(error: HttpError): Response {
  return jsonResponse(error.toBody(), { status: error.status, headers: error.headers })
}

/**
 * The one place an exception becomes a response: known errors keep their status and code; anything
 * else is a 500 (`internal` of the route's catalogue, the sign-in API's `internal_error` by default)
 * whose detail goes to the log only (no stack, no secret in the body).
 */
export function responseForError(
  error: unknown,
  log: (line: string) => void = console.error,
  internal: (details: string) => HttpError = (details) => authError('internal_error', { details }),
): Response {
  if (error instanceof HttpError) {
    if (error.status >= 500 && error.details) log(`[sigil] ${error.code}: ${error.details}`)
    return errorResponse(error)
  }
  const failure = internal(error instanceof Error ? `${error.name}: ${error.message}` : String(error))
  log(`[sigil] ${failure.code}: ${failure.details}`)
  return errorResponse(failure)
}
