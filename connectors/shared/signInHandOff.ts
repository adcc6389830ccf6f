import { isAddressEqual, type Address, type Hex } from 'viem'

/**
 * A sign-in a wallet signed while it connected (one-tap sign-in over WalletConnect,
 * docs/sign-in.md#one-tap-sign-in-over-walletconnect), waiting for the page's sign-in panel to send
 * it to the verify route. A family that can produce one registers how to take it; the panel takes it
 * once, for the account it shows. Kept apart from any family so the panel loads no family code.
 */
export type HandedOffSignIn = { message: string; signature: Hex; address: Address; chainId: number }

const sources = new Set<() => HandedOffSignIn | undefined>()

/** Registers a family's one-shot source (called when the family's client is created). */
export function registerSignInSource(take: () => HandedOffSignIn | undefined): () => void {
  sources.add(take)
  return () => sources.delete(take)
}

/**
 * The signed sign-in for `address`, once; undefined when none is waiting. One signed for another
 * address (the wallet moved on since) is dropped: its nonce dies unused.
 */
export function takeHandedOffSignIn(address: Address): HandedOffSignIn | undefined {
  for (const take of sources) {
    const signed = take()
    if (signed) return isAddressEqual(signed.address, address) ? signed : undefined
  }
  return undefined
}
