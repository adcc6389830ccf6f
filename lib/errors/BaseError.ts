export type BaseErrorOptions = {
  /** The error this one stands for (a lower layer's failure); `walk` follows it. */
  cause?: unknown
  /** Extra context for logs (never secrets); not shown to users. */
  details?: string | undefined
  /** Lines that state the rule broken and the offending value. */
  metaMessages?: readonly string[] | undefined
  /** The stable, machine-readable code, when the error has one. */
  code?: string | number | undefined
  /**
   * Whether `message` is the composed text (the short message, then the meta messages, then
   * `Details:`), the default, or the short message alone. Errors whose message is a catalogue's
   * text, which the page and docs/errors.md show verbatim, keep it alone; `longMessage` always
   * holds the composed text.
   */
  composeMessage?: boolean | undefined
}

/** The short message, the meta messages and the details, a blank line between each part present. */
function compose(shortMessage: string, metaMessages: readonly string[] | undefined, details: string | undefined): string {
  const parts = [shortMessage]
  if (metaMessages && metaMessages.length > 0) parts.push(metaMessages.join('\n'))
  if (details) parts.push(`Details: ${details}`)
  return parts.join('\n\n')
}

/**
 * The one shape of every error Sigil raises (docs/errors.md#one-error-shape): a one-line
 * `shortMessage`, optional `metaMessages` and `details` for whoever reads the log, the `cause` it
 * wraps, a stable `code` where it has one, and `walk` to find an error along the cause chain.
 */
export class BaseError extends Error {
  override name = 'BaseError'
  /** The one line that says what failed. */
  readonly shortMessage: string
  readonly details: string | undefined
  readonly metaMessages: readonly string[] | undefined
  readonly code: string | number | undefined
  /** The short message, the meta messages and `Details:`, whatever `message` is. */
  readonly longMessage: string

  constructor(shortMessage: string, options: BaseErrorOptions = {}) {
    const longMessage = compose(shortMessage, options.metaMessages, options.details)
    super(options.composeMessage === false ? shortMessage : longMessage, options.cause === undefined ? undefined : { cause: options.cause })
    this.shortMessage = shortMessage
    this.details = options.details
    this.metaMessages = options.metaMessages
    this.code = options.code
    this.longMessage = longMessage
  }

  /**
   * Without `fn`: the deepest error of the cause chain (this one when it wraps nothing). With `fn`:
   * the first error along the chain, this one included, for which `fn` is true, else `undefined`.
   */
  walk(): unknown
  walk<T>(fn: (error: unknown) => error is T): T | undefined
  walk(fn: (error: unknown) => boolean): unknown
  walk(fn?: (error: unknown) => boolean): unknown {
    return walkCauses(this, fn)
  }
}

function walkCauses(start: unknown, fn: ((error: unknown) => boolean) | undefined): unknown {
  const seen = new Set<unknown>()
  for (let current = start; ; ) {
    if (fn?.(current)) return current
    seen.add(current)
    const next = typeof current === 'object' && current !== null && 'cause' in current ? current.cause : undefined
    // A chain that loops back on itself ends where it would repeat.
    if (next === undefined || seen.has(next)) return fn ? undefined : current
    current = next
  }
}
