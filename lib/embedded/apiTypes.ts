import type { AuthenticationResponseJSON, PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON, RegistrationResponseJSON } from '@simplewebauthn/browser'
import type { Address } from 'viem'
import type { Sealed } from '@/lib/embedded/crypto/keyWrapping'
import type { Envelope } from '@/lib/embedded/crypto/sealToPublicKey'

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
  /** A challenge for one of the wallet's passkeys (adding a device, approving it, reading the log). */
  deviceChallenge: '/api/embedded/devices/challenge',
  pairings: '/api/embedded/devices/pairings',
  pairingStatus: '/api/embedded/devices/pairings/status',
  pairingApprove: '/api/embedded/devices/pairings/approve',
  pairingCancel: '/api/embedded/devices/pairings/cancel',
  pairingClaim: '/api/embedded/devices/claim',
  pairingPeek: '/api/embedded/devices/peek',
  pairingPackage: '/api/embedded/devices/package',
  pairingComplete: '/api/embedded/devices/complete',
  walletLog: '/api/embedded/wallets/log',
  walletSettings: '/api/embedded/wallets/settings',
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
type EmailCodeRequest = { email: string }
export type EmailCodeResponse = { requestId: string; expiresInSeconds: number }

/** POST emailVerify → the email is proven: an httpOnly cookie lets this browser create one wallet for it. */
type EmailVerifyRequest = { requestId: string; code: string }
export type EmailVerifyResponse = { email: string; expiresAt: string }

/** POST walletOptions `{email}` (a proven email) → a new wallet id, the passkey's creation options, the recovery public key. */
type WalletOptionsRequest = { email: string }
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
type RecoveryCodeRequest = { email: string }
export type RecoveryCodeResponse = { requestId: string; expiresInSeconds: number }

/** POST recoveryVerify → the wallets of that email, and a recovery session cookie. */
type RecoveryVerifyRequest = { requestId: string; code: string }
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
type RecoveryStartRequest = { walletId: string }
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

/**
 * POST recoveryPending `{walletId?}` (with the cookie of recoveryStart) → where this browser's recovery
 * stands (its newest without a wallet id); `{state: 'none'}` for a browser that started none (a normal
 * answer, not a refusal: the vault asks on every open).
 */
type RecoveryPendingRequest = { walletId?: string }
export type RecoveryPendingResponse = RecoveryStatus | { state: 'none' }

/** POST walletRecoveriesChallenge `{walletId, purpose}` → a single-use challenge (330 s) for that wallet and purpose. */
type WalletRecoveriesChallengeRequest = { walletId: string; purpose: 'status' | 'veto' }
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

/** POST deviceChallenge `{walletId}` → request options with a single-use challenge for that wallet. */
type DeviceChallengeRequest = { walletId: string }
export type DeviceChallengeResponse = { options: PublicKeyCredentialRequestOptionsJSON }

/**
 * POST pairings (the device holding the wallet; an assertion of one of its passkeys) → a pairing:
 * its code (shown and put in the QR code's link) and the owner's token for the next steps.
 */
export type PairingStartRequest = { walletId: string; assertion: AuthenticationResponseJSON }
export type PairingStartResponse = {
  pairingId: string
  code: string
  ownerToken: string
  expiresAt: string
  /** The vault link the QR code carries (`<vault>/#pair=<code>`) and the QR code's modules as one SVG path. */
  link: string
  qr: { size: number; path: string }
}

/** POST pairingStatus (owner) → waiting for a device, or the claiming device's one-time public key. */
type PairingStatusRequest = { pairingId: string; ownerToken: string }
export type PairingStatusResponse = { state: 'waiting' } | { state: 'claimed'; publicKey: string } | { state: 'approved' } | { state: 'completed' }

/** POST pairingApprove (owner, a fresh assertion): the data key sealed to the claimant's key, and the sealed mnemonic. */
export type PairingApproveRequest = { pairingId: string; ownerToken: string; walletId: string; assertion: AuthenticationResponseJSON; sealedKey: Envelope; vault: Sealed }
export type PairingApproveResponse = { state: 'approved' }
type PairingCancelRequest = { pairingId: string; ownerToken: string }

/** POST pairingPeek (a pairing link, before the user claims it) `{code}` → where the pairing was opened. */
export type PairingPeekResponse = { browser: string | null; place: string | null; expiresAt: string }

/** POST pairingClaim (the new device) `{code, publicKey}` → its pairing and claimant token. */
type PairingClaimRequest = { code: string; publicKey: string }
export type PairingClaimResponse = { pairingId: string; claimToken: string; expiresAt: string }

/** POST pairingPackage (claimant) → waiting, or what the first device sealed and new passkey options. */
type PairingPackageRequest = { pairingId: string; claimToken: string }
export type PairingPackageResponse =
  | { state: 'waiting' }
  | { state: 'approved'; walletId: string; address: Address; email: string; sealedKey: Envelope; vault: Sealed; options: PublicKeyCredentialCreationOptionsJSON }

/** POST pairingComplete (claimant) → the new passkey is recorded; the pairing is used up. */
export type PairingCompleteRequest = { pairingId: string; claimToken: string; registration: RegistrationResponseJSON }
export type PairingCompleteResponse = { walletId: string; address: Address }

/** One entry of the wallet's log as the API sends it (lib/embedded/walletLog.ts; `at` ISO 8601). */
type WalletLogEntry = { walletId: string; seq: number; kind: string; at: string; detail: Record<string, string | number | boolean | null>; prevHash: string; hash: string }
/** POST walletLog `{walletId, assertion}` → the wallet's whole log, oldest first. */
export type WalletLogRequest = { walletId: string; assertion: AuthenticationResponseJSON }
export type WalletLogResponse = { walletId: string; events: WalletLogEntry[] }

// Error answers are `HttpError.toBody`'s (lib/errors/HttpError.ts): `{code, message}`, `attemptsLeft`
// for a wrong code, `retryAt` when a limit or lock ends, `retryable` for 429/503, and the error's fields.

/** POST walletSettings `{walletId, assertion, emailRecovery, recoveryDelaySeconds}` → the settings now in force. */
export type WalletSettingsRequest = { walletId: string; assertion: AuthenticationResponseJSON; emailRecovery: boolean; recoveryDelaySeconds: number | null }
export type WalletSettingsResponse = { walletId: string; emailRecovery: boolean; recoveryDelaySeconds: number | null }
