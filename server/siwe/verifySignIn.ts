import { isHex, type Address, type Hex } from 'viem'
import { HttpError } from '@sigil/lib/errors/HttpError'
import { authError } from '@sigil/lib/siwe/catalogue'
import { checkSignInMessage } from './checkSignInMessage'
import { parseSignInMessage, type SignInMessage } from './parseSignInMessage'
import type { SignInPolicy } from '@sigil/lib/siwe/policy'
import { verifySignInSignature, type SignatureKind } from './verifySignInSignature'

/** Largest signature accepted: ERC-6492 wraps the factory call, which stays well under this. */
const MAX_SIGNATURE_HEX_LENGTH = 6000

/** Throws 400 `malformed_signature` unless `value` is non-empty, even-length 0x hex of sane size. */
export function parseSignature(value: string): Hex {
  if (value.length < 4 || value.length > MAX_SIGNATURE_HEX_LENGTH || value.length % 2 !== 0 || !isHex(value, { strict: true })) {
    throw authError('malformed_signature', { details: `length ${value.length}` })
  }
  return value
}

/**
 * The whole check of a sign-in except the nonce (which needs the store): parse (400), match this
 * deployment (422), verify the signature on the chain the message names (401 / 503).
 * The API route runs the same steps with the nonce consumed in between; the benchmark calls this in
 * a loop to show what HTTP, the session and the store add.
 */
export async function verifySignIn(parameters: {
  message: string
  signature: string
  policy: SignInPolicy
  now?: Date
}): Promise<{ message: SignInMessage; address: Address; chainId: number; kind: SignatureKind }> {
  const signature = parseSignature(parameters.signature)
  const message = parseSignInMessage(parameters.message)
  checkSignInMessage(message, parameters.policy, parameters.now ?? new Date())
  const kind = await verifySignInSignature({
    address: message.address,
    message: parameters.message,
    signature,
    chainId: message.chainId,
    rpcUrl: parameters.policy.rpcUrls[message.chainId],
    rpcTimeoutMs: parameters.policy.rpcTimeoutMs,
  })
  return { message, address: message.address, chainId: message.chainId, kind }
}
