import type { ErrorCode } from '@/lib/i18n/en'
import { errors } from '@/lib/i18n/errors'
import { format } from '@/lib/i18n/format'

export type SigilErrorOptions = {
  cause?: unknown
  /** Extra context for logs (never secrets); not shown to users. */
  details?: string | undefined
  /** Lines that state the rule broken and the offending value (viem's habit). */
  metaMessages?: readonly string[] | undefined
  /** Values for placeholders in the catalogue message, e.g. `{wallet}`. */
  values?: Record<string, string | number> | undefined
  /**
   * The message template, for codes of a family's own catalogue section (lib/i18n/<family>.ts),
   * which loads with the family rather than with every page. Shared codes leave it out.
   */
  template?: string | undefined
}

/**
 * Base of every error Sigil raises. `message` is the catalogue's English text (verbatim for the codes
 * of docs/errors.md#connection-and-switching-errors-the-product-must-show-verbatim), what logs and
 * developers read; `code` is stable and machine-readable, and the page shows the error by it, in its
 * own language (lib/i18n/ErrorAlert.tsx), with the `values` the text fills in.
 */
export class SigilError extends Error {
  override name = 'SigilError'
  readonly code: ErrorCode
  readonly details: string | undefined
  readonly metaMessages: readonly string[] | undefined
  /** The values of the message's placeholders, for the page's own wording of the error. */
  readonly values: Record<string, string | number> | undefined

  constructor(code: ErrorCode, options: SigilErrorOptions = {}) {
    super(format(options.template ?? (errors as Record<string, string>)[code] ?? code, options.values), options.cause === undefined ? undefined : { cause: options.cause })
    this.code = code
    this.details = options.details
    this.metaMessages = options.metaMessages
    this.values = options.values
  }
}

export function isSigilError(error: unknown): error is SigilError {
  return error instanceof SigilError
}
