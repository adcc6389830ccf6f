/**
 * An error as the page shows it: the raised `message` (the catalogue's English, docs/errors.md
 * verbatim for its codes), the stable `code`, and the values its text fills in (`{wallet}`,
 * `{attemptsLeft}`), so the page can say the same in its own language (lib/i18n/ErrorAlert.tsx).
 */
export type ShownError = {
  message: string
  code?: string | undefined
  values?: Record<string, string | number> | undefined
}

/**
 * Reads what the page shows from any raised error: a `SigilError` (its `values`), an `HttpError`
 * from our APIs (its `attemptsLeft`), or anything else (its message only).
 */
export function shownError(error: unknown): ShownError {
  if (typeof error !== 'object' || error === null) return { message: String(error) }
  const { message, code, values, attemptsLeft } = error as { message?: unknown; code?: unknown; values?: unknown; attemptsLeft?: unknown }
  const filled = typeof values === 'object' && values !== null ? { ...(values as Record<string, string | number>) } : {}
  if (typeof attemptsLeft === 'number') filled.attemptsLeft = attemptsLeft
  return {
    message: typeof message === 'string' ? message : String(error),
    code: typeof code === 'string' ? code : undefined,
    values: Object.keys(filled).length > 0 ? filled : undefined,
  }
}
