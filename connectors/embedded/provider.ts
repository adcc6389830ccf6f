import {
  type Address,
  type Chain,
  createPublicClient,
  getAddress,
  type Hex,
  hexToBigInt,
  hexToNumber,
  http,
  isAddress,
  isHex,
  InvalidParamsRpcError,
  type LocalAccount,
  numberToHex,
  type PublicClient,
  SwitchChainError,
  type TransactionSerializable,
  UnauthorizedProviderError,
  UnsupportedProviderMethodError,
  UserRejectedRequestError,
} from 'viem'
import { prepareTransactionRequest } from 'viem/actions'
import { isRpcProxyUrl } from '@/lib/config/rpc'
import { createTypedEmitter } from '../shared/typedEmitter'
import { waitForReceipt } from '../shared/waitForReceipt'
import { type ConfirmationDetails, describeMessage, describeTransaction, describeTypedData } from './confirmation/describe'
import { PasskeyCancelledError } from '@/lib/embedded/shared/errors'

/**
 * The embedded wallet's EIP-1193 provider. It signs locally with the unlocked HD account and sends
 * through the chain's RPC; everything else a dapp may read goes to that RPC too. Nothing is signed or
 * sent before the user approved it in the app's confirmation sheet (`confirm`): any script in the page
 * can call `request`, only the user's own click can approve. A request that needs the key while the
 * wallet is locked then asks for the passkey — one touch, inside that approving click.
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
  /** The signing account of `address`; unlocks with the passkey when needed. */
  getAccount(address: Address): Promise<LocalAccount>
  /**
   * Shows the user what a request would sign or send and waits for their decision: resolves on
   * approve, throws EIP-1193 4001 on reject. Called before the key is touched (before the passkey
   * too), for every request that uses it.
   */
  confirm(method: string, details: ConfirmationDetails): Promise<void>
  /** The page's host, to tell a sign-in for this site from one for another (`location.host`). */
  pageHost?: (() => string | undefined) | undefined
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

function paramsOf(args: RequestArguments): unknown[] {
  if (args.params === undefined) return []
  if (!Array.isArray(args.params)) throw new InvalidParamsRpcError(new Error(`${args.method}: params must be an array`))
  return args.params
}

function invalid(method: string, reason: string): InvalidParamsRpcError {
  return new InvalidParamsRpcError(new Error(`${method}: ${reason}`))
}

function quantity(value: unknown, method: string, field: string): bigint | undefined {
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'string' || !isHex(value, { strict: true })) throw invalid(method, `${field} must be a hex quantity`)
  return hexToBigInt(value)
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
   * Where a signed transaction is broadcast. The same-origin RPC proxy serves reads only (it keeps
   * the server's keyed RPC for reads, never for writes), so on a chain reached through it the
   * transaction goes to the chain's public RPC; a signed transaction is public once sent anyway.
   */
  function broadcaster(): PublicClient {
    const chainId = parameters.getChainId()
    const url = parameters.rpcUrls[chainId]
    const publicUrl = chainOf(chainId).rpcUrls.default.http[0]
    if (!url || !isRpcProxyUrl(url) || !publicUrl) return client()
    let found = broadcasters.get(chainId)
    if (!found) {
      found = createPublicClient({ chain: chainOf(chainId), transport: http(publicUrl, { retryCount: 1 }), pollingInterval: parameters.pollingInterval }) as PublicClient
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

  /** The connected account's key, once the user approved: unlocks with the passkey when locked. */
  async function signer(method: string): Promise<LocalAccount> {
    const address = connectedAddress(method)
    try {
      return await parameters.getAccount(address)
    } catch (error) {
      // A dismissed passkey prompt is the user declining the request (EIP-1193 4001).
      if (error instanceof PasskeyCancelledError) throw new UserRejectedRequestError(error)
      throw error
    }
  }

  /**
   * A transaction filled in (nonce, gas, fees) for the connected address, shown to the user, and only
   * after their approval signed by the key: what they saw is what is signed.
   */
  async function prepareAndConfirm(method: 'eth_sendTransaction' | 'eth_signTransaction', value: unknown) {
    const address = connectedAddress(method)
    const parsed = parseTransaction(value, method, address)
    const chain = chainOf(parameters.getChainId())
    if (parsed.chainId !== undefined && Number(parsed.chainId) !== chain.id) throw invalid(method, `chainId ${parsed.chainId} is not the current chain ${chain.id}`)
    const { chainId: _, gasPrice, maxFeePerGas, maxPriorityFeePerGas, ...rest } = parsed
    const fees = gasPrice !== undefined ? { gasPrice } : { maxFeePerGas, maxPriorityFeePerGas }
    const prepared = (await prepareTransactionRequest(client(), { ...rest, ...fees, account: address, chain } as never)) as Record<string, unknown>
    const { account: _account, from: _from, ...transaction } = prepared
    await parameters.confirm(method, describeTransaction(transaction, chain, method === 'eth_sendTransaction'))
    return { account: await signer(method), transaction: transaction as unknown as TransactionSerializable }
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
        connectedAddress(method, address)
        await parameters.confirm(method, describeMessage(data, parameters.pageHost?.()))
        const account = await signer(method)
        return account.signMessage({ message: { raw: data } })
      }
      case 'eth_signTypedData_v4': {
        const [address, typedData] = params
        connectedAddress(method, address)
        let parsed: unknown
        try {
          parsed = typeof typedData === 'string' ? JSON.parse(typedData) : typedData
        } catch {
          throw invalid(method, 'typed data must be JSON')
        }
        if (!parsed || typeof parsed !== 'object') throw invalid(method, 'typed data must be an object')
        const domain = (parsed as { domain?: { chainId?: unknown } }).domain
        // EIP-712: a domain bound to another chain must not be signed on this one.
        if (domain?.chainId !== undefined && Number(domain.chainId) !== parameters.getChainId()) throw invalid(method, 'domain.chainId is not the current chain')
        await parameters.confirm(method, describeTypedData(parsed as Record<string, unknown>, parameters.chains))
        const account = await signer(method)
        return account.signTypedData(parsed as never)
      }
      case 'eth_signTransaction': {
        const { account, transaction } = await prepareAndConfirm(method, params[0])
        return account.signTransaction!(transaction)
      }
      case 'eth_sendTransaction': {
        const { account, transaction } = await prepareAndConfirm(method, params[0])
        const serializedTransaction = await account.signTransaction!(transaction)
        const rpc = client()
        const hash = await broadcaster().sendRawTransaction({ serializedTransaction })
        // SPEC.md §9: the receipt is awaited for 3 confirmations before the request resolves.
        await waitForReceipt(rpc, hash, { pollingInterval: parameters.pollingInterval })
        return hash
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
