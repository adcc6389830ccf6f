import type { EmbeddedWalletStore } from './embeddedTypes'

/** A nonce issued to one browser (its binding is the hash of the browser's binding cookie). */
export type NonceRecord = {
  nonce: string
  binding: string
  expiresAt: Date
}

export type RateLimitHit = {
  /** Hits in the current window, this one included. */
  count: number
  /** When the window ends and the count starts again. */
  resetAt: Date
}

/**
 * What the server keeps between requests. Small on purpose: both back ends (embedded PGlite and a
 * Postgres server) run the same SQL (`./sql.ts`). Every method throws a `StoreError` on failure.
 */
export interface Store extends EmbeddedWalletStore {
  readonly kind: 'pglite' | 'postgres'
  /** Records a freshly issued nonce. */
  putNonce(record: NonceRecord): Promise<void>
  /**
   * Removes the nonce and returns what it was, in one statement (`DELETE … RETURNING`): of any number
   * of concurrent callers exactly one gets the record, the others get null. Expired records are
   * returned too, so the caller can say "expired" rather than "unknown".
   */
  takeNonce(nonce: string): Promise<NonceRecord | null>
  /** Counts one attempt against `key` in a fixed window of `windowMs` starting at the first hit. */
  hit(key: string, windowMs: number, now: Date): Promise<RateLimitHit>
  /**
   * Deletes expired nonces, finished rate-limit windows and expired embedded-wallet challenges; expired
   * recovery codes and sessions a day after they expire (until then they answer "expired", not
   * "unknown"). Returns how many rows went.
   */
  cleanup(now: Date): Promise<number>
  /** One round trip that proves the database answers (the health check); throws a `StoreError` if not. */
  ping(): Promise<void>
  close(): Promise<void>
}
