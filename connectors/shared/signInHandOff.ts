import { isAddressEqual, type Address, type Hex } from 'viem'

/**
 * What a wallet signs while it connects, when its family can ask (one-tap sign-in over WalletConnect,
 * docs/sign-in.md#one-tap-sign-in-over-walletconnect): the page's sign-in, or, while the signed-in
 * user links another wallet, the link message naming the account (docs/sign-in.md#linked-wallets).
 */
export type HandOffPurpose = 'sign-in' | 'link'

/**
 * A message a wallet signed while it connected, waiting for the page: the sign-in panel sends a
 * sign-in to the verify route, the linked-wallets panel a link to the link route. A family that can
 * produce one registers how to take it; each panel takes it once, for the account it shows. Kept
 * apart from any family so the panels load no family code.
 */
export type HandedOffSignIn = { message: string; signature: Hex; address: Address; chainId: number; purpose: HandOffPurpose }

/** A family's one-shot source: the signed message of that purpose, if one waits (then cleared). */
type Source = (purpose: HandOffPurpose) => HandedOffSignIn | undefined

const sources = new Set<Source>()

/** Registers a family's one-shot source (called when the family's client is created). */
export function registerSignInSource(take: Source): () => void {
  sources.add(take)
  return () => sources.delete(take)
}

/**
 * The signed message of `purpose` for `address`, once; undefined when none is waiting. One signed
 * for another address (the wallet moved on since) is dropped: its nonce dies unused.
 */
export function takeHandedOffSignIn(address: Address, purpose: HandOffPurpose = 'sign-in'): HandedOffSignIn | undefined {
  for (const take of sources) {
    const signed = take(purpose)
    if (signed) return isAddressEqual(signed.address, address) ? signed : undefined
  }
  return undefined
}

/** The link a connecting wallet is asked to sign: a fresh link nonce and the statement naming the account. */
export type LinkRequest = { nonce: string; statement: string }

let linkSource: (() => Promise<LinkRequest>) | undefined

/**
 * While set, a wallet that can sign while it connects is asked for the link message instead of a
 * sign-in (the linked-wallets panel sets it while its connect dialog is open). Returns the undo.
 */
export function offerLinkWhileConnecting(source: () => Promise<LinkRequest>): () => void {
  linkSource = source
  return () => {
    if (linkSource === source) linkSource = undefined
  }
}

/** The link request to send with a pairing starting now, or undefined to send the sign-in. */
export function linkWhileConnecting(): (() => Promise<LinkRequest>) | undefined {
  return linkSource
}
