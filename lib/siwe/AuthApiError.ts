import { authCatalogue, isRetryableAuthError, type AuthErrorCode } from './catalogue'

/**
 * A failed call to the auth API, as the browser sees it: the HTTP status (0 when the server could not
 * be reached), the server's error code and its catalogue message. The sign-in view shows `message`
 * verbatim and may offer a retry when `retryable`.
 */
export class AuthApiError extends Error {
  override name = 'AuthApiError'
  readonly status: number
  readonly code: AuthErrorCode
  readonly retryable: boolean

  constructor(parameters: { status: number; code: AuthErrorCode; message?: string | undefined; cause?: unknown }) {
    super(parameters.message || authCatalogue.errors[parameters.code], parameters.cause === undefined ? undefined : { cause: parameters.cause })
    this.status = parameters.status
    this.code = parameters.code
    this.retryable = isRetryableAuthError(parameters.code)
  }
}

export function isAuthApiError(error: unknown): error is AuthApiError {
  return error instanceof AuthApiError
}
