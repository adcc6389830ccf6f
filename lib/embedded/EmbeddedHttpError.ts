import { embedded } from '@/lib/i18n/embedded'
import { format } from '@/lib/i18n/format'

/** HTTP status of each code the embedded wallet API answers with. */
export const embeddedErrorStatus = {
  embedded_malformed_body: 400,
  embedded_invalid_email: 400,
  embedded_invalid_code_format: 400,
  embedded_invalid_user_id: 400,
  embedded_challenge_invalid: 400,
  embedded_passkey_invalid: 400,
  embedded_prf_unsupported: 400,
  embedded_code_invalid: 401,
  embedded_recovery_session_invalid: 401,
  embedded_code_other_browser: 403,
  embedded_email_unverified: 403,
  embedded_wallet_not_found: 404,
  embedded_wallet_exists: 409,
  embedded_wallet_limit: 409,
  embedded_recovery_cancelled: 409,
  embedded_code_expired: 410,
  embedded_body_too_large: 413,
  embedded_code_locked: 423,
  embedded_rate_limited: 429,
  embedded_internal_error: 500,
  embedded_mail_failed: 503,
  embedded_mail_unavailable: 503,
  embedded_unavailable: 503,
} as const

export type EmbeddedServerErrorCode = keyof typeof embeddedErrorStatus

/**
 * An error the embedded wallet API answers with: status and catalogue message from the code; `details`
 * for the server log only (never sent, never a secret); `attemptsLeft` for a wrong code.
 */
export class EmbeddedHttpError extends Error {
  override name = 'EmbeddedHttpError'
  readonly code: EmbeddedServerErrorCode
  readonly status: number
  readonly details: string | undefined
  readonly headers: Record<string, string>
  readonly attemptsLeft: number | undefined

  constructor(code: EmbeddedServerErrorCode, options: { details?: string; cause?: unknown; headers?: Record<string, string>; attemptsLeft?: number } = {}) {
    super(format(embedded.errors[code], { attemptsLeft: options.attemptsLeft ?? 0 }), options.cause === undefined ? undefined : { cause: options.cause })
    this.code = code
    this.status = embeddedErrorStatus[code]
    this.details = options.details
    this.headers = options.headers ?? {}
    this.attemptsLeft = options.attemptsLeft
  }

  /** `{code, message}` (+ `attemptsLeft`, + `retryable` for 429/503). */
  toBody(): Record<string, unknown> {
    const retryable = this.status === 429 || this.status === 503
    return {
      code: this.code,
      message: this.message,
      ...(this.attemptsLeft === undefined ? {} : { attemptsLeft: this.attemptsLeft }),
      ...(retryable ? { retryable } : {}),
    }
  }
}
