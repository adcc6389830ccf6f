/**
 * The JSON-RPC methods the same-origin RPC proxy forwards: reads the page, its connectors and viem's
 * actions make (balances, code and storage, chain id and head, blocks, calls and gas estimates,
 * fees, transaction lookups and receipts: what wagmi's read hooks call). Nothing that writes (`eth_sendRawTransaction`, `eth_sendTransaction`), signs, keeps
 * state on the node (filters, subscriptions) or can cost the provider far more than one call
 * (`eth_getLogs` over any range, `debug_*`, `trace_*`): the server's keyed RPC is not a general one.
 */
export const READ_METHODS: ReadonlySet<string> = new Set([
  'eth_chainId',
  'net_version',
  'eth_blockNumber',
  'eth_getBlockByNumber',
  'eth_getBlockByHash',
  'eth_getBalance',
  'eth_getCode',
  'eth_getStorageAt',
  'eth_getTransactionCount',
  'eth_call',
  'eth_estimateGas',
  'eth_gasPrice',
  'eth_maxPriorityFeePerGas',
  'eth_feeHistory',
  'eth_getTransactionByHash',
  'eth_getTransactionReceipt',
])

/** Default gas cap for `eth_call` and `eth_estimateGas` (`RPC_PROXY_MAX_GAS`): a token transfer is ~65k, a swap a few 100k. */
const DEFAULT_RPC_MAX_GAS = 3_000_000n
/** Most blocks one `eth_feeHistory` may ask for (viem's fee helpers ask for a handful). */
const MAX_FEE_HISTORY_BLOCKS = 128
/** Most reward percentiles one `eth_feeHistory` may ask for. */
const MAX_REWARD_PERCENTILES = 10
/** Largest calldata in a call or estimate (24 KiB, a contract's largest code; the 64 KB body cap comes first for more). */
const MAX_CALLDATA_BYTES = 24 * 1024
/** Most access-list entries, and storage keys per entry. */
const MAX_ACCESS_LIST_ENTRIES = 32
const MAX_ACCESS_LIST_KEYS = 32

/**
 * What a block with its full transactions counts for, in calls, against the per-client limit and the
 * chain's budget: it is one call upstream, but its answer runs to hundreds of kB on mainnet (up to the
 * 2 MB cap), where the largest other read, a block with its transactions' hashes, runs to tens of kB.
 */
const FULL_BLOCK_CALLS = 10

export type ReadLimits = { maxGas: bigint }
export type ReadParamsRefusal = 'params_not_allowed' | 'gas_too_high'

const BLOCK_TAGS = new Set(['latest', 'earliest', 'pending', 'safe', 'finalized'])
const QUANTITY = /^0x[0-9a-fA-F]{1,64}$/
const ADDRESS = /^0x[0-9a-fA-F]{40}$/
const HASH = /^0x[0-9a-fA-F]{64}$/
const TX_TYPES = new Set(['0x0', '0x1', '0x2', '0x00', '0x01', '0x02'])

const isQuantity = (value: unknown): value is string => typeof value === 'string' && QUANTITY.test(value)
const isAddress = (value: unknown): value is string => typeof value === 'string' && ADDRESS.test(value)
const isHash = (value: unknown): value is string => typeof value === 'string' && HASH.test(value)

/** `0x` and whole bytes, at most `maxBytes` of them. */
export function isHexData(value: unknown, maxBytes: number): value is string {
  return typeof value === 'string' && value.length <= 2 + 2 * maxBytes && /^0x(?:[0-9a-fA-F]{2})*$/.test(value)
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.getPrototypeOf(value) === Object.prototype
}

/** A block tag, a block number, or an EIP-1898 object (`{ blockHash, requireCanonical? }`, `{ blockNumber }`), as viem's `formatBlockParameter` writes them. */
function isBlock(value: unknown, options: { byHash: boolean }): boolean {
  if (typeof value === 'string') return BLOCK_TAGS.has(value) || QUANTITY.test(value)
  if (!options.byHash || !isPlainObject(value)) return false
  const keys = Object.keys(value)
  if ('blockHash' in value) return isHash(value.blockHash) && keys.every((key) => key === 'blockHash' || (key === 'requireCanonical' && typeof value.requireCanonical === 'boolean'))
  return keys.length === 1 && isQuantity(value.blockNumber)
}

const TX_FIELDS: Record<string, (value: unknown) => boolean> = {
  from: isAddress,
  to: (value) => value === null || isAddress(value),
  gas: isQuantity,
  gasPrice: isQuantity,
  maxFeePerGas: isQuantity,
  maxPriorityFeePerGas: isQuantity,
  value: isQuantity,
  nonce: isQuantity,
  chainId: isQuantity,
  type: (value) => typeof value === 'string' && TX_TYPES.has(value),
  data: (value) => isHexData(value, MAX_CALLDATA_BYTES),
  input: (value) => isHexData(value, MAX_CALLDATA_BYTES),
  accessList: (value) =>
    Array.isArray(value) &&
    value.length <= MAX_ACCESS_LIST_ENTRIES &&
    value.every(
      (entry) =>
        isPlainObject(entry) &&
        Object.keys(entry).every((key) => key === 'address' || key === 'storageKeys') &&
        isAddress(entry.address) &&
        Array.isArray(entry.storageKeys) &&
        entry.storageKeys.length <= MAX_ACCESS_LIST_KEYS &&
        entry.storageKeys.every(isHash),
    ),
}

/**
 * The transaction of an `eth_call` / `eth_estimateGas`: a plain object of the fields viem's
 * `formatTransactionRequest` writes for a read (no blobs, no EIP-7702 authorisations), each a
 * bounded hex string. Its gas is capped: a larger one is refused, a missing one is set to the cap
 * (a node would otherwise run the call with its own cap, often the block's 30M+).
 */
function checkTransaction(value: unknown, limits: ReadLimits): { tx: Record<string, unknown> } | { refused: ReadParamsRefusal } {
  if (!isPlainObject(value)) return { refused: 'params_not_allowed' }
  for (const [key, field] of Object.entries(value)) {
    // Own fields only: `constructor`, `toString` or `__proto__` must not find what every object inherits.
    const check = Object.hasOwn(TX_FIELDS, key) ? TX_FIELDS[key] : undefined
    if (!check || !check(field)) return { refused: 'params_not_allowed' }
  }
  if (value.gas !== undefined && BigInt(value.gas as string) > limits.maxGas) return { refused: 'gas_too_high' }
  return { tx: { ...value, gas: value.gas ?? `0x${limits.maxGas.toString(16)}` } }
}

function isFeeHistoryCount(value: unknown): boolean {
  const count = typeof value === 'number' ? value : isQuantity(value) ? Number.parseInt(value, 16) : NaN
  return Number.isSafeInteger(count) && count >= 1 && count <= MAX_FEE_HISTORY_BLOCKS
}

function isRewardPercentiles(value: unknown): boolean {
  if (value === undefined || value === null) return true
  if (!Array.isArray(value) || value.length > MAX_REWARD_PERCENTILES) return false
  return value.every((item, index) => typeof item === 'number' && item >= 0 && item <= 100 && (index === 0 || item >= (value[index - 1] as number)))
}

/**
 * Each read method's parameters, in the shapes viem sends (read in its actions: `call`,
 * `estimateGas`, `getBalance`, `getBlock`, `getFeeHistory`…) and nothing more. What matters most:
 * `eth_call` and `eth_estimateGas` take `[tx]` or `[tx, block]` only, so no state override (a third
 * parameter: arbitrary code and balances) and no block override (a fourth). A block with its full
 * transactions is served (viem's `waitForTransactionReceipt` reads one on each new block while a
 * transaction is pending, to find a replacement), and counted as FULL_BLOCK_CALLS calls (see
 * `callCount`). Returns the parameters to forward (the gas cap filled in) or why they are refused.
 */
export function checkReadParams(method: string, params: readonly unknown[], limits: ReadLimits): { params: unknown[] } | { refused: ReadParamsRefusal } {
  const refused = { refused: 'params_not_allowed' } as const
  const [first, second, third] = params
  switch (method) {
    case 'eth_chainId':
    case 'net_version':
    case 'eth_blockNumber':
    case 'eth_gasPrice':
    case 'eth_maxPriorityFeePerGas':
      return params.length === 0 ? { params: [] } : refused
    case 'eth_getBlockByNumber':
      return params.length >= 1 && params.length <= 2 && isBlock(first, { byHash: false }) && (second === undefined || typeof second === 'boolean') ? { params: [first, second ?? false] } : refused
    case 'eth_getBlockByHash':
      return params.length >= 1 && params.length <= 2 && isHash(first) && (second === undefined || typeof second === 'boolean') ? { params: [first, second ?? false] } : refused
    case 'eth_getStorageAt':
      return params.length >= 2 && params.length <= 3 && isAddress(first) && isQuantity(second) && (params.length === 2 || isBlock(third, { byHash: true })) ? { params: [...params] } : refused
    case 'eth_getBalance':
    case 'eth_getCode':
    case 'eth_getTransactionCount':
      return params.length >= 1 && params.length <= 2 && isAddress(first) && (params.length === 1 || isBlock(second, { byHash: true })) ? { params: [...params] } : refused
    case 'eth_call':
    case 'eth_estimateGas': {
      if (params.length < 1 || params.length > 2 || (params.length === 2 && !isBlock(second, { byHash: true }))) return refused
      const checked = checkTransaction(first, limits)
      return 'refused' in checked ? checked : { params: [checked.tx, ...params.slice(1)] }
    }
    case 'eth_feeHistory':
      return params.length >= 2 && params.length <= 3 && isFeeHistoryCount(first) && isBlock(second, { byHash: false }) && isRewardPercentiles(third) ? { params: [...params] } : refused
    case 'eth_getTransactionByHash':
    case 'eth_getTransactionReceipt':
      return params.length === 1 && isHash(first) ? { params: [first] } : refused
    default:
      return refused
  }
}

/** What a checked read counts for against the limits: FULL_BLOCK_CALLS for a block with full transactions, 1 for anything else. */
export function callCount(method: string, params: readonly unknown[]): number {
  return (method === 'eth_getBlockByNumber' || method === 'eth_getBlockByHash') && params[1] === true ? FULL_BLOCK_CALLS : 1
}
