import { isAddressEqual, type Address } from 'viem'

/**
 * What the page knows about the server session: signed in, signed out (`null`), or unknown (`undefined`).
 * `wallets`, when the server said, are the wallets linked to the session's account (the signing one
 * included): a session belongs to the account, so any of them keeps it.
 */
export type KnownSession = { address: Address; chainId: number; wallets?: readonly Address[] | undefined } | null | undefined

/**
 * Whether a session the page knows of is the connected wallet's to keep: it signed in with it, or the
 * server listed the wallet among the account's linked ones. Without the server's list, only the
 * signing wallet is known to keep it (the page then asks the server, `GET /api/auth/account`).
 */
export function sessionKeptBy(session: { address: Address; wallets?: readonly Address[] | undefined }, connected: Address): boolean {
  if (isAddressEqual(session.address, connected)) return true
  return session.wallets?.some((wallet) => isAddressEqual(wallet, connected)) === true
}
