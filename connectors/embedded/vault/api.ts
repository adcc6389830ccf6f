import { isEmbeddedErrorCode } from '@sigil/lib/i18n/embedded'
import {
  embeddedApiPaths,
  type CreateWalletRequest,
  type CreateWalletResponse,
  type DeviceChallengeResponse,
  type PairingApproveRequest,
  type PairingApproveResponse,
  type PairingClaimResponse,
  type PairingPeekResponse,
  type PairingCompleteRequest,
  type PairingCompleteResponse,
  type PairingPackageResponse,
  type PairingStartRequest,
  type PairingStartResponse,
  type PairingStatusResponse,
  type WalletLogRequest,
  type WalletLogResponse,
  type WalletSettingsRequest,
  type WalletSettingsResponse,
  type EmailCodeResponse,
  type EmailVerifyResponse,
  type RecoveryCodeResponse,
  type RecoveryCompleteRequest,
  type RecoveryCompleteResponse,
  type RecoveryKeyRequest,
  type RecoveryKeyResponse,
  type RecoveryPendingResponse,
  type RecoveryStartResponse,
  type RecoveryVerifyResponse,
  type WalletOptionsResponse,
  type WalletRecoveriesCancelRequest,
  type WalletRecoveriesCancelResponse,
  type WalletRecoveriesChallengeResponse,
  type WalletRecoveriesRequest,
  type WalletRecoveriesResponse,
} from '@sigil/lib/embedded/apiTypes'
import { EmbeddedApiError } from '@sigil/lib/embedded/errors'
import { readHttpErrorBody } from '@sigil/lib/errors/HttpError'

/** The browser's side of the embedded wallet API. Every failure is an `EmbeddedApiError` with the server's code. */
export type EmbeddedApi = {
  requestEmailCode(email: string): Promise<EmailCodeResponse>
  verifyEmailCode(requestId: string, code: string): Promise<EmailVerifyResponse>
  walletOptions(email: string): Promise<WalletOptionsResponse>
  createWallet(body: CreateWalletRequest): Promise<CreateWalletResponse>
  requestRecoveryCode(email: string): Promise<RecoveryCodeResponse>
  verifyRecoveryCode(requestId: string, code: string): Promise<RecoveryVerifyResponse>
  /** Starts the recovery of a wallet (its key comes after the delay); sets the cookie that names it. */
  startRecovery(walletId: string): Promise<RecoveryStartResponse>
  /** This browser's started recovery (of `walletId`, else its newest). */
  recoveryPending(walletId?: string): Promise<RecoveryPendingResponse>
  recoveryKey(body: RecoveryKeyRequest): Promise<RecoveryKeyResponse>
  completeRecovery(body: RecoveryCompleteRequest): Promise<RecoveryCompleteResponse>
  deviceChallenge(walletId: string): Promise<DeviceChallengeResponse>
  startPairing(body: PairingStartRequest): Promise<PairingStartResponse>
  pairingStatus(pairingId: string, ownerToken: string): Promise<PairingStatusResponse>
  approvePairing(body: PairingApproveRequest): Promise<PairingApproveResponse>
  cancelPairing(pairingId: string, ownerToken: string): Promise<unknown>
  peekPairing(code: string): Promise<PairingPeekResponse>
  claimPairing(code: string, publicKey: string): Promise<PairingClaimResponse>
  pairingPackage(pairingId: string, claimToken: string): Promise<PairingPackageResponse>
  completePairing(body: PairingCompleteRequest): Promise<PairingCompleteResponse>
  walletLog(body: WalletLogRequest): Promise<WalletLogResponse>
  walletSettings(body: WalletSettingsRequest): Promise<WalletSettingsResponse>
  /** An owner's device: a challenge to sign (`status`) or to assert with the passkey (`veto`). */
  walletChallenge(walletId: string, purpose: 'status' | 'veto'): Promise<WalletRecoveriesChallengeResponse>
  walletRecoveries(body: WalletRecoveriesRequest): Promise<WalletRecoveriesResponse>
  cancelWalletRecovery(body: WalletRecoveriesCancelRequest): Promise<WalletRecoveriesCancelResponse>
}

/**
 * `locale`: the vault's language, sent as every request's `Accept-Language`, so what the server
 * writes for this user (the codes' mails, the wallet's language for its later notices) is in it.
 */
export function createEmbeddedApi(options: { baseUrl?: string; fetch?: typeof fetch; locale?: string | undefined } = {}): EmbeddedApi {
  async function post<T>(path: string, body: unknown): Promise<T> {
    let response: Response
    try {
      response = await (options.fetch ?? fetch)(`${options.baseUrl ?? ''}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(options.locale && { 'accept-language': options.locale }) },
        body: JSON.stringify(body),
        // The code's browser binding, the proven email and the recovery session are httpOnly cookies.
        credentials: 'same-origin',
        cache: 'no-store',
      })
    } catch (cause) {
      throw new EmbeddedApiError('embedded_network_error', { status: 0, cause })
    }
    let json: unknown
    try {
      json = await response.json()
    } catch (cause) {
      throw new EmbeddedApiError('embedded_unexpected_response', { status: response.status, cause })
    }
    if (response.ok && json && typeof json === 'object') return json as T
    // The server's `HttpError.toBody`, read back: the same code, fields and message (a time-locked
    // step's `releaseAt` and `secondsLeft` among the fields, for the message and the screens).
    const error = readHttpErrorBody(json, isEmbeddedErrorCode)
    if (error) {
      const { code, attemptsLeft, retryAt, fields } = error
      throw new EmbeddedApiError(code, { status: response.status, attemptsLeft, retryAfterSeconds: retryAfter(response), retryAt, values: fields })
    }
    throw new EmbeddedApiError('embedded_unexpected_response', { status: response.status })
  }

  return {
    requestEmailCode: (email) => post(embeddedApiPaths.emailCode, { email }),
    verifyEmailCode: (requestId, code) => post(embeddedApiPaths.emailVerify, { requestId, code }),
    walletOptions: (email) => post(embeddedApiPaths.walletOptions, { email }),
    createWallet: (body) => post(embeddedApiPaths.wallets, body),
    requestRecoveryCode: (email) => post(embeddedApiPaths.recoveryCode, { email }),
    verifyRecoveryCode: (requestId, code) => post(embeddedApiPaths.recoveryVerify, { requestId, code }),
    startRecovery: (walletId) => post(embeddedApiPaths.recoveryStart, { walletId }),
    recoveryPending: (walletId) => post(embeddedApiPaths.recoveryPending, walletId ? { walletId } : {}),
    recoveryKey: (body) => post(embeddedApiPaths.recoveryKey, body),
    completeRecovery: (body) => post(embeddedApiPaths.recoveryComplete, body),
    deviceChallenge: (walletId) => post(embeddedApiPaths.deviceChallenge, { walletId }),
    startPairing: (body) => post(embeddedApiPaths.pairings, body),
    pairingStatus: (pairingId, ownerToken) => post(embeddedApiPaths.pairingStatus, { pairingId, ownerToken }),
    approvePairing: (body) => post(embeddedApiPaths.pairingApprove, body),
    cancelPairing: (pairingId, ownerToken) => post(embeddedApiPaths.pairingCancel, { pairingId, ownerToken }),
    peekPairing: (code) => post(embeddedApiPaths.pairingPeek, { code }),
    claimPairing: (code, publicKey) => post(embeddedApiPaths.pairingClaim, { code, publicKey }),
    pairingPackage: (pairingId, claimToken) => post(embeddedApiPaths.pairingPackage, { pairingId, claimToken }),
    completePairing: (body) => post(embeddedApiPaths.pairingComplete, body),
    walletLog: (body) => post(embeddedApiPaths.walletLog, body),
    walletSettings: (body) => post(embeddedApiPaths.walletSettings, body),
    walletChallenge: (walletId, purpose) => post(embeddedApiPaths.walletRecoveriesChallenge, { walletId, purpose }),
    walletRecoveries: (body) => post(embeddedApiPaths.walletRecoveries, body),
    cancelWalletRecovery: (body) => post(embeddedApiPaths.walletRecoveriesCancel, body),
  }
}

/** A limit's wait, in whole seconds, from `Retry-After` (RFC 9110 §10.2.3: seconds, or an HTTP date); undefined without one. */
export function retryAfter(response: Response, now = Date.now()): number | undefined {
  const value = response.headers.get('retry-after')?.trim()
  if (!value) return undefined
  if (/^\d+$/.test(value)) return Number(value)
  const date = Date.parse(value)
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000))
}
