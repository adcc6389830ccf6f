import {
  type Address,
  type Chain,
  createPublicClient,
  getAddress,
  type Hex,
  hexToNumber,
  http,
  isAddress,
  isHex,
  InvalidParamsRpcError,
  numberToHex,
  type PublicClient,
  SwitchChainError,
  UnauthorizedProviderError,
  UnsupportedProviderMethodError,
} from 'viem'
import { prepareTransactionRequest } from 'viem/actions'
import { rpcBroadcastUrl } from '@sigil/lib/config/rpc'
import { createTypedEmitter } from '../shared/typedEmitter'
import { copyMessage, MAX_VAULT_MESSAGE_BYTES, type SigningMethod } from './vault/protocol'

/**
 * The embedded wallet's EIP-1193 provider, in the app's page. It holds no key: every request that
 * would use one goes to the vault (another origin, connectors/embedded/vaultClient.ts), which shows it
 * to the user on its own sheet and signs only after their approval there. Reads go to the chain's RPC
 * address as configured (the same-origin proxy in the app).
 * A transaction is filled in here (nonce, gas, fees: the page reads the chain), shown and signed in
 * the vault exactly as filled, and broadcast from here through the same-origin broadcast endpoint;
 * `eth_sendTransaction` answers with its hash once broadcast (EIP-1193), never after confirmations:
 * a retry would send twice.
 */

type RequestArguments = { method: string; params?: unknown }

export type EmbeddedProviderEvents = {
  chainChanged: Hex
  accountsChanged: Address[]
  disconnect: Error | undefined
}

export type EmbeddedProviderParameters = {
  chains: readonly Chain[]
  /** RPC address per chain id (the deployment's public configuration). */
  rpcUrls: Readonly<Record<number, string>>
  getChainId(): number
  setChainId(chainId: number): void
  /** The connected address, locked or not; undefined when disconnected. */
  getAddress(): Address | undefined
  /** Asks the vault to show and sign `method` (its params as the caller gave them). */
  sign(request: { method: SigningMethod; params: unknown[]; chainId: number; address: Address }): Promise<unknown>
  /** Receipt polling, for tests; viem's default (the chain's block time) otherwise. */
  pollingInterval?: number | undefined
}
/** Reads forwarded to the chain's RPC as they are. Anything not listed and not handled below is 4200. */
const READ_METHODS = new Set([
  'eth_blockNumber',
  'eth_call',
  'eth_estimateGas',
  'eth_feeHistory',
  'eth_gasPrice',
  'eth_getBalance',
  'eth_getBlockByHash',
  'eth_getBlockByNumber',
  'eth_getBlockTransactionCountByHash',
  'eth_getBlockTransactionCountByNumber',
  'eth_getCode',
  'eth_getLogs',
  'eth_getProof',
  'eth_getStorageAt',
  'eth_getTransactionByHash',
  'eth_getTransactionCount',
  'eth_getTransactionReceipt',
  'eth_maxPriorityFeePerGas',
  'eth_blobBaseFee',
  'eth_syncing',
  'net_version',
  'web3_clientVersion',
])

/**
 * The request's params as they are at the moment of the call: one JSON copy, taken before anything
 * is awaited, so a caller (or a script holding the caller's object) that changes them afterwards
 * changes nothing of what the vault shows and signs. Bounded like every message to the vault.
 */
function paramsOf(args: RequestArguments): unknown[] {
  if (args.params === undefined) return []
  if (!Array.isArray(args.params)) throw new InvalidParamsRpcError(new Error(`${args.method}: params must be an array`))
  const copy = copyMessage(args.params)
  if (!Array.isArray(copy)) throw new InvalidParamsRpcError(new Error(`${args.method}: params must be JSON of at most ${MAX_VAULT_MESSAGE_BYTES} bytes`))
  return copy
}

function invalid(method: string, reason: string): InvalidParamsRpcError {
  return new InvalidParamsRpcError(new Error(`${method}: ${reason}`))
}

function quantity(value: unknown, method: string, field: string): bigint | undefined {
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'string' || !isHex(value, { strict: true })) throw invalid(method, `${field} must be a hex quantity`)
  return BigInt(value)
}

/** A prepared transaction as the vault reads it: hex quantities, no account object. */
function toVaultTransaction(prepared: Record<string, unknown>, chainId: number): Record<string, string | null> {
  const out: Record<string, string | null> = { chainId: numberToHex(chainId) }
  for (const key of ['to', 'data', 'value', 'gas', 'nonce', 'gasPrice', 'maxFeePerGas', 'maxPriorityFeePerGas'] as const) {
    const value = prepared[key]
    if (value === undefined || value === null) continue
    out[key] = typeof value === 'bigint' || typeof value === 'number' ? numberToHex(value) : String(value)
  }
  return out
}

/** An `eth_sendTransaction` / `eth_signTransaction` object → viem's request (EIP-1474 field names). */
function parseTransaction(value: unknown, method: string, from: Address) {
  if (!value || typeof value !== 'object') throw invalid(method, 'expected a transaction object')
  const tx = value as Record<string, unknown>
  if (tx.from !== undefined && (typeof tx.from !== 'string' || !isAddress(tx.from) || getAddress(tx.from) !== from)) {
    throw new UnauthorizedProviderError(new Error(`${method}: from is not the connected account`))
  }
  if (tx.to !== undefined && tx.to !== null && (typeof tx.to !== 'string' || !isAddress(tx.to))) throw invalid(method, 'to must be an address')
  const data = tx.data ?? tx.input
  if (data !== undefined && (typeof data !== 'string' || !isHex(data))) throw invalid(method, 'data must be hex')
  const nonce = quantity(tx.nonce, method, 'nonce')
  return {
    to: (tx.to ?? undefined) as Address | undefined,
    data: data as Hex | undefined,
    value: quantity(tx.value, method, 'value'),
    gas: quantity(tx.gas, method, 'gas'),
    gasPrice: quantity(tx.gasPrice, method, 'gasPrice'),
    maxFeePerGas: quantity(tx.maxFeePerGas, method, 'maxFeePerGas'),
    maxPriorityFeePerGas: quantity(tx.maxPriorityFeePerGas, method, 'maxPriorityFeePerGas'),
    nonce: nonce === undefined ? undefined : Number(nonce),
    chainId: quantity(tx.chainId, method, 'chainId'),
  }
}

export type EmbeddedProvider = ReturnType<typeof createEmbeddedProvider>

export function createEmbeddedProvider(parameters: EmbeddedProviderParameters) {
  const events = createTypedEmitter<EmbeddedProviderEvents>()
  const clients = new Map<number, PublicClient>()
  const broadcasters = new Map<number, PublicClient>()

  function chainOf(chainId: number): Chain {
    const chain = parameters.chains.find((candidate) => candidate.id === chainId)
    if (!chain) throw new SwitchChainError(new Error(`chain ${chainId} is not supported`))
    return chain
  }

  function client(): PublicClient {
    const chainId = parameters.getChainId()
    let found = clients.get(chainId)
    if (!found) {
      const chain = chainOf(chainId)
      const url = parameters.rpcUrls[chainId]
      if (!url) throw new SwitchChainError(new Error(`no RPC for chain ${chainId}`))
      found = createPublicClient({ chain, transport: http(url, { retryCount: 1 }), pollingInterval: parameters.pollingInterval }) as PublicClient
      clients.set(chainId, found)
    }
    return found
  }

  /**
   * Where a signed transaction is broadcast: the same-origin endpoint beside the chain's read proxy
   * (`/api/rpc/<id>/broadcast`, `eth_sendRawTransaction` only; server/rpc/broadcast.ts), so the page
   * reaches no RPC host of its own. An RPC address that is not the proxy's (unit tests on a bare
   * node) broadcasts through the reading client.
   */
  function broadcaster(): PublicClient {
    const chainId = parameters.getChainId()
    const url = parameters.rpcUrls[chainId]
    const broadcastUrl = url ? rpcBroadcastUrl(url) : undefined
    if (!broadcastUrl) return client()
    let found = broadcasters.get(chainId)
    if (!found) {
      found = createPublicClient({ chain: chainOf(chainId), transport: http(broadcastUrl, { retryCount: 0 }), pollingInterval: parameters.pollingInterval }) as PublicClient
      broadcasters.set(chainId, found)
    }
    return found
  }

  /** The connected address, checked against the address the dapp named. */
  function connectedAddress(method: string, named?: unknown): Address {
    const address = parameters.getAddress()
    if (!address) throw new UnauthorizedProviderError(new Error(`${method}: not connected`))
    if (named !== undefined && (typeof named !== 'string' || !isAddress(named, { strict: false }) || getAddress(named) !== address)) {
      throw new UnauthorizedProviderError(new Error(`${method}: the address is not the connected account`))
    }
    return address
  }

  /** Asks the vault: it shows the request on its own sheet and signs only after the user's approval there. */
  function viaVault(method: SigningMethod, params: unknown[], address: Address): Promise<unknown> {
    return parameters.sign({ method, params, chainId: parameters.getChainId(), address })
  }

  /**
   * A transaction filled in (nonce, gas, fees) for the connected address, then shown and signed in
   * the vault exactly as filled: the vault signs the fields it showed, not whatever the page holds.
   */
  async function prepareAndSign(method: 'eth_sendTransaction' | 'eth_signTransaction', value: unknown): Promise<Hex> {
    const address = connectedAddress(method)
    const parsed = parseTransaction(value, method, address)
    const chain = chainOf(parameters.getChainId())
    if (parsed.chainId !== undefined && Number(parsed.chainId) !== chain.id) throw invalid(method, `chainId ${parsed.chainId} is not the current chain ${chain.id}`)
    const { chainId: _, gasPrice, maxFeePerGas, maxPriorityFeePerGas, ...rest } = parsed
    const fees = gasPrice !== undefined ? { gasPrice } : { maxFeePerGas, maxPriorityFeePerGas }
    const prepared = (await prepareTransactionRequest(client(), { ...rest, ...fees, account: address, chain } as never)) as Record<string, unknown>
    const signed = await viaVault(method, [toVaultTransaction(prepared, chain.id)], address)
    if (typeof signed !== 'string' || !isHex(signed)) throw invalid(method, 'the wallet returned no signed transaction')
    return signed
  }

  async function request(args: RequestArguments): Promise<unknown> {
    if (!args || typeof args !== 'object' || typeof args.method !== 'string') throw new InvalidParamsRpcError(new Error('expected { method, params }'))
    const { method } = args
    const params = paramsOf(args)
    switch (method) {
      case 'eth_accounts':
      case 'eth_requestAccounts': {
        const address = parameters.getAddress()
        return address ? [address] : []
      }
      case 'eth_chainId':
        return numberToHex(parameters.getChainId())
      case 'personal_sign': {
        const [data, address] = params
        if (typeof data !== 'string' || !isHex(data)) throw invalid(method, 'data must be hex')
        return viaVault(method, [data, connectedAddress(method, address)], connectedAddress(method))
      }
      case 'eth_signTypedData_v4': {
        const [address, typedData] = params
        const connected = connectedAddress(method, address)
        // As given (a string or an object): the vault makes its own copy of it and parses that once.
        return viaVault(method, [connected, typedData], connected)
      }
      case 'eth_signTransaction':
        return prepareAndSign(method, params[0])
      case 'eth_sendTransaction': {
        const serializedTransaction = await prepareAndSign(method, params[0])
        // The hash as soon as the network has the transaction (EIP-1193): the caller watches for receipts.
        return broadcaster().sendRawTransaction({ serializedTransaction })
      }
      case 'wallet_switchEthereumChain': {
        const target = (params[0] as { chainId?: unknown } | undefined)?.chainId
        if (typeof target !== 'string' || !isHex(target)) throw invalid(method, 'chainId must be hex')
        const chainId = hexToNumber(target)
        chainOf(chainId) // 4902 for a chain this deployment does not offer
        if (chainId !== parameters.getChainId()) {
          parameters.setChainId(chainId)
          events.emit('chainChanged', numberToHex(chainId))
        }
        return null
      }
      case 'wallet_addEthereumChain': {
        // The wallet serves exactly the deployment's chains: adding one it already has is a no-op.
        const target = (params[0] as { chainId?: unknown } | undefined)?.chainId
        if (typeof target !== 'string' || !isHex(target)) throw invalid(method, 'chainId must be hex')
        chainOf(hexToNumber(target))
        return null
      }
      default:
        if (READ_METHODS.has(method)) return client().request({ method, params } as never)
        throw new UnsupportedProviderMethodError(new Error(`${method} is not supported by the embedded wallet`))
    }
  }

  return {
    request,
    on: <E extends keyof EmbeddedProviderEvents>(event: E, listener: (payload: EmbeddedProviderEvents[E]) => void) => void events.on(event, listener),
    removeListener: <E extends keyof EmbeddedProviderEvents>(event: E, listener: (payload: EmbeddedProviderEvents[E]) => void) => events.off(event, listener),
    /** For the connector: tell listeners (wagmi) about account changes and disconnects. */
    emit: events.emit,
  }
}
