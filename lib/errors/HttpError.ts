import { format, utcMinute } from '@/lib/i18n/format'

/**
 * What an API's errors are: the catalogue message of each code (templates with `{name}` values),
 * on the server the HTTP status each code answers with, and which failures are worth retrying.
 * One per API: the sign-in API's (`lib/siwe/catalogue.ts`) and the embedded wallet's
 * (`server/embedded/httpErrors.ts`). Both sides use it: the server throws and answers with it, the
 * browser's API client rebuilds it from the answer.
 */
export type HttpErrorCatalogue<Code extends string> = {
  /** Names the API; `isHttpError(error, catalogue)` matches on it. */
  readonly api: string
  readonly messages: { readonly [code in Code]: string }
  /** The status a server answer carries; codes only the browser raises have none. */
  readonly status?: { readonly [code in Code]?: number }
  /** Default: the status says so (0 no answer, 429, 503). */
  readonly retryable?: (code: Code, status: number) => boolean
}

export type HttpErrorOptions = {
  /** The answer's status (the browser's side; 0 when the server could not be reached). Default: the catalogue's, else 500. */
  status?: number | undefined
  /** The server's message, when the browser has one; default the catalogue's. */
  message?: string | undefined
  /** For the server log only: never sent, never a secret. */
  details?: string | undefined
  cause?: unknown
  /** Response headers, e.g. `Retry-After`. */
  headers?: Record<string, string> | undefined
  /** Tries left after a wrong code; also fills the message's `{attemptsLeft}`. */
  attemptsLeft?: number | undefined
  /**
   * When a limit or lock ends: sent as `retryAt` (ISO 8601) and fills the message's `{time}`
   * (`YYYY-MM-DD HH:MM`, UTC), so every lock says until when it lasts.
   */
  retryAt?: Date | undefined
  /**
   * Facts of the refusal the answer's body carries beside `code` and `message` (e.g. when a
   * time-locked step opens); they also fill the message's placeholders of the same names.
   */
  fields?: Record<string, string | number> | undefined
}

const retryableStatus = (_code: string, status: number) => status === 0 || status === 429 || status === 503

/** The one error type of the HTTP APIs, whichever catalogue its code comes from. */
export class HttpError<Code extends string = string> extends Error {
  override name = 'HttpError'
  readonly api: string
  readonly code: Code
  readonly status: number
  readonly retryable: boolean
  readonly details: string | undefined
  readonly headers: Record<string, string>
  readonly attemptsLeft: number | undefined
  readonly retryAt: Date | undefined
  readonly fields: Record<string, string | number>

  constructor(catalogue: HttpErrorCatalogue<Code>, code: Code, options: HttpErrorOptions = {}) {
    super(
      options.message ||
        format(catalogue.messages[code], { attemptsLeft: options.attemptsLeft ?? 0, time: options.retryAt ? utcMinute(options.retryAt) : '', ...options.fields }),
      options.cause === undefined ? undefined : { cause: options.cause },
    )
    this.api = catalogue.api
    this.code = code
    this.status = options.status ?? catalogue.status?.[code] ?? 500
    this.retryable = (catalogue.retryable ?? retryableStatus)(code, this.status)
    this.details = options.details
    this.headers = options.headers ?? {}
    this.attemptsLeft = options.attemptsLeft
    this.retryAt = options.retryAt
    this.fields = options.fields ?? {}
  }

  /** The answer's body: `{code, message}`, plus `attemptsLeft` and `retryAt` when known, `retryable` when true, and the error's `fields`. */
  toBody(): { code: Code; message: string; attemptsLeft?: number; retryAt?: string; retryable?: true } {
    return {
      ...this.fields,
      code: this.code,
      message: this.message,
      ...(this.attemptsLeft === undefined ? {} : { attemptsLeft: this.attemptsLeft }),
      ...(this.retryAt === undefined ? {} : { retryAt: this.retryAt.toISOString() }),
      ...(this.retryable ? { retryable: true as const } : {}),
    }
  }
}

/** An `HttpError`; of the given API's catalogue when one is passed. */
export function isHttpError<Code extends string = string>(error: unknown, catalogue?: HttpErrorCatalogue<Code>): error is HttpError<Code> {
  return error instanceof HttpError && (catalogue === undefined || error.api === catalogue.api)
}

/** `httpErrorsOf(catalogue)(code, options)`: the catalogue's errors without naming it at every throw. */
export function httpErrorsOf<Code extends string>(catalogue: HttpErrorCatalogue<Code>) {
  return (code: Code, options?: HttpErrorOptions): HttpError<Code> => new HttpError(catalogue, code, options)
}
