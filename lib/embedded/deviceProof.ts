/**
 * The message a device signs with the wallet's own key to read the wallet's pending recoveries: only
 * a device holding the unlocked wallet can sign it, and the server's single-use challenge in it makes
 * each signature good for one read. Shared by the vault (signs) and the server (checks the signer is
 * the wallet's address).
 */
export function deviceProofMessage(walletId: string, challenge: string): string {
  return `Sigil: show the pending recoveries of wallet ${walletId}.\nChallenge: ${challenge}`
}
