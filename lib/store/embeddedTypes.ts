/**
 * The embedded wallet's rows. Only ciphertext and public facts: the data key is stored sealed to the
 * server's recovery key, the mnemonic sealed under the data key; codes, challenges and recovery
 * session tokens only as SHA-256 hashes.
 */
export type EmbeddedWalletRecord = {
  walletId: string
  /** Normalised (trimmed, lowercased). */
  email: string
  address: string
  /** JSON of the data key sealed to the recovery public key (`{epk, iv, ct}`). */
  recoveryEnvelope: string
  /** JSON of the mnemonic sealed under the data key (`{iv, ct}`). */
  vault: string
  createdAt: Date
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
  purpose: 'register' | 'recover'
  walletId: string
  expiresAt: Date
}

/** A one-time recovery code, by SHA-256 of request id and code. */
export type RecoveryCodeRecord = {
  requestId: string
  email: string
  codeHash: string
  /** Attempts so far, this one included when returned by `attemptRecoveryCode`. */
  attempts: number
  createdAt: Date
  expiresAt: Date
  consumedAt: Date | null
}

/** A recovery session, by SHA-256 of its token; valid for email recovery only. */
export type RecoverySessionRecord = {
  tokenHash: string
  email: string
  purpose: 'email_recovery'
  createdAt: Date
  expiresAt: Date
  consumedAt: Date | null
}

/** The store's embedded-wallet methods (part of `Store`). Every method throws a `StoreError` on failure. */
export interface EmbeddedWalletStore {
  /** Records a wallet and its first passkey in one statement; false when the wallet id exists already. */
  createEmbeddedWallet(wallet: EmbeddedWalletRecord, credential: EmbeddedCredentialRecord): Promise<boolean>
  getEmbeddedWallet(walletId: string): Promise<EmbeddedWalletRecord | null>
  /** The wallets recorded for an email, oldest first. */
  listEmbeddedWallets(email: string): Promise<EmbeddedWalletRecord[]>
  /** Adds a passkey to a wallet (recovery); false when the credential id is known already. */
  addEmbeddedCredential(credential: EmbeddedCredentialRecord): Promise<boolean>
  listEmbeddedCredentials(walletId: string): Promise<EmbeddedCredentialRecord[]>
  putEmbeddedChallenge(record: EmbeddedChallengeRecord): Promise<void>
  /** Removes and returns a challenge in one statement (one taker wins); expired ones are returned too. */
  takeEmbeddedChallenge(challengeHash: string): Promise<EmbeddedChallengeRecord | null>
  putRecoveryCode(record: Omit<RecoveryCodeRecord, 'attempts' | 'consumedAt'>): Promise<void>
  /**
   * Marks every unused code of `email` used (a new code was issued: only the newest one counts, so
   * guesses cannot be spread over several live codes). Returns how many were voided.
   */
  voidRecoveryCodes(email: string, now: Date): Promise<number>
  /** The count of a live rate-limit window (`hit`'s key), without counting; 0 when none. */
  rateLimitCount(key: string, now: Date): Promise<number>
  /**
   * Counts one attempt on an unconsumed code and returns the row as it is after the count, in one
   * statement (concurrent guesses each count); null when unknown or already used.
   */
  attemptRecoveryCode(requestId: string): Promise<RecoveryCodeRecord | null>
  /** Marks a code used; true for exactly one caller. */
  consumeRecoveryCode(requestId: string, now: Date): Promise<boolean>
  putRecoverySession(record: Omit<RecoverySessionRecord, 'consumedAt'>): Promise<void>
  getRecoverySession(tokenHash: string): Promise<RecoverySessionRecord | null>
  /** Ends a live session: true for exactly one caller, false once used or expired (`expires_at > now`, in the same statement). */
  consumeRecoverySession(tokenHash: string, now: Date): Promise<boolean>
}
