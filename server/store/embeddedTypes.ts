import type { WalletEvent } from './walletLog'
/**
 * The embedded wallet's rows. Only ciphertext and public facts: the data key is stored sealed to the
 * server's recovery key, the mnemonic sealed under the data key; email codes as HMAC-SHA-256 under a
 * key derived from `EMBEDDED_RECOVERY_KEY`; challenges, session tokens, browser bindings and cancel
 * tokens (all 256- or 128-bit random) as SHA-256.
 */
export type EmbeddedWalletRecord = {
  walletId: string
  /**
   * The normalised email's keyed lookup hash (`hmac-sha256:<kid>:<hex>`, server/embedded/emailAtRest.ts);
   * null only on a row from before migration 9 that the first start has not sealed yet.
   */
  emailHash: string | null
  /** The email sealed under the recovery key for this wallet (`aes-256-gcm:<kid>:…`); null as `emailHash`. */
  emailSealed: string | null
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
  /** The owner's choice (migration 13): false, and the email path never starts a recovery of it. */
  emailRecovery: boolean
  /** The owner's minimum delay before a recovery's key is released, or null (the server's alone). */
  recoveryDelaySeconds: number | null
  /** The language the wallet was made in (one of the app's locales; migration 16), or null when not known. */
  locale: string | null
}

/** What the owner may change from a device that holds the wallet. */
type WalletSettings = { emailRecovery: boolean; recoveryDelaySeconds: number | null }

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
  /**
   * `register`/`recover`/`pair`: a new passkey (creation, email recovery, a device added by pairing);
   * `assert`: a passkey of the wallet proving the device holds it (pairing, approval, the log);
   * `status`: a device signs it to read its wallet's pending recoveries; `veto`: a passkey assertion cancels one.
   */
  purpose: 'register' | 'recover' | 'pair' | 'assert' | 'status' | 'veto'
  walletId: string
  expiresAt: Date
}

/** What an emailed code is for: proving the email before a wallet is made, or recovering a wallet. */
export type EmailCodePurpose = 'verify_email' | 'recovery'

/** A one-time emailed code: its HMAC, the browser it was requested in, its tries. */
export type EmailCodeRecord = {
  requestId: string
  /** The email's keyed lookup hash under the key current when the code was issued. */
  emailHash: string
  /** The email sealed for this code (its request id is the associated data): what a right code proves. */
  emailSealed: string
  purpose: EmailCodePurpose
  /** `hmac-sha256:<key id>:<hex>` (see server/embedded/emailCode.ts). */
  codeHash: string
  /** SHA-256 of the requesting browser's binding cookie. */
  bindingHash: string
  /** Tries so far, this one included when returned by `attemptEmailCode`. */
  attempts: number
  createdAt: Date
  expiresAt: Date
  consumedAt: Date | null
}

/** A session opened by a right code, by SHA-256 of its token: recovery, or a proven email for creating a wallet. */
export type RecoverySessionRecord = {
  tokenHash: string
  /** The proven email's keyed lookup hash (the key current when it was proven). */
  emailHash: string
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
  /** The recovering email's keyed hash (server/embedded/emailAtRest.ts): whose open codes a cancel voids. */
  emailHash: string | null
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
  /** The completion's deadline, set at each key release (the recovery session's 1800 s: docs/connectors/retries-and-timeouts.md#embedded-wallet-the-server). */
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
  /** A live code, but this browser is not the one that asked for it: nothing was counted anywhere. */
  | { kind: 'other_browser' }
  /** The code's tries are used up: refused without counting or judging. */
  | { kind: 'locked'; scope: 'code' }
  /** This browser's tries at the email's codes are used up until `until`: refused without counting. */
  | { kind: 'locked'; scope: 'binding'; until: Date }
  /**
   * The tries at the email's codes from browsers it does not know (none used a code of it lately) are
   * used up until `until`, over every code and browser: refused without counting.
   */
  | { kind: 'locked'; scope: 'email'; until: Date }
  /** Counted against the code and this browser's tries at the email before any comparison: judge it now. */
  | { kind: 'counted'; record: EmailCodeRecord; bindingTries: number; bindingResetAt: Date; /** Counted against the email's tries from unknown browsers too. */ emailCounted: boolean }

type CodeAttemptLimits = {
  /** Tries per code. */
  maxAttempts: number
  /** This browser's tries across the email's codes: its `sigil_rate_limits` key (from the code's email hash), cap and window. */
  triesKey: (emailHash: string) => string
  triesMax: number
  triesWindowMs: number
  /**
   * Tries at the email's codes from every browser it does not know, over all its codes and purposes:
   * the `sigil_rate_limits` key, cap and window. A browser that used a code of the email since
   * `knownSince` (the owner's) is not counted here, so a stranger spending this cannot lock it out.
   */
  email?: { key: (emailHash: string) => string; max: number; windowMs: number; knownSince: Date } | undefined
}

/** A wallet row from before migration 9: its plain email, to be sealed (`sealWalletEmail`). */
type PlainEmailWallet = { walletId: string; email: string }

/** What a wallet's email becomes at rest. */
type SealedWalletEmail = { emailHash: string; emailSealed: string }

/**
 * One "add a device" pairing (migration 10): opened by a device holding the wallet, claimed by the new
 * device with the code, approved by the first with the data key sealed to the new device's one-time
 * key, completed when the new device's passkey is recorded. The code, the owner's and the claimant's
 * tokens are kept as SHA-256; the sealed key is ciphertext only the claimant's key opens, and is
 * dropped once the pairing completes.
 */
export type PairingRecord = {
  pairingId: string
  walletId: string
  codeHash: string
  ownerHash: string
  createdAt: Date
  expiresAt: Date
  claimHash: string | null
  /** The new device's one-time P-256 public key (base64url), once claimed. */
  claimantKey: string | null
  claimedAt: Date | null
  /** JSON of the data key sealed to `claimantKey` (`{epk, iv, ct}`), once approved, until completed. */
  sealedKey: string | null
  /** JSON of the mnemonic sealed under the data key (`{iv, ct}`), relayed as the first device holds it. */
  sealedVault: string | null
  approvedAt: Date | null
  credentialId: string | null
  completedAt: Date | null
  cancelledAt: Date | null
  /** The opening device's browser and coarse place (migration 15; null for older rows). */
  ownerBrowser: string | null
  ownerPlace: string | null
}

export type ClaimPairingOutcome = { kind: 'claimed'; record: PairingRecord } | { kind: 'unknown' } | { kind: 'expired' } | { kind: 'used' }
export type ApprovePairingOutcome = 'approved' | 'unknown' | 'expired' | 'not_claimed' | 'used'
export type CompletePairingOutcome = 'completed' | 'unknown' | 'expired' | 'not_approved' | 'used' | 'credential_exists'

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
  createEmbeddedWallet(wallet: NewWallet & { emailVerifiedAt?: Date | null }, credential: EmbeddedCredentialRecord): Promise<boolean>
  /**
   * In one transaction, serialised per email: uses up the browser's email-verification session for
   * the wallet's email (its hash under any key of the ring, `check.emailHashes`), checks the email has fewer than `maxPerEmail` verified wallets, records the wallet
   * (verified now) and its first passkey. Any refusal leaves nothing changed.
   */
  createVerifiedWallet(
    wallet: NewWallet,
    credential: EmbeddedCredentialRecord,
    check: { sessionHash: string; emailHashes: readonly string[]; maxPerEmail: number; now: Date },
  ): Promise<CreateWalletOutcome>
  getEmbeddedWallet(walletId: string): Promise<EmbeddedWalletRecord | null>
  /** The verified wallets (the recoverable ones) of an email, by its hashes under each key of the ring, oldest first, at most `limit`. */
  listRecoverableWallets(emailHashes: readonly string[], limit: number): Promise<EmbeddedWalletRecord[]>
  /** Adds a passkey to a wallet; false when the credential id is known already. */
  addEmbeddedCredential(credential: EmbeddedCredentialRecord): Promise<boolean>
  listEmbeddedCredentials(walletId: string): Promise<EmbeddedCredentialRecord[]>
  putEmbeddedChallenge(record: EmbeddedChallengeRecord): Promise<void>
  /** Removes and returns a challenge in one statement (one taker wins); expired ones are returned too. */
  takeEmbeddedChallenge(challengeHash: string): Promise<EmbeddedChallengeRecord | null>
  /**
   * Issues a code in one statement: it replaces the live code of the same email, purpose and browser
   * binding (a partial unique index keeps at most one), even when requests race. Another browser's
   * code of the same email is never touched.
   */
  issueEmailCode(record: Omit<EmailCodeRecord, 'attempts' | 'consumedAt'>): Promise<void>
  /**
   * Counts one try in one transaction, before the caller compares anything — but only from the
   * browser the code was issued to (`bindingHash`): any other gets `other_browser`, counted nowhere.
   * The code's tries (up to `maxAttempts`) and this browser's at the email (up to `triesMax` per
   * window) go up together or not at all. At a cap nothing is counted and the answer is `locked`, so
   * N parallel tries count exactly the cap.
   */
  attemptEmailCode(requestId: string, purpose: EmailCodePurpose, bindingHash: string | null, limits: CodeAttemptLimits, now: Date): Promise<CodeAttempt>
  /** Marks a code used and remembers its browser as one that proved the email (`isKnownBinding`); true for exactly one caller. */
  /**
   * Uses the code up and remembers its browser as one that proved the email. `refundKey`: the
   * `sigil_rate_limits` counter the try was counted in that only wrong tries should spend (the email's
   * tries from unknown browsers), given back one in the same statement.
   */
  consumeEmailCode(requestId: string, now: Date, refundKey?: string): Promise<boolean>
  /** Whether this browser binding used a code of this email (hash) since `since`. */
  isKnownBinding(emailHash: string, bindingHash: string, since: Date): Promise<boolean>
  /** Marks every live code of the email (hash) and `purpose` used (a cancelled recovery). Returns how many. */
  voidEmailCodes(emailHash: string, purpose: EmailCodePurpose, now: Date): Promise<number>
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
  /** The same, for every embedded wallet of `address` (any case): what its signed-in owner is shown in the app. */
  listPendingRecoveriesOfAddress(address: string, now: Date): Promise<RecoveryRecord[]>
  /**
   * Records the owner's recovery settings and appends `settings_changed` (with the new values) to the
   * wallet's log, and applies them to the recoveries still waiting, in one transaction: email
   * recovery off cancels them; otherwise each waits `waitingReleaseDelaySeconds` from its start at
   * least (the server's delay or the owner's, the longer). False when there is no such wallet.
   */
  updateWalletSettings(walletId: string, settings: WalletSettings, now: Date, waitingReleaseDelaySeconds: number): Promise<boolean>
  /** Records a passkey's signature counter after a verified assertion. */
  updateCredentialCounter(credentialId: string, counter: number): Promise<void>
  /**
   * The wallet's event log, oldest first (lib/embedded/walletLog.ts): created, recovery started, key
   * released, recovery completed or cancelled, device added — each appended in the transaction of the change it records.
   */
  listWalletEvents(walletId: string): Promise<WalletEvent[]>
  /** Opens a pairing (its code hash is unique: false if the code collides with a live one). */
  createPairing(record: Pick<PairingRecord, 'pairingId' | 'walletId' | 'codeHash' | 'ownerHash' | 'createdAt' | 'expiresAt' | 'ownerBrowser' | 'ownerPlace'>): Promise<boolean>
  /** A live, unclaimed pairing by its code (what its link names before the user claims it), or why not. */
  peekPairing(codeHash: string, now: Date): Promise<{ kind: 'live'; record: PairingRecord } | { kind: 'unknown' | 'expired' | 'used' }>
  getPairing(pairingId: string): Promise<PairingRecord | null>
  /**
   * The new device's claim, in one statement: a live, unclaimed, uncancelled pairing of this code
   * takes the claimant's key and token. Of any number of claims racing, exactly one wins.
   */
  claimPairing(codeHash: string, claim: { claimHash: string; claimantKey: string }, now: Date): Promise<ClaimPairingOutcome>
  /** The first device's approval: stores the sealed key of a claimed, live pairing, once. */
  approvePairing(pairingId: string, ownerHash: string, sealed: { sealedKey: string; sealedVault: string }, now: Date): Promise<ApprovePairingOutcome>
  /**
   * In one transaction: an approved, live pairing of this claimant is completed once, the new passkey
   * recorded, the sealed key dropped and `device_added` appended to the wallet's log.
   */
  completePairing(pairingId: string, claimHash: string, credential: EmbeddedCredentialRecord, now: Date): Promise<CompletePairingOutcome>
  /** Cancels a pairing that has not completed (the first device said no); true when it did. */
  cancelPairing(pairingId: string, ownerHash: string, now: Date): Promise<boolean>
  /** Wallets in wallet id order after `afterWalletId` (paging for the re-seal procedure). */
  listWalletsAfter(afterWalletId: string, limit: number): Promise<EmbeddedWalletRecord[]>
  /** Replaces a wallet's recovery envelope if it is still `expected` (compare-and-set); true when replaced. */
  replaceRecoveryEnvelope(walletId: string, expected: string, replacement: string): Promise<boolean>
  /** Wallets that still hold a plain email (rows from before migration 9), at most `limit`. */
  listPlainEmailWallets(limit: number): Promise<PlainEmailWallet[]>
  /**
   * Sets a wallet's email hash and sealed email and clears any plain email, if the row still holds
   * `expected` (its plain email, or its sealed one): compare-and-set, true when changed.
   */
  sealWalletEmail(walletId: string, expected: { plain: string } | { sealed: string }, next: SealedWalletEmail): Promise<boolean>
}

/** A wallet as it is recorded: its email only as a hash and a ciphertext. */
export type NewWallet = Omit<EmbeddedWalletRecord, 'emailVerifiedAt' | 'emailHash' | 'emailSealed' | 'emailRecovery' | 'recoveryDelaySeconds' | 'locale'> &
  SealedWalletEmail & { locale?: string | null | undefined }
