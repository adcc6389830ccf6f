import { BaseError, type BaseErrorOptions } from '@/lib/errors/BaseError'
import type { ErrorCode } from '@/lib/i18n/en'
import { errors } from '@/lib/i18n/errors'
import { format } from '@/lib/i18n/format'

export type SigilErrorOptions = Pick<BaseErrorOptions, 'cause' | 'details' | 'metaMessages'> & {
  /** Values for placeholders in the catalogue message, e.g. `{wallet}`. */
  values?: Record<string, string | number> | undefined
  /**
   * The message template, for codes of a family's own catalogue section (lib/i18n/<family>.ts),
   * which loads with the family rather than with every page. Shared codes leave it out.
   */
  template?: string | undefined
}

/**
 * An error the page shows, by a code of the catalogue (on the one error shape, `BaseError`).
 * `message` is the catalogue's English text alone (verbatim for the codes of
 * docs/errors.md#connection-and-switching-errors-the-product-must-show-verbatim), what logs and
 * developers read; the meta messages and details are in `longMessage`. `code` is stable and
 * machine-readable, and the page shows the error by it, in its own language
 * (lib/i18n/ErrorAlert.tsx), with the `values` the text fills in.
 */
export class SigilError extends BaseError {
  override name = 'SigilError'
  declare readonly code: ErrorCode
  /** The values of the message's placeholders, for the page's own wording of the error. */
  readonly values: Record<string, string | number> | undefined

  constructor(code: ErrorCode, options: SigilErrorOptions = {}) {
    const { values, template, ...rest } = options
    super(format(template ?? (errors as Record<string, string>)[code] ?? code, values), { ...rest, code, composeMessage: false })
    this.values = values
  }
}
