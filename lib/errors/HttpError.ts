import { BaseError } from '@/lib/errors/BaseError'
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

/**
 * The one error type of the HTTP APIs, whichever catalogue its code comes from (on the one error
 * shape, `BaseError`). `message` is the text the answer's body carries, alone; `details` (the
 * server log's) is in `longMessage`, never in the body.
 */
export class HttpError<Code extends string = string> extends BaseError {
  override name = 'HttpError'
  readonly api: string
  declare readonly code: Code
  readonly status: number
  readonly retryable: boolean
  readonly headers: Record<string, string>
  readonly attemptsLeft: number | undefined
  readonly retryAt: Date | undefined
  readonly fields: Record<string, string | number>

  constructor(catalogue: HttpErrorCatalogue<Code>, code: Code, options: HttpErrorOptions = {}) {
    super(
      options.message ||
        format(catalogue.messages[code], { attemptsLeft: options.attemptsLeft ?? 0, time: options.retryAt ? utcMinute(options.retryAt) : '', ...options.fields }),
      { cause: options.cause, details: options.details, code, composeMessage: false },
    )
    this.api = catalogue.api
    this.status = options.status ?? catalogue.status?.[code] ?? 500
    this.retryable = (catalogue.retryable ?? retryableStatus)(code, this.status)
    this.headers = options.headers ?? {}
    this.attemptsLeft = options.attemptsLeft
    this.retryAt = options.retryAt
    this.fields = options.fields ?? {}
  }

  /** The answer's body: `{code, message}`, plus `attemptsLeft` and `retryAt` when known, `retryable` when true, and the error's `fields`. */
  toBody(): HttpErrorBody<Code> {
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

/** An error answer's body, as `HttpError.toBody` writes it; the error's `fields` sit beside these. */
export type HttpErrorBody<Code extends string = string> = { code: Code; message: string; attemptsLeft?: number; retryAt?: string; retryable?: true }

const BODY_KEYS: ReadonlySet<string> = new Set(['code', 'message', 'attemptsLeft', 'retryAt', 'retryable'])

/**
 * An error answer's body read back (the browser's side of `toBody`): its code, when the catalogue
 * knows it, the server's message, `attemptsLeft`, `retryAt`, and the other string and number values
 * as `fields`. `undefined` for a body that is not an error of the catalogue.
 */
export function readHttpErrorBody<Code extends string>(
  json: unknown,
  isCode: (code: unknown) => code is Code,
): { code: Code; message: string | undefined; attemptsLeft: number | undefined; retryAt: Date | undefined; fields: Record<string, string | number> } | undefined {
  if (typeof json !== 'object' || json === null) return undefined
  const body = json as Partial<Record<keyof HttpErrorBody, unknown>> & Record<string, unknown>
  if (!isCode(body.code)) return undefined
  const fields: Record<string, string | number> = {}
  for (const [key, value] of Object.entries(body)) {
    if (!BODY_KEYS.has(key) && (typeof value === 'string' || typeof value === 'number')) fields[key] = value
  }
  return {
    code: body.code,
    message: typeof body.message === 'string' ? body.message : undefined,
    attemptsLeft: typeof body.attemptsLeft === 'number' ? body.attemptsLeft : undefined,
    retryAt: typeof body.retryAt === 'string' && !Number.isNaN(Date.parse(body.retryAt)) ? new Date(body.retryAt) : undefined,
    fields,
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
