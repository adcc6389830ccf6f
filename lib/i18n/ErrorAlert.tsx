'use client'
import type { ShownError } from '@/lib/errors/shownError'
import { format } from './format'
import { useMessages } from './LocaleProvider'
import { plainErrors, type PlainErrorCode, type PlainErrorKey } from './plainErrors'
import { useT } from './useT'

function isPlainErrorCode(code: unknown): code is PlainErrorCode {
  return typeof code === 'string' && Object.hasOwn(plainErrors, code)
}

/**
 * What the page says for an error: its reason's plain words when it has one (a lost part of the
 * page says so, whatever the code), else its code's, in the locale's `errors` (English from
 * plainErrors.ts), with the error's values filled in; the raised message itself for an error
 * without a known code or reason.
 */
export function plainErrorText(error: ShownError, localized?: Readonly<Record<PlainErrorKey, string>>): string {
  const key = error.reason ?? (isPlainErrorCode(error.code) ? error.code : undefined)
  if (key === undefined) return error.message
  return format(localized?.[key] ?? plainErrors[key], error.values)
}

export type ErrorAlertProps = {
  error: ShownError
  /** The alert's `data-testid` (e.g. `connect-error`); the fold is `<testId>-details`, the English line in it `<testId>-detail`. */
  testId: string
}

/**
 * An error on the page: the plain words in the page's language as the alert's text, then, folded
 * under "Details" (in the page's language), the raised English message (verbatim for the codes
 * docs/errors.md lists as such) and the code, which logs, support and the e2e tests read. The code
 * is also `data-code`, for machines.
 */
export function ErrorAlert({ error, testId }: ErrorAlertProps) {
  const text = plainErrorText(error, useMessages()?.errors)
  return (
    <div role="alert" className="error-text" data-testid={testId} data-code={error.code}>
      <p>{text}</p>
      <ErrorDetails error={error} text={text} testId={testId} />
    </div>
  )
}

/**
 * The fold under an error's plain words (`text`): the raised English message where it says more,
 * and the code. Also used inside an alert of its own (the wrong-network banner), so not an alert.
 */
export function ErrorDetails({ error, text, testId }: ErrorAlertProps & { text: string }) {
  const t = useT()
  const detail = error.message !== text ? error.message : undefined
  if (detail === undefined && error.code === undefined) return null
  return (
    <details className="error-detail" data-testid={`${testId}-details`}>
      <summary>{t('error.details')}</summary>
      {/* English whatever the page's language (the raised message, the code): said so for screen readers. */}
      <p lang="en" data-testid={`${testId}-detail`}>
        {detail}
        {detail !== undefined && error.code !== undefined && ' '}
        {error.code !== undefined && <code>{error.code}</code>}
      </p>
    </details>
  )
}
