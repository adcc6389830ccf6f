import { authCatalogue, type ServerAuthErrorCode } from '@/lib/siwe/catalogue'
import { HttpError } from './HttpError'

/** Auth answers are per user and must never be cached by the browser or a proxy. */
const NO_STORE = { 'cache-control': 'no-store' }

export function jsonResponse(body: unknown, init: { status?: number; headers?: HeadersInit } = {}): Response {
  const headers = new Headers(init.headers)
  headers.set('content-type', 'application/json; charset=utf-8')
  for (const [name, value] of Object.entries(NO_STORE)) headers.set(name, value)
  return new Response(JSON.stringify(body), { status: init.status ?? 200, headers })
}

/** `{code, message}` with the catalogue message; 503 and 429 also say `retryable: true`. */
export function errorResponse(code: ServerAuthErrorCode, init: { headers?: HeadersInit } = {}): Response {
  const status = new HttpError(code).status
  const retryable = status === 429 || status === 503
  return jsonResponse({ code, message: authCatalogue.errors[code], ...(retryable ? { retryable } : {}) }, { status, headers: init.headers })
}

/**
 * The one place an exception becomes a response: known errors keep their status and code; anything
 * else is a 500 `internal_error` whose detail goes to the log only (no stack, no secret in the body).
 */
export function responseForError(error: unknown, log: (line: string) => void = console.error): Response {
  if (error instanceof HttpError) {
    if (error.status >= 500 && error.details) log(`[sigil] ${error.code}: ${error.details}`)
    return errorResponse(error.code, { headers: error.headers })
  }
  log(`[sigil] internal_error: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`)
  return errorResponse('internal_error')
}
