import {
  createPublicClient,
  hashMessage,
  http,
  HttpRequestError,
  isAddressEqual,
  LimitExceededRpcError,
  recoverMessageAddress,
  TimeoutError,
  type Address,
  type Chain,
  type Hex,
  type Transport,
} from 'viem'
import { verifyHash } from 'viem/actions'
import { localChain, publicChains } from '@sigil/lib/chains'
import { HttpError } from '@sigil/lib/errors/HttpError'
import { authError } from '@sigil/lib/siwe/catalogue'
import { DEFAULT_RPC_TIMEOUT_MS } from '@sigil/lib/siwe/policy'

export type SignatureKind = 'eoa' | 'contract'

const knownChains: readonly Chain[] = [...publicChains, localChain]

/**
 * Failures that say nothing about the signature: the RPC could not be reached, timed out, or refused
 * to serve us. Anything else (a revert, a "false") is the chain's answer.
 */
function isUnreachable(error: unknown): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    if (current instanceof HttpRequestError || current instanceof TimeoutError) return true
    if (current instanceof LimitExceededRpcError) return true
  }
  return false
}

/**
 * An http transport that remembers network failures. viem's verifyHash reports a failed `eth_call`
 * as "not valid" (`false`), which would turn an RPC outage into a 401 for every smart-wallet user;
 * this lets the caller answer 503 instead.
 */
function observedHttp(url: string, timeout: number): { transport: Transport; failures: unknown[] } {
  const failures: unknown[] = []
  // retryCount 0: viem's default retries hold a sign-in for seconds against a dead RPC.
  const base = http(url, { retryCount: 0, timeout, batch: false })
  const transport: Transport = (options) => {
    const inner = base(options)
    return {
      ...inner,
      request: (async (args: Parameters<typeof inner.request>[0]) => {
        try {
          return await inner.request(args)
        } catch (error) {
          if (isUnreachable(error)) failures.push(error)
          throw error
        }
      }) as typeof inner.request,
    }
  }
  return { transport, failures }
}

/**
 * Checks `signature` over the EIP-191 hash of `message` for `address`, on `chainId`.
 *
 * An EOA signature is recovered locally and accepted without any RPC call: fast, and sign-in keeps
 * working when a chain's RPC is down. Only when that fails is the chain asked, through viem's
 * `verifyHash` (ERC-1271 for deployed contract wallets, ERC-6492 for counterfactual ones).
 * Throws 401 `invalid_signature`, or 503 `rpc_unavailable` when the chain could not answer.
 */
export async function verifySignInSignature(parameters: {
  address: Address
  message: string
  signature: Hex
  chainId: number
  rpcUrl: string | undefined
  rpcTimeoutMs?: number | undefined
  /** Where the EIP-191 recovery runs: inline by default, the route's worker pool (recoverPool.ts) on the server. */
  recover?: ((parameters: { message: string; signature: Hex }) => Promise<Address>) | undefined
  /** Runs once the signature is known not to be the address's own key, before the chain is asked. */
  beforeChainCheck?: (() => Promise<void>) | undefined
}): Promise<SignatureKind> {
  const { address, message, signature, chainId, rpcUrl } = parameters
  try {
    if (isAddressEqual(await (parameters.recover ?? recoverMessageAddress)({ message, signature }), address)) return 'eoa'
  } catch {
    // Not a plain 65-byte ECDSA signature (e.g. ERC-6492 wrapped): the chain decides.
  }
  await parameters.beforeChainCheck?.()
  const hash = hashMessage(message)
  if (!rpcUrl) throw authError('rpc_unavailable', { details: `no RPC configured for chain ${chainId}` })
  const { transport, failures } = observedHttp(rpcUrl, parameters.rpcTimeoutMs ?? DEFAULT_RPC_TIMEOUT_MS)
  const chain = knownChains.find((candidate) => candidate.id === chainId)
  const client = createPublicClient({ chain, transport })
  let valid: boolean
  try {
    valid = await verifyHash(client, { address, hash, signature })
  } catch (error) {
    if (failures.length > 0 || isUnreachable(error)) {
      throw authError('rpc_unavailable', { details: `chain ${chainId}: ${describe(failures[0] ?? error)}`, cause: error })
    }
    throw authError('invalid_signature', { details: `verification failed: ${describe(error)}`, cause: error })
  }
  if (valid) return 'contract'
  if (failures.length > 0) throw authError('rpc_unavailable', { details: `chain ${chainId}: ${describe(failures[0])}` })
  throw authError('invalid_signature')
}

/** A short reason for the log; viem's messages can include the RPC URL, which may carry a key. */
function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error)
  return error.name + (error instanceof HttpRequestError && error.status ? ` (HTTP ${error.status})` : '')
}
