import type { WalletEvent } from './walletLog'
/**
 * The embedded wallet's rows. Only ciphertext and public facts: the data key is stored sealed to the
 * server's recovery key, the mnemonic sealed under the data key; email codes as HMAC-SHA-256 under a
 * key derived from `EMBEDDED_RECOVERY_KEY`; challenges, session tokens, browser bindings and cancel
 * tokens (all 256- or 128-bit random) as SHA-256.
 */
export type EmbeddedWalletRecord = {
  walletId: string
  /** Normalised (trimmed, lowercased). */
  email: string
  address: string
  /** JSON of the data key sealed to a recovery public key (`{kid, epk, iv, ct}`; no `kid` before rotation existed). */
  recoveryEnvelope: string
  /** JSON of the mnemonic sealed under the data key (`{iv, ct}`). */
  vault: string
  createdAt: Date
  /**
   * When the email was proven by a code at creation; null for wallets made before verification
   * existed (or recorded without it): those are never offered for email recovery.
   */
  emailVerifiedAt: Date | null
}

export type EmbeddedCredentialRecord = {
  /** base64url credential id. */
  credentialId: string
  walletId: string
  /** base64url COSE public key. */
  publicKey: string
  counter: number
  /** Comma-separated WebAuthn transports. */
  transports: string
  createdAt: Date
}

/** A WebAuthn challenge the server issued, by its SHA-256; single use. */
export type EmbeddedChallengeRecord = {
  challengeHash: string
  /** `status`: a device signs it to read its wallet's pending recoveries; `veto`: a passkey assertion cancels one. */
  purpose: 'register' | 'recover' | 'status' | 'veto'
  walletId: string
  expiresAt: Date
}

/** What an emailed code is for: proving the email before a wallet is made, or recovering a wallet. */
export type EmailCodePurpose = 'verify_email' | 'recovery'

/** A one-time emailed code: its HMAC, the browser it was requested in, its tries. */
export type EmailCodeRecord = {
  requestId: string
  email: string
  purpose: EmailCodePurpose
  /** `hmac-sha256:<key id>:<hex>` (see lib/embedded/emailCode.ts). */
  codeHash: string
  /** SHA-256 of the requesting browser's binding cookie; null only for rows older than the binding. */
  bindingHash: string | null
  /** Tries so far, this one included when returned by `attemptEmailCode`. */
  attempts: number
  createdAt: Date
  expiresAt: Date
  consumedAt: Date | null
}

/** A session opened by a right code, by SHA-256 of its token: recovery, or a proven email for creating a wallet. */
export type RecoverySessionRecord = {
  tokenHash: string
  email: string
  purpose: 'email_recovery' | 'email_verification'
  createdAt: Date
  expiresAt: Date
  consumedAt: Date | null
}

/** Where a recovery is: waiting for its delay (or finishable once it passed), cancelled, or finished. */
export type RecoveryState = 'started' | 'cancelled' | 'completed'

/**
 * One email recovery of a wallet: started by a browser that entered a right recovery code, its key
 * released only from `releaseAt` on (`EMBEDDED_RECOVERY_DELAY` after the start), unless the owner
 * cancels it first — by the link mailed at the start (by SHA-256 of its 128-bit token) or with a
 * passkey touch on a device that holds the wallet (by `recoveryId`).
 */
export type RecoveryRecord = {
  /** Random, 128-bit: names the recovery to the owner's devices (never a secret by itself). */
  recoveryId: string
  cancelHash: string
  /** SHA-256 of the recovering browser's pending-recovery token (its cookie, which outlives the delay). */
  tokenHash: string
  /** SHA-256 of the recovery session that started it: one start per session and wallet. */
  sessionHash: string
  walletId: string
  email: string
  state: RecoveryState
  startedAt: Date
  /** Not before this is the key released. */
  releaseAt: Date
  /** Until then the cancel link works and the recovering browser may finish. */
  cancelExpiresAt: Date
  /** The starting browser as a name and a system ("Chrome on Linux"): never the raw User-Agent. */
  browser: string
  /** A coarse place (a country code) when a trusted proxy header gave one; never an IP address. */
  place: string | null
  /** When the key was first released to the recovering browser. */
  keyReleasedAt: Date | null
  /** The completion's deadline, set at each key release (the recovery session's 1800 s, SPEC.md §9). */
  finishBy: Date | null
  /** The passkey the recovery added, once it completed. */
  credentialId: string | null
  completedAt: Date | null
  cancelledAt: Date | null
}

/** What the key release and the completion found. `open`: the delay passed and nothing stopped it. */
export type RecoveryGate =
  | { kind: 'open'; record: RecoveryRecord; first: boolean }
  | { kind: 'unknown' }
  | { kind: 'too_early' | 'cancelled' | 'already_completed' | 'expired' | 'not_released'; record: RecoveryRecord }

export type StartRecoveryOutcome = { kind: 'started' | 'exists'; record: RecoveryRecord } | { kind: 'session_invalid' }

/** How one try at a code was counted. */
export type CodeAttempt =
  /** No such code, or used (or replaced by a newer one). Nothing was counted. */
  | { kind: 'unknown' }
  /** The code's or the email's tries are used up: refused without counting or judging. */
  | { kind: 'locked'; scope: 'code' | 'email' }
  /** Counted against the code and the email before any comparison: judge it now. */
  | { kind: 'counted'; record: EmailCodeRecord; emailTries: number }

export type CodeAttemptLimits = {
  /** Tries per code. */
  maxAttempts: number
  /** The email's tries across its codes: its `sigil_rate_limits` key (from the code's email), cap and window. */
  emailKey: (email: string) => string
  emailMax: number
  emailWindowMs: number
}

export type CreateWalletOutcome = 'created' | 'exists' | 'unverified' | 'limit'
export type CompleteRecoveryOutcome = Exclude<RecoveryGate, { kind: 'open' }> | { kind: 'completed'; record: RecoveryRecord } | { kind: 'credential_exists' }
export type CancelRecoveryOutcome =
  | { kind: 'cancelled'; record: RecoveryRecord }
  | { kind: 'unknown' }
  | { kind: 'expired' | 'already_cancelled' | 'already_completed'; record: RecoveryRecord }

/** The store's embedded-wallet methods (part of `Store`). Every method throws a `StoreError` on failure. */
export interface EmbeddedWalletStore {
  /**
   * Records a wallet and its first passkey as given, in one statement, with no checks: false when the
   * wallet id exists already. For tests and imports; the API creates wallets with `createVerifiedWallet`.
   */
  createEmbeddedWallet(wallet: Omit<EmbeddedWalletRecord, 'emailVerifiedAt'> & { emailVerifiedAt?: Date | null }, credential: EmbeddedCredentialRecord): Promise<boolean>
  /**
   * In one transaction, serialised per email: uses up the browser's email-verification session for
   * `wallet.email`, checks the email has fewer than `maxPerEmail` verified wallets, records the wallet
   * (verified now) and its first passkey. Any refusal leaves nothing changed.
   */
  createVerifiedWallet(
    wallet: Omit<EmbeddedWalletRecord, 'emailVerifiedAt'>,
    credential: EmbeddedCredentialRecord,
    check: { sessionHash: string; maxPerEmail: number; now: Date },
  ): Promise<CreateWalletOutcome>
  getEmbeddedWallet(walletId: string): Promise<EmbeddedWalletRecord | null>
  /** The email's verified wallets (the recoverable ones), oldest first, at most `limit`. */
  listRecoverableWallets(email: string, limit: number): Promise<EmbeddedWalletRecord[]>
  /** Adds a passkey to a wallet; false when the credential id is known already. */
  addEmbeddedCredential(credential: EmbeddedCredentialRecord): Promise<boolean>
  listEmbeddedCredentials(walletId: string): Promise<EmbeddedCredentialRecord[]>
  putEmbeddedChallenge(record: EmbeddedChallengeRecord): Promise<void>
  /** Removes and returns a challenge in one statement (one taker wins); expired ones are returned too. */
  takeEmbeddedChallenge(challengeHash: string): Promise<EmbeddedChallengeRecord | null>
  /**
   * Issues a code in one statement: it replaces the email's live code of the same purpose (a partial
   * unique index keeps at most one), so guesses cannot be spread over several live codes, even when
   * requests race.
   */
  issueEmailCode(record: Omit<EmailCodeRecord, 'attempts' | 'consumedAt'>): Promise<void>
  /**
   * Counts one try in one transaction, before the caller compares anything: the code's tries (up to
   * `maxAttempts`) and the email's (up to `emailMax` per window) go up together or not at all. At a
   * cap nothing is counted and the answer is `locked`, so N parallel tries count exactly the cap.
   */
  attemptEmailCode(requestId: string, purpose: EmailCodePurpose, limits: CodeAttemptLimits, now: Date): Promise<CodeAttempt>
  /** Marks a code used; true for exactly one caller. */
  consumeEmailCode(requestId: string, now: Date): Promise<boolean>
  /** Marks every live code of `email` and `purpose` used (a cancelled recovery). Returns how many. */
  voidEmailCodes(email: string, purpose: EmailCodePurpose, now: Date): Promise<number>
  putRecoverySession(record: Omit<RecoverySessionRecord, 'consumedAt'>): Promise<void>
  getRecoverySession(tokenHash: string): Promise<RecoverySessionRecord | null>
  /** Ends a live session: true for exactly one caller, false once used or expired (`expires_at > now`, in the same statement). */
  consumeRecoverySession(tokenHash: string, now: Date): Promise<boolean>
  /**
   * Starts a recovery in a live recovery session (one per session and wallet: a second start answers
   * `exists` with the first), and logs `recovery_started`.
   */
  startRecovery(record: Omit<RecoveryRecord, 'state' | 'keyReleasedAt' | 'finishBy' | 'credentialId' | 'completedAt' | 'cancelledAt'>, now: Date): Promise<StartRecoveryOutcome>
  /** The recovery (of `walletId` when given) behind a pending-recovery token, whatever its state; the newest. */
  getRecoveryByToken(tokenHash: string, walletId?: string): Promise<RecoveryRecord | null>
  /**
   * The key release's gate, in one transaction with the row locked: `open` only when the recovery is
   * started, its delay passed and its time not over; each opening sets the completion's deadline
   * (`finishBy`), the first also records the release and logs `recovery_key_released`.
   */
  releaseRecoveryKey(tokenHash: string, walletId: string, now: Date, finishBy: Date): Promise<RecoveryGate>
  /**
   * In one transaction with the row locked: refuses unless the recovery is started, its delay passed,
   * its key was released and the completion's deadline (`finishBy`) and its time are not over; then adds the passkey, marks it completed and logs
   * `recovery_completed`. Of any number racing, exactly one completes. Any refusal changes nothing.
   */
  completeRecovery(tokenHash: string, credential: EmbeddedCredentialRecord, now: Date): Promise<CompleteRecoveryOutcome>
  getRecoveryByCancelHash(cancelHash: string): Promise<RecoveryRecord | null>
  /**
   * The cancel link, in one transaction: a started recovery becomes cancelled (its session ends, the
   * email's live recovery codes are voided, `recovery_cancelled` is logged). Once only; a finished
   * recovery is not undone.
   */
  cancelRecovery(cancelHash: string, now: Date): Promise<CancelRecoveryOutcome>
  /** The same cancel, from an owner's device (its passkey verified by the caller): by the recovery's id, within its wallet. */
  vetoRecovery(walletId: string, recoveryId: string, now: Date): Promise<CancelRecoveryOutcome>
  /** The wallet's started recoveries whose time is not over, oldest first. */
  listPendingRecoveries(walletId: string, now: Date): Promise<RecoveryRecord[]>
  /** Records a passkey's signature counter after a verified assertion. */
  updateCredentialCounter(credentialId: string, counter: number): Promise<void>
  /**
   * The wallet's event log, oldest first (lib/store/walletLog.ts): created, recovery started, key
   * released, recovery completed or cancelled — each appended in the transaction of the change it records.
   */
  listWalletEvents(walletId: string): Promise<WalletEvent[]>
  /** Wallets in wallet id order after `afterWalletId` (paging for the re-seal procedure). */
  listWalletsAfter(afterWalletId: string, limit: number): Promise<EmbeddedWalletRecord[]>
  /** Replaces a wallet's recovery envelope if it is still `expected` (compare-and-set); true when replaced. */
  replaceRecoveryEnvelope(walletId: string, expected: string, replacement: string): Promise<boolean>
}
