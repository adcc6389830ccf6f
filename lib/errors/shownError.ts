/**
 * An error as the page shows it: the raised `message` (the catalogue's English, docs/errors.md
 * verbatim for its codes), the stable `code`, and the values its text fills in (`{wallet}`,
 * `{attemptsLeft}`), so the page can say the same in its own language (lib/i18n/ErrorAlert.tsx).
 */
export type ShownError = {
  message: string
  code?: string | undefined
  values?: Record<string, string | number> | undefined
  /**
   * What caused it, when that says more to the user than the code: `page_part_lost`, a part of the
   * page that could not be fetched (offline, or a deploy since the page was opened), whatever code
   * the failure was raised with. The page words the reason instead of the code (ErrorAlert.tsx).
   */
  reason?: ShownErrorReason | undefined
}

export type ShownErrorReason = 'page_part_lost'

/**
 * Whether `error`, or an error it was raised from (its `cause`, a few levels deep), is a script the
 * page fetches after its first load that could not be fetched: Next's bundlers (Turbopack, webpack)
 * raise it as a `ChunkLoadError`.
 */
export function isLostPagePart(error: unknown, depth = 0): boolean {
  return depth < 8 && error instanceof Error && (error.name === 'ChunkLoadError' || isLostPagePart(error.cause, depth + 1))
}

/**
 * Reads what the page shows from any raised error: a `SigilError` (its `values`), an `HttpError`
 * from our APIs (its `attemptsLeft`), or anything else (its message only); and its `reason`, from
 * the error or what it was raised from.
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
    reason: isLostPagePart(error) ? 'page_part_lost' : undefined,
  }
}
