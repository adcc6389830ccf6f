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
