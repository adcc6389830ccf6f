/**
 * The JSON-RPC methods the same-origin RPC proxy forwards: reads the page, its connectors and viem's
 * actions make (balances, chain id and head, calls and gas estimates, fees, transaction lookups and
 * receipts). Nothing that writes (`eth_sendRawTransaction`, `eth_sendTransaction`), signs, keeps
 * state on the node (filters, subscriptions) or can cost the provider far more than one call
 * (`eth_getLogs` over any range, `debug_*`, `trace_*`): the server's keyed RPC is not a general one.
 */
export const READ_METHODS: ReadonlySet<string> = new Set([
  'eth_chainId',
  'net_version',
  'eth_blockNumber',
  'eth_getBlockByNumber',
  'eth_getBalance',
  'eth_getCode',
  'eth_getTransactionCount',
  'eth_call',
  'eth_estimateGas',
  'eth_gasPrice',
  'eth_maxPriorityFeePerGas',
  'eth_feeHistory',
  'eth_getTransactionByHash',
  'eth_getTransactionReceipt',
])

/**
 * `eth_getBlockByNumber` is served without full transactions only (`[block, false]`, what viem's
 * `getBlock` asks by default): a full block can be megabytes.
 */
export function readParamsAllowed(method: string, params: readonly unknown[]): boolean {
  if (method === 'eth_getBlockByNumber') return params.length <= 2 && (params[1] === undefined || params[1] === false)
  return true
}
