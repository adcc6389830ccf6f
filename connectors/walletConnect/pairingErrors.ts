import { BaseError } from '@sigil/lib/errors/BaseError'

/**
 * The one place the WalletConnect family reads an SDK error's message. `EthereumProvider.connect`
 * re-throws every pairing failure as `new Error(error.message)`, dropping the code, so an expired
 * proposal can only be told from a rejection by the sign client's fixed wording (its exported
 * `PROPOSAL_EXPIRY_MESSAGE`; a test keeps this copy equal to it) or by the `proposal_expire` event,
 * which the client also watches.
 * https://github.com/WalletConnect/walletconnect-monorepo/blob/v2.0/providers/ethereum-provider/src/EthereumProvider.ts
 */
export const PROPOSAL_EXPIRY_MESSAGE = 'Proposal expired'

export function isProposalExpiry(error: unknown): boolean {
  return error instanceof Error && error.message === PROPOSAL_EXPIRY_MESSAGE
}

/**
 * A pairing that carried a one-tap sign-in was offered as long as its nonce may be used
 * (`NONCE_MAX_AGE_MS`) and no wallet answered: the client renews it with a fresh nonce, as it renews
 * an expired proposal. Never shown; a run whose renewals are all used up ends in `PairingExpiredError`.
 */
export class SignInOfferLapsedError extends BaseError {
  override name = 'SignInOfferLapsedError'
  constructor(options: { cause?: unknown } = {}) {
    super('the pairing’s sign-in nonce is too old to be signed', options)
  }
}

/** Whether a pairing ended because it lapsed (its proposal expired, or its sign-in nonce grew too old): the client pairs again. */
export function isPairingLapse(error: unknown): boolean {
  return isProposalExpiry(error) || error instanceof SignInOfferLapsedError
}

/**
 * The sign client's wording of a wallet's "no" to a proposal: `getSdkError('USER_REJECTED')` and its
 * variants (`User rejected chains.`, `User rejected methods.`, … codes 5000–5xxx), which
 * `EthereumProvider.connect` re-throws by message only.
 */
const WALLET_REJECTION_MESSAGE = /^User rejected\b/

/**
 * A wallet answered the session proposal with a rejection. Only this, never a failed chunk load,
 * SDK init or relay refusal, lets the QR view start a new pairing by itself: anything else would
 * fail again at once and loop.
 */
export class WalletRejectedProposalError extends BaseError {
  override name = 'WalletRejectedProposalError'
  constructor(options?: { cause?: unknown }) {
    super('the wallet rejected the session proposal', options)
  }
}

/** Whether a pairing error is the SDK's re-thrown wallet rejection. */
export function isWalletRejectionMessage(error: unknown): boolean {
  return error instanceof Error && WALLET_REJECTION_MESSAGE.test(error.message)
}

/** Whether `error`, or an error in its `cause` chain, is a wallet's rejection of the proposal. */
export function isWalletRejection(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 8; current = current.cause, depth++) {
    if (current instanceof WalletRejectedProposalError) return true
  }
  return false
}
