import { BaseError } from '@sigil/lib/errors/BaseError'

/**
 * Store failures. The auth routes turn any of them into 503 `store_unavailable` (retryable): a
 * sign-in the server could not record is never accepted. Messages name what to do; none carries a
 * secret (connection strings are reduced to host and database).
 */
export class StoreError extends BaseError {
  override name = 'StoreError'
  declare readonly code: 'store_unavailable' | 'store_locked' | 'store_misconfigured'
  constructor(code: StoreError['code'], message: string, options?: { cause?: unknown }) {
    super(message, { ...options, code })
  }
}

/** The database cannot be reached or answered with an error. */
export class StoreUnavailableError extends StoreError {
  static readonly code = 'store_unavailable'
  override name = 'StoreUnavailableError'
  constructor(message: string, options?: { cause?: unknown }) { super('store_unavailable', message, options) }
}

/**
 * Another process holds the embedded database folder. PGlite has no locking of its own and two
 * processes on one folder silently lose each other's writes, so the second one must stop at once.
 */
export class StoreLockedError extends StoreError {
  static readonly code = 'store_locked'
  override name = 'StoreLockedError'
  readonly folder: string
  readonly holderPid: number | undefined
  constructor(folder: string, holderPid: number | undefined) {
    super(
      'store_locked',
      `The data folder ${folder} is already in use by another Sigil process${holderPid ? ` (pid ${holderPid})` : ''}. ` +
        'The embedded database (PGlite) supports one process per folder. Stop the other process, give this one its own ' +
        'DATA_DIR, or set DATABASE_URL to a Postgres server to run several instances.',
    )
    this.folder = folder
    this.holderPid = holderPid
  }
}

export function isStoreError(error: unknown): error is StoreError {
  return error instanceof StoreError
}

/** `postgres://user:secret@host:5432/db?…` → `host:5432/db`, for messages and logs. */
export function describeDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url)
    return `${parsed.host}${parsed.pathname}`
  } catch {
    return '(unparsable DATABASE_URL)'
  }
}
