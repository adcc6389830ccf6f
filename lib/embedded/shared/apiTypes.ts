import type { AuthenticationResponseJSON, PublicKeyCredentialCreationOptionsJSON, RegistrationResponseJSON } from '@simplewebauthn/browser'
import type { Address } from 'viem'
import type { Sealed } from '@/lib/embedded/shared/crypto/keyWrapping'
import type { Envelope } from '@/lib/embedded/shared/crypto/sealToPublicKey'

/** The embedded wallet's API (`app/api/embedded/*`): paths and JSON bodies, shared by browser and server. */
export const embeddedApiPaths = {
  emailCode: '/api/embedded/wallets/email/code',
  emailVerify: '/api/embedded/wallets/email/verify',
  walletOptions: '/api/embedded/wallets/options',
  wallets: '/api/embedded/wallets',
  recoveryCode: '/api/embedded/recovery/code',
  recoveryVerify: '/api/embedded/recovery/verify',
  recoveryStart: '/api/embedded/recovery/start',
  recoveryPending: '/api/embedded/recovery/pending',
  recoveryKey: '/api/embedded/recovery/key',
  recoveryComplete: '/api/embedded/recovery/complete',
  /** GET: the page of the owner's cancel link (`?token=`); POST (a form): cancels. */
  recoveryCancel: '/api/embedded/recovery/cancel',
  /** An owner's device: a challenge to sign (`status`) or to assert with the passkey (`veto`). */
  walletRecoveriesChallenge: '/api/embedded/wallets/recoveries/challenge',
  /** An owner's device: its wallet's pending recoveries, for a signature of the wallet's key. */
  walletRecoveries: '/api/embedded/wallets/recoveries',
  /** An owner's device: cancels one, for a passkey assertion of the wallet. */
  walletRecoveriesCancel: '/api/embedded/wallets/recoveries/cancel',
} as const

/**
 * POST emailCode `{email}` → 202: a code is mailed to prove the email before a wallet is made. The
 * answer sets an httpOnly cookie binding the code to this browser.
 */
export type EmailCodeRequest = { email: string }
export type EmailCodeResponse = { requestId: string; expiresInSeconds: number }

/** POST emailVerify → the email is proven: an httpOnly cookie lets this browser create one wallet for it. */
export type EmailVerifyRequest = { requestId: string; code: string }
export type EmailVerifyResponse = { email: string; expiresAt: string }

/** POST walletOptions `{email}` (a proven email) → a new wallet id, the passkey's creation options, the recovery public key. */
export type WalletOptionsRequest = { email: string }
export type WalletOptionsResponse = {
  walletId: string
  options: PublicKeyCredentialCreationOptionsJSON
  /** base64url uncompressed P-256 key the data key is sealed to for email recovery. */
  recoveryPublicKey: string
}

/** POST wallets: the new wallet (verified registration, wrapped key, sealed mnemonic). */
export type CreateWalletRequest = {
  walletId: string
  email: string
  address: Address
  registration: RegistrationResponseJSON
  /** The data key sealed to the recovery public key. */
  recovery: Envelope
  /** The mnemonic sealed under the data key. */
  vault: Sealed
}
export type CreateWalletResponse = { walletId: string; address: Address }

/** POST recoveryCode `{email}` → always 202 `{requestId}` (whether or not a wallet exists for the email); binds the code to this browser. */
export type RecoveryCodeRequest = { email: string }
export type RecoveryCodeResponse = { requestId: string; expiresInSeconds: number }

/** POST recoveryVerify → the wallets of that email, and a recovery session cookie. */
export type RecoveryVerifyRequest = { requestId: string; code: string }
export type RecoveryVerifyResponse = {
  /** The email's verified wallets, oldest first; `createdAt` (ISO 8601) helps the user pick theirs. Never chosen for the user. */
  wallets: { walletId: string; address: Address; createdAt: string }[]
  expiresAt: string
}

/**
 * POST recoveryStart `{walletId}` (in a recovery session) → the recovery is started: the owner is
 * mailed a notice with a cancel link, and the key is released from `releaseAt` on (the delay,
 * `EMBEDDED_RECOVERY_DELAY`). Sets an httpOnly cookie naming this recovery that outlives the delay.
 * A second start for the same session and wallet answers the first one (200, no new cookie).
 */
export type RecoveryStartRequest = { walletId: string }
export type RecoveryStatus = {
  walletId: string
  address: Address
  state: 'started' | 'cancelled' | 'completed'
  startedAt: string
  releaseAt: string
  /** Whole seconds until `releaseAt` (0 once it passed), by the server's clock. */
  secondsLeft: number
}
export type RecoveryStartResponse = RecoveryStatus

/** POST recoveryPending `{walletId?}` (with the cookie of recoveryStart) → where this browser's recovery stands (its newest without a wallet id). */
export type RecoveryPendingRequest = { walletId?: string }
export type RecoveryPendingResponse = RecoveryStatus

/** POST walletRecoveriesChallenge `{walletId, purpose}` → a single-use challenge (330 s) for that wallet and purpose. */
export type WalletRecoveriesChallengeRequest = { walletId: string; purpose: 'status' | 'veto' }
export type WalletRecoveriesChallengeResponse = { challenge: string }

/** POST walletRecoveries `{walletId, challenge, signature}`: the signature of `deviceProofMessage` by the wallet's key. */
export type WalletRecoveriesRequest = { walletId: string; challenge: string; signature: `0x${string}` }
export type PendingRecovery = { recoveryId: string; startedAt: string; releaseAt: string; browser: string; place: string | null }
export type WalletRecoveriesResponse = { recoveries: PendingRecovery[] }

/** POST walletRecoveriesCancel `{walletId, recoveryId, assertion}`: a passkey assertion over a `veto` challenge. */
export type WalletRecoveriesCancelRequest = { walletId: string; recoveryId: string; assertion: AuthenticationResponseJSON }
export type WalletRecoveriesCancelResponse = { recoveryId: string; state: 'cancelled' }

/** POST recoveryKey (with the cookie of recoveryStart, once the delay passed) → the data key sealed to `publicKey`, the sealed mnemonic, new passkey options. */
export type RecoveryKeyRequest = { walletId: string; publicKey: string }
export type RecoveryKeyResponse = {
  walletId: string
  address: Address
  email: string
  wrappedKey: Envelope
  vault: Sealed
  options: PublicKeyCredentialCreationOptionsJSON
}

/** POST recoveryComplete (with the cookie of recoveryStart, after the key) → the new passkey is recorded; the recovery is completed. */
export type RecoveryCompleteRequest = { walletId: string; registration: RegistrationResponseJSON }
export type RecoveryCompleteResponse = { walletId: string; address: Address }

/** Error answers: `{code, message}` (+ `attemptsLeft` for a wrong code, `retryable` for 429/503). */
export type EmbeddedApiErrorBody = { code: string; message: string; attemptsLeft?: number; retryable?: boolean }
