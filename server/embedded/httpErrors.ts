import { httpErrorsOf, type HttpErrorCatalogue } from '@sigil/lib/errors/HttpError'
import { embedded } from '@sigil/lib/i18n/embedded'

/** HTTP status of each code the embedded wallet API answers with. */
const embeddedErrorStatus = {
  embedded_malformed_body: 400,
  embedded_invalid_email: 400,
  embedded_invalid_code_format: 400,
  embedded_invalid_user_id: 400,
  embedded_challenge_invalid: 400,
  embedded_passkey_invalid: 400,
  embedded_prf_unsupported: 400,
  embedded_code_invalid: 401,
  embedded_recovery_session_invalid: 401,
  embedded_device_proof_invalid: 401,
  embedded_code_other_browser: 403,
  embedded_email_unverified: 403,
  embedded_wallet_not_found: 404,
  embedded_wallet_exists: 409,
  embedded_wallet_limit: 409,
  embedded_recovery_cancelled: 409,
  embedded_pairing_code_format: 400,
  embedded_pairing_code_invalid: 404,
  embedded_pairing_used: 409,
  embedded_pairing_not_approved: 409,
  embedded_recovery_completed: 409,
  embedded_recovery_off: 403,
  embedded_pairing_expired: 410,
  embedded_code_expired: 410,
  embedded_body_too_large: 413,
  embedded_code_locked: 423,
  embedded_code_tries_exhausted: 423,
  embedded_code_tries_exhausted_email: 423,
  // 425 Too Early (RFC 8470): the same request succeeds unchanged once the recovery's delay has passed.
  embedded_recovery_pending: 425,
  embedded_code_requests_limited: 429,
  embedded_code_requests_paused: 429,
  embedded_rate_limited: 429,
  embedded_internal_error: 500,
  embedded_mail_failed: 503,
  embedded_mail_unavailable: 503,
  embedded_unavailable: 503,
} as const

export type EmbeddedServerErrorCode = keyof typeof embeddedErrorStatus

/** The embedded wallet API's errors: the family's catalogue messages and the status of each code. */
export const embeddedErrors: HttpErrorCatalogue<EmbeddedServerErrorCode> = { api: 'embedded', messages: embedded.errors, status: embeddedErrorStatus }

/** An error the embedded wallet API throws and answers with (`attemptsLeft` for a wrong code). */
export const embeddedError = /* @__PURE__ */ httpErrorsOf(embeddedErrors)
