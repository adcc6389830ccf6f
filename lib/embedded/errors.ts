import { HttpError, type HttpErrorCatalogue } from '@/lib/errors/HttpError'
import { SigilError, type SigilErrorOptions } from '@/lib/errors/SigilError'
import { embedded, type EmbeddedErrorCode } from '@/lib/i18n/embedded'
import { utcMinute } from '@/lib/i18n/format'

/**
 * The embedded wallet's errors. Each carries its code and takes its message from the family's own
 * catalogue section (`lib/i18n/embedded.ts`), which loads with the family rather than with the page.
 */
export class EmbeddedWalletError extends SigilError {
  override name = 'EmbeddedWalletError'
  constructor(code: EmbeddedErrorCode, options: SigilErrorOptions = {}) {
    super(code, { ...options, template: embedded.errors[code] })
  }
}

/** No `PublicKeyCredential` (an old browser, an insecure context, a webview without WebAuthn). */
export class WebAuthnUnsupportedError extends EmbeddedWalletError {
  static readonly code = 'embedded_webauthn_unsupported'
  override name = 'WebAuthnUnsupportedError' as const
  constructor(options?: SigilErrorOptions) { super(WebAuthnUnsupportedError.code, options) }
}
/** @public */
export type WebAuthnUnsupportedErrorType = WebAuthnUnsupportedError

/** The authenticator or browser has no WebAuthn PRF extension: there is no key to lock the wallet with. */
export class PrfUnsupportedError extends EmbeddedWalletError {
  static readonly code = 'embedded_prf_unsupported'
  override name = 'PrfUnsupportedError' as const
  constructor(options?: SigilErrorOptions) { super(PrfUnsupportedError.code, options) }
}
/** @public */
export type PrfUnsupportedErrorType = PrfUnsupportedError

/** WebAuthn `NotAllowedError`: the user dismissed the prompt, or it timed out (300 s). */
export class PasskeyCancelledError extends EmbeddedWalletError {
  static readonly code = 'embedded_passkey_cancelled'
  override name = 'PasskeyCancelledError' as const
  constructor(options?: SigilErrorOptions) { super(PasskeyCancelledError.code, options) }
}
/** @public */
export type PasskeyCancelledErrorType = PasskeyCancelledError

/** WebAuthn `InvalidStateError` on create(): the authenticator already holds a credential it was told to exclude. */
export class PasskeyExistsError extends EmbeddedWalletError {
  static readonly code = 'embedded_passkey_exists'
  override name = 'PasskeyExistsError' as const
  constructor(options?: SigilErrorOptions) { super(PasskeyExistsError.code, options) }
}
/** @public */
export type PasskeyExistsErrorType = PasskeyExistsError

/** WebAuthn `SecurityError`: the RP id does not fit this origin, or the context is not secure. */
export class PasskeyNotAllowedHereError extends EmbeddedWalletError {
  static readonly code = 'embedded_passkey_not_allowed_here'
  override name = 'PasskeyNotAllowedHereError' as const
  constructor(options?: SigilErrorOptions) { super(PasskeyNotAllowedHereError.code, options) }
}
/** @public */
export type PasskeyNotAllowedHereErrorType = PasskeyNotAllowedHereError

/** WebAuthn `ConstraintError`: the authenticator cannot meet the options (resident key, user verification). */
export class PasskeyUnsupportedOptionsError extends EmbeddedWalletError {
  static readonly code = 'embedded_passkey_unsupported_options'
  override name = 'PasskeyUnsupportedOptionsError' as const
  constructor(options?: SigilErrorOptions) { super(PasskeyUnsupportedOptionsError.code, options) }
}
/** @public */
export type PasskeyUnsupportedOptionsErrorType = PasskeyUnsupportedOptionsError

/** Any other WebAuthn `DOMException` (`UnknownError`, …): never shown as a rejected connection. */
export class PasskeyFailedError extends EmbeddedWalletError {
  static readonly code = 'embedded_passkey_failed'
  override name = 'PasskeyFailedError' as const
  constructor(options?: SigilErrorOptions) { super(PasskeyFailedError.code, options) }
}
/** @public */
export type PasskeyFailedErrorType = PasskeyFailedError

/** A WebAuthn user handle outside 1..64 bytes (WebAuthn L3 §5.4.3; docs/connectors/retries-and-timeouts.md#embedded-wallet-the-server). */
export class InvalidUserIdError extends EmbeddedWalletError {
  static readonly code = 'embedded_invalid_user_id'
  override name = 'InvalidUserIdError' as const
  constructor(length: number, options?: SigilErrorOptions) {
    super(InvalidUserIdError.code, { ...options, metaMessages: ['A passkey user id is 1 to 64 bytes.', `Got: ${length} bytes`] })
  }
}
/** @public */
export type InvalidUserIdErrorType = InvalidUserIdError

/** Decryption failed: another passkey, a damaged record, or a key that does not belong to this wallet. */
export class UnlockFailedError extends EmbeddedWalletError {
  static readonly code = 'embedded_unlock_failed'
  override name = 'UnlockFailedError' as const
  constructor(options?: SigilErrorOptions) { super(UnlockFailedError.code, options) }
}
/** @public */
export type UnlockFailedErrorType = UnlockFailedError

export class NoEmbeddedWalletError extends EmbeddedWalletError {
  static readonly code = 'embedded_no_wallet'
  override name = 'NoEmbeddedWalletError' as const
  constructor(options?: SigilErrorOptions) { super(NoEmbeddedWalletError.code, options) }
}
/** @public */
export type NoEmbeddedWalletErrorType = NoEmbeddedWalletError

/** IndexedDB is missing, blocked (some private modes) or full. */
export class WalletStorageUnavailableError extends EmbeddedWalletError {
  static readonly code = 'embedded_storage_unavailable'
  override name = 'WalletStorageUnavailableError' as const
  constructor(options?: SigilErrorOptions) { super(WalletStorageUnavailableError.code, options) }
}
/** @public */
export type WalletStorageUnavailableErrorType = WalletStorageUnavailableError

/** A recovered key decrypts to another address than the wallet's: nothing is saved. */
export class WalletMismatchError extends EmbeddedWalletError {
  static readonly code = 'embedded_wallet_mismatch'
  override name = 'WalletMismatchError' as const
  constructor(options?: SigilErrorOptions) { super(WalletMismatchError.code, options) }
}
/** @public */
export type WalletMismatchErrorType = WalletMismatchError

/**
 * The embedded wallet API's catalogue as the browser knows it: every code's message, no statuses
 * (the answer carries its own). Named `embedded` like the server's (server/embedded/httpErrors.ts),
 * so `isHttpError(error, …)` matches an error of either side.
 */
const embeddedApiErrors: HttpErrorCatalogue<EmbeddedErrorCode> = { api: 'embedded', messages: embedded.errors }

/**
 * A failed call to the embedded wallet API, as the browser rebuilds it from the answer: the same
 * `HttpError` the server threw (its code, its catalogue message with the values the server filled
 * in, e.g. attempts left, the HTTP status (0: no answer) and the answer's fields: `attemptsLeft`,
 * `retryAt` when a limit or lock ends, which fills the message's `{time}`), plus what only the
 * browser reads (`retryAfterSeconds`, from a limit's `Retry-After`). `values` are the message's
 * placeholder values, as on a `SigilError`, for the screens' own wording.
 */
export class EmbeddedApiError extends HttpError<EmbeddedErrorCode> {
  override name = 'EmbeddedApiError'
  readonly retryAfterSeconds: number | undefined
  readonly values: Record<string, string | number>
  constructor(
    code: EmbeddedErrorCode,
    parameters: {
      status: number
      attemptsLeft?: number | undefined
      retryAfterSeconds?: number | undefined
      retryAt?: Date | undefined
      /** Facts the answer carried beside its code (e.g. when a time-locked step opens). */
      values?: Record<string, string | number> | undefined
      cause?: unknown
      details?: string | undefined
    },
  ) {
    const { retryAfterSeconds, values, ...options } = parameters
    super(embeddedApiErrors, code, { ...options, fields: values })
    this.retryAfterSeconds = retryAfterSeconds
    this.values = { attemptsLeft: parameters.attemptsLeft ?? 0, time: parameters.retryAt ? utcMinute(parameters.retryAt) : '', ...values }
  }
}

/** The vault (the wallet's own origin) did not answer in time: blocked, offline, or not served. */
export class VaultUnavailableError extends EmbeddedWalletError {
  static readonly code = 'embedded_vault_unavailable'
  override name = 'VaultUnavailableError' as const
  constructor(options?: SigilErrorOptions) { super(VaultUnavailableError.code, options) }
}
/** @public */
export type VaultUnavailableErrorType = VaultUnavailableError
