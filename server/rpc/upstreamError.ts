import { isHexData } from './readMethods'

/** Largest revert data passed on (a custom error with its arguments fits; a payload does not). */
const MAX_REVERT_DATA_BYTES = 4096

/**
 * What the browser is told when the upstream answers a call with an error. Its own words never
 * pass: a provider's message can carry its address or key in any spelling (as is, lower-cased,
 * URL-encoded, base64…), and no scrubbing can know every spelling. Instead:
 * - the message is fixed: the node's category when it is one viem recognises (its `nodeMessage`
 *   patterns in viem/errors/node.ts, so the page still tells "insufficient funds" from "nonce too
 *   low"), else a fixed message per JSON-RPC code;
 * - `data` passes only as revert data: `0x…`, whole bytes, at most MAX_REVERT_DATA_BYTES (viem
 *   decodes the contract's reason from it); anything else is dropped.
 */
const NODE_CATEGORIES: readonly (readonly [RegExp, string])[] = [
  [/execution reverted|gas required exceeds allowance/i, 'execution reverted'],
  [/insufficient funds|exceeds transaction sender account balance/i, 'insufficient funds for gas * price + value'],
  [/nonce too high/i, 'nonce too high'],
  [/nonce too low|transaction already imported|already known/i, 'nonce too low'],
  [/nonce has max value/i, 'nonce has max value'],
  [/max fee per gas higher than 2\^256-1|fee cap higher than 2\^256-1/i, 'max fee per gas higher than 2^256-1'],
  [/max fee per gas less than block base fee|fee cap less than block base fee|transaction is outdated/i, 'max fee per gas less than block base fee'],
  [/max priority fee per gas higher than max fee per gas|tip higher than fee cap/i, 'max priority fee per gas higher than max fee per gas'],
  [/intrinsic gas too high|gas limit reached/i, 'intrinsic gas too high'],
  [/intrinsic gas too low/i, 'intrinsic gas too low'],
  [/transaction type not valid/i, 'transaction type not valid'],
]

/** JSON-RPC codes passed on, each with its one message (EIP-1474 and the JSON-RPC 2.0 spec). */
const CODE_MESSAGES: ReadonlyMap<number, string> = new Map([
  [3, 'execution reverted'],
  [-32000, 'The node could not serve this call.'],
  [-32001, 'Resource not found.'],
  [-32002, 'Resource unavailable.'],
  [-32003, 'Transaction rejected.'],
  [-32004, 'Method not supported.'],
  [-32005, 'Request limit exceeded.'],
  [-32600, 'Invalid request.'],
  [-32601, 'Method not found.'],
  [-32602, 'Invalid params.'],
  [-32603, 'Internal error.'],
])

export type CleanRpcError = { code: number; message: string; data?: string }

export function cleanUpstreamError(error: unknown): CleanRpcError {
  const raw = typeof error === 'object' && error !== null ? (error as Record<string, unknown>) : {}
  const known = typeof raw.code === 'number' ? CODE_MESSAGES.get(raw.code) : undefined
  const code = known !== undefined ? (raw.code as number) : -32603
  const text = typeof raw.message === 'string' ? raw.message.slice(0, 1000) : ''
  const category = NODE_CATEGORIES.find(([pattern]) => pattern.test(text))?.[1]
  // Revert data as geth writes it (a string) or nested as some providers do (`{ data }`).
  const nested = typeof raw.data === 'object' && raw.data !== null ? (raw.data as Record<string, unknown>).data : undefined
  const data = [raw.data, nested].find((candidate) => isHexData(candidate, MAX_REVERT_DATA_BYTES)) as string | undefined
  return { code, message: category ?? known ?? CODE_MESSAGES.get(-32603)!, ...(data !== undefined ? { data } : {}) }
}
