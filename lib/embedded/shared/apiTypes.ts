import type { PublicKeyCredentialCreationOptionsJSON, RegistrationResponseJSON } from '@simplewebauthn/browser'
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
  recoveryKey: '/api/embedded/recovery/key',
  recoveryComplete: '/api/embedded/recovery/complete',
  /** GET: the page of the owner's cancel link (`?token=`); POST (a form): cancels. */
  recoveryCancel: '/api/embedded/recovery/cancel',
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

/** POST recoveryKey (in a recovery session) → the data key sealed to `publicKey`, the sealed mnemonic, new passkey options. */
export type RecoveryKeyRequest = { walletId: string; publicKey: string }
export type RecoveryKeyResponse = {
  walletId: string
  address: Address
  email: string
  wrappedKey: Envelope
  vault: Sealed
  options: PublicKeyCredentialCreationOptionsJSON
}

/** POST recoveryComplete (in a recovery session) → the new passkey is recorded; the session ends. */
export type RecoveryCompleteRequest = { walletId: string; registration: RegistrationResponseJSON }
export type RecoveryCompleteResponse = { walletId: string; address: Address }

/** Error answers: `{code, message}` (+ `attemptsLeft` for a wrong code, `retryable` for 429/503). */
export type EmbeddedApiErrorBody = { code: string; message: string; attemptsLeft?: number; retryable?: boolean }
