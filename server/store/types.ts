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

/** One counter a request is counted against: `hit`'s key and window, and the most it may reach. */
type CountedLimit = { key: string; windowMs: number; max: number }

/** The counters a nonce request is counted against before its nonce is saved (`putNonce`). */
export type NonceCounts = {
  now: Date
  /** The browser's own counter, counted first; null for a browser that has no binding cookie yet. */
  browser: CountedLimit | null
  /** The client's counter (its IP), counted only when the browser is within its limit. */
  client: CountedLimit
}

export type NonceCountsResult = {
  /** The browser's count, or null when there was no browser counter. */
  browser: RateLimitHit | null
  /** The client's count, or null when it was not counted (no counters, or the browser over its limit). */
  client: RateLimitHit | null
  /** Whether the nonce was saved: always without counters, else only when every count is within its limit. */
  saved: boolean
}

/** What `beginSignIn` needs: the nonce presented, the browser's binding and both counters' keys. */
type SignInAttempt = {
  nonce: string
  /** Hash of the request's binding cookie; null when it sent none. */
  binding: string | null
  /** The client's counter (every attempt counts). */
  clientKey: string
  clientWindowMs: number
  /** The address's counter in this client's bucket (counted only for a live nonce issued to this browser). */
  addressKey: string
  addressWindowMs: number
  now: Date
  /**
   * The session to record in the same statement, when the sign-in gets that far: saved only if the
   * nonce was live and issued to this browser and both counts stay within their limits. The caller
   * still checks the signature afterwards and revokes the row if it fails (the row's id is known
   * only to this request until then, so no cookie can name it).
   */
  session?: { record: SessionRecord; clientMax: number; addressMax: number; family?: string | null | undefined } | undefined
}

export type SignInAttemptResult = {
  client: RateLimitHit
  /** The nonce as it was issued (now burnt), or null when unknown or already used. */
  nonce: NonceRecord | null
  /** The address count, or null when it was not counted (no live nonce for this browser). */
  address: RateLimitHit | null
  /** Whether `attempt.session` was recorded. */
  sessionSaved: boolean
  /**
   * Whether the session's address already has its account, with a family recorded or none given
   * (`attempt.session.family`) to record: a returning wallet, for which `ensureAccount` would change
   * nothing. Read in the same statement; false without a session.
   */
  accountKnown: boolean
}

/** A signed-in session as the store keeps it: only the SHA-256 of its id. */
type SessionRecord = {
  idHash: string
  address: string
  /** The chain the sign-in was verified on. */
  chainId: number
  createdAt: Date
  expiresAt: Date
  /** A short label of the browser and system the sign-in came from (`deviceLabel`), or null. */
  device?: string | null | undefined
  /** The rough place a trusted proxy named for the client (`SESSION_PLACE_HEADER`), or null. */
  place?: string | null | undefined
}

/** A live session as the sessions list shows it to its owner. */
type SessionListing = {
  idHash: string
  device: string | null
  place: string | null
  createdAt: Date
  /** The last request that checked the session, to within `SESSION_SEEN_RESOLUTION_MS`. */
  lastSeenAt: Date
  chainId: number | null
}

/** A wallet linked to an account: its address (lower case), the family it came from, when. */
type AccountWallet = {
  address: string
  /** A family id of lib/siwe/families.ts, or null when not known (linked before it was recorded). */
  family: string | null
  linkedAt: Date
}

/** An account and every wallet linked to it, oldest first. */
export type AccountRecord = {
  accountId: string
  createdAt: Date
  wallets: AccountWallet[]
}

/** A link nonce: issued to one live session (the SHA-256 of its id) for its account, used once. */
export type LinkNonceRecord = {
  nonce: string
  sessionHash: string
  accountId: string
  expiresAt: Date
}

/** `linkWallet`: linked now, already this account's, another account's, or the account is gone. */
type LinkOutcome = 'linked' | 'already_linked' | 'linked_elsewhere' | 'no_account'

/** `unlinkWallet`: unlinked (with how many of its sessions ended), not this account's, or its last wallet. */
type UnlinkOutcome = { kind: 'unlinked'; sessionsEnded: number } | { kind: 'unknown_wallet' } | { kind: 'last_wallet' }

/** The accounts part of the store (migration 14). Addresses are compared in lower case. */
export interface AccountStore {
  /**
   * The account of `address`, created (with the address as its first wallet, and `family`) when the
   * address has none yet: at its first sign-in, or lazily for sessions from before accounts. A family
   * is recorded only where none was. Two first sign-ins at once end in one account.
   */
  ensureAccount(address: string, family: string | null, now: Date): Promise<string>
  /** The account and its wallets, or null when there is no such account. */
  getAccount(accountId: string): Promise<AccountRecord | null>
  putLinkNonce(record: LinkNonceRecord): Promise<void>
  /** Removes the link nonce and returns what it was (`DELETE … RETURNING`): one taker gets it. */
  takeLinkNonce(nonce: string): Promise<LinkNonceRecord | null>
  /**
   * Links `address` to the account, in one transaction holding the account's row: the address's
   * primary key makes a wallet belong to one account at most, so of any number of concurrent links
   * of one wallet exactly one wins.
   */
  linkWallet(parameters: { accountId: string; address: string; family: string | null; now: Date }): Promise<LinkOutcome>
  /**
   * Unlinks `address` from the account and ends the sessions it signed in (they were the account's),
   * in one transaction holding the account's row; refuses the account's last wallet.
   */
  unlinkWallet(parameters: { accountId: string; address: string }): Promise<UnlinkOutcome>
}

/**
 * What the server keeps between requests. Small on purpose: both back ends (embedded PGlite and a
 * Postgres server) run the same SQL (`./sql.ts`). Every method throws a `StoreError` on failure.
 */
export interface Store extends EmbeddedWalletStore, AccountStore {
  readonly kind: 'pglite' | 'postgres'
  /**
   * Records a freshly issued nonce. With `counted`, in the same statement (one round trip), first
   * counts the request against the browser's counter (when given), then against the client's only
   * when the browser is within its limit, and saves the nonce only when every count made is within
   * its limit: what `hit` twice and a plain insert did, in that order, in three.
   */
  putNonce(record: NonceRecord, counted?: NonceCounts): Promise<NonceCountsResult>
  /**
   * Removes the nonce and returns what it was, in one statement (`DELETE … RETURNING`): of any number
   * of concurrent callers exactly one gets the record, the others get null. Expired records are
   * returned too, so the caller can say "expired" rather than "unknown".
   */
  takeNonce(nonce: string): Promise<NonceRecord | null>
  /** Counts one attempt against `key` in a fixed window of `windowMs` starting at the first hit. */
  hit(key: string, windowMs: number, now: Date): Promise<RateLimitHit>
  /**
   * The store's whole part of a sign-in before the signature check, in one statement (one round
   * trip): counts the client's attempt, burns the nonce (`takeNonce`), and only when that nonce was
   * live and issued to this browser (`binding`) counts the attempt against the address, so junk
   * naming someone's address never touches their count. With `attempt.session` it also records the
   * session when all of that passed, so a successful sign-in costs the store one round trip.
   */
  beginSignIn(attempt: SignInAttempt): Promise<SignInAttemptResult>
  /** Records a session after a successful sign-in. */
  putSession(record: SessionRecord): Promise<void>
  /**
   * Whose session this is — its address (lower case) and chain (null on rows from before migration
   * 6) — when it exists and has not expired, else null: one primary-key read. The caller compares
   * them with the cookie's (`sessionRowMatches`, server/session/session.ts).
   */
  sessionOwner(idHash: string, now: Date): Promise<{ address: string; chainId: number | null } | null>
  /**
   * Like `sessionOwner`, and marks the session seen at `now` when its last mark is older than
   * `SESSION_SEEN_RESOLUTION_MS` (one statement; a check within that time writes nothing).
   */
  touchSession(idHash: string, now: Date): Promise<{ address: string; chainId: number | null } | null>
  /**
   * The live sessions of the account that live session `idHash` belongs to (every linked wallet's; the
   * session's own address's alone when it has no account yet), newest first (at most
   * `MAX_LISTED_SESSIONS`); null when `idHash` is not a live session.
   */
  listAddressSessions(idHash: string, now: Date): Promise<SessionListing[] | null>
  /**
   * Revokes session `target` if it is a live session of the same account as live session `idHash`,
   * in one statement: true when it went. A session of another address, an unknown or an expired one
   * revokes nothing.
   */
  revokeSiblingSession(idHash: string, target: string, now: Date): Promise<boolean>
  /** Revokes one session; true when it existed. */
  revokeSession(idHash: string): Promise<boolean>
  /**
   * Revokes every session of the account that session `idHash` belongs to, if it is live, in one
   * statement. Returns how many went (0 when `idHash` is not a live session).
   */
  revokeAddressSessions(idHash: string, now: Date): Promise<number>
  /**
   * Deletes expired nonces, finished rate-limit windows, expired sessions and expired embedded-wallet challenges; expired
   * recovery codes and sessions a day after they expire (until then they answer "expired", not
   * "unknown"). Returns how many rows went.
   */
  cleanup(now: Date): Promise<number>
  /** One round trip that proves the database answers (the health check); throws a `StoreError` if not. */
  ping(): Promise<void>
  close(): Promise<void>
}

/** The little both drivers (PGlite, `pg`) have in common. */
export type Queryable = {
  /** One parameterised statement. */
  query<Row>(sql: string, params?: readonly unknown[]): Promise<{ rows: Row[] }>
  /** Several statements, no parameters (migrations). */
  exec(sql: string): Promise<void>
}
