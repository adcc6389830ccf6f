import { authCatalogue, authErrorStatus, type ServerAuthErrorCode } from '@/lib/siwe/catalogue'

/**
 * An error the API answers with: status and code from the auth catalogue, plus `details` for the
 * server log only (never sent, never a secret). `headers` adds e.g. `Retry-After`.
 */
export class HttpError extends Error {
  override name = 'HttpError'
  readonly code: ServerAuthErrorCode
  readonly status: number
  readonly details: string | undefined
  readonly headers: Record<string, string>

  constructor(code: ServerAuthErrorCode, options: { details?: string; cause?: unknown; headers?: Record<string, string> } = {}) {
    super(authCatalogue.errors[code], options.cause === undefined ? undefined : { cause: options.cause })
    this.code = code
    this.status = authErrorStatus[code]
    this.details = options.details
    this.headers = options.headers ?? {}
  }
}

export function isHttpError(error: unknown): error is HttpError {
  return error instanceof HttpError
}
