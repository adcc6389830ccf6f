import { httpErrorsOf, isHttpError, type HttpError, type HttpErrorCatalogue } from '@/lib/errors/HttpError'
import { auth } from '@/lib/i18n/auth'

/** Sign-in strings live in the catalogue (`lib/i18n`); this module adds the codes' HTTP statuses. */
export const authCatalogue = auth

export type AuthErrorCode = keyof (typeof authCatalogue)['errors']

/** HTTP status of each code the server sends (client-only codes have none). */
const authErrorStatus = {
  malformed_body: 400,
  malformed_message: 400,
  malformed_signature: 400,
  invalid_address: 400,
  invalid_signature: 401,
  not_signed_in: 401,
  origin_not_allowed: 403,
  unknown_session: 404,
  unknown_wallet: 404,
  wallet_linked_elsewhere: 409,
  last_wallet: 409,
  body_too_large: 413,
  domain_mismatch: 422,
  uri_mismatch: 422,
  unsupported_chain: 422,
  message_expired: 422,
  message_not_yet_valid: 422,
  issued_at_in_future: 422,
  expiration_too_far: 422,
  statement_mismatch: 422,
  resources_not_allowed: 422,
  request_id_invalid: 422,
  nonce_invalid: 422,
  nonce_expired: 422,
  rate_limited: 429,
  store_unavailable: 503,
  rpc_unavailable: 503,
  shutting_down: 503,
  internal_error: 500,
} as const satisfies Partial<Record<AuthErrorCode, number>>

export type ServerAuthErrorCode = keyof typeof authErrorStatus

export function isAuthErrorCode(value: unknown): value is AuthErrorCode {
  return typeof value === 'string' && Object.hasOwn(authCatalogue.errors, value)
}

/** Worth retrying the same request later: rate limits and temporary outages. */
function isRetryableAuthError(code: AuthErrorCode): boolean {
  return code === 'rate_limited' || code === 'store_unavailable' || code === 'rpc_unavailable' || code === 'shutting_down' || code === 'network_error'
}

/** The sign-in API's errors as the browser sees them: the status comes with the answer. */
export const authErrors: HttpErrorCatalogue<AuthErrorCode> = { api: 'auth', messages: authCatalogue.errors, retryable: isRetryableAuthError }

/** The same catalogue on the server, with the status each code answers with. */
const authServerErrors: HttpErrorCatalogue<ServerAuthErrorCode> = { ...authErrors, status: authErrorStatus }

/** A sign-in API error the server throws or answers with. */
export const authError = /* @__PURE__ */ httpErrorsOf(authServerErrors)

/** An error of the sign-in API (either side). */
export function isAuthError(error: unknown): error is HttpError<AuthErrorCode> {
  return isHttpError(error, authErrors)
}
