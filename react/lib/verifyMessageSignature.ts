import { isAddressEqual, type Address, type Client, type Hex } from 'viem'

export type VerifyMessageSignatureParameters = {
  address: Address
  message: string
  signature: Hex
  /**
   * A client for the chain the account lives on; asked only when local recovery does not match. A
   * bare client is enough (wagmi's `getClient`): the actions are loaded here, on demand, so the view
   * does not carry every public action the way a `publicActions`-extended client does.
   */
  getClient: () => Client | undefined
}

/**
 * Does `signature` prove that `address` signed `message`? Recovered locally first (an EOA, no RPC
 * call); the chain is asked only for contract accounts: ERC-1271 (code at the address) and ERC-6492
 * (a wrapped signature for a wallet not deployed yet). Never throws: an unreachable RPC is "does not
 * verify", as there is nothing else the page could claim.
 */
export async function verifyMessageSignature(parameters: VerifyMessageSignatureParameters): Promise<boolean> {
  const { address, message, signature } = parameters
  // Loaded on demand: secp256k1 recovery is the largest piece of this panel and first paint never needs it.
  const { recoverMessageAddress, isErc6492Signature } = await import('viem')
  try {
    if (isAddressEqual(await recoverMessageAddress({ message, signature }), address)) return true
  } catch {
    // Not a plain 65-byte ECDSA signature (e.g. ERC-6492 wrapped): only the chain can tell.
  }
  try {
    const client = parameters.getClient()
    if (!client) return false
    const { getCode, verifyMessage } = await import('viem/actions')
    const contract = isErc6492Signature(signature) || (await getCode(client, { address })) !== undefined
    if (!contract) return false
    return await verifyMessage(client, { address, message, signature })
  } catch {
    return false
  }
}
