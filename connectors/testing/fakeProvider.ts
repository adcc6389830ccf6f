import { type Address, type Hex, hexToNumber, numberToHex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'

/**
 * A small in-memory EIP-1193 provider for unit tests of the connectors (end-to-end tests use a real
 * browser and chain). Its key is anvil's well-known test key #0, so its signatures are real and
 * verify with viem. Behaviour is overridable per method; every request is recorded.
 */
export const FAKE_WALLET_KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80' as const
export const fakeWalletAccount = privateKeyToAccount(FAKE_WALLET_KEY)

type Listener = (...args: unknown[]) => void
type Handler = (params: unknown, provider: FakeProvider) => unknown

export type FakeProvider = {
  request(args: { method: string; params?: unknown }): Promise<unknown>
  on(event: string, listener: Listener): FakeProvider
  removeListener(event: string, listener: Listener): FakeProvider
  /** Emits an EIP-1193 event to the listeners, as the wallet would. */
  emit(event: string, ...args: unknown[]): void
  listenerCount(event: string): number
  readonly calls: { method: string; params: unknown }[]
  callsOf(method: string): unknown[]
  state: { chainId: number; connected: boolean; accounts: Address[]; knownChains: Set<number> }
  [flag: string]: unknown
}

/** An EIP-1193 error as wallets throw it: an Error with a numeric `code` (and maybe `data`). */
export function providerError(code: number, message = `provider error ${code}`, data?: unknown): Error & { code: number; data?: unknown } {
  return Object.assign(new Error(message), { code, ...(data === undefined ? {} : { data }) })
}

export function createFakeProvider(
  options: {
    chainId?: number
    connected?: boolean
    accounts?: Address[]
    knownChains?: number[]
    flags?: Record<string, unknown>
    handlers?: Record<string, Handler>
  } = {},
): FakeProvider {
  const listeners = new Map<string, Set<Listener>>()
  const calls: { method: string; params: unknown }[] = []
  const state = {
    chainId: options.chainId ?? 1,
    connected: options.connected ?? false,
    accounts: options.accounts ?? [fakeWalletAccount.address],
    knownChains: new Set(options.knownChains ?? [1, 8453, 84532, 10, 42161, 137, 11155111, 31337]),
  }

  const defaults: Record<string, Handler> = {
    eth_requestAccounts: () => {
      state.connected = true
      return state.accounts.map((address) => address.toLowerCase())
    },
    eth_accounts: () => (state.connected ? state.accounts.map((address) => address.toLowerCase()) : []),
    eth_chainId: () => numberToHex(state.chainId),
    wallet_switchEthereumChain: (params) => {
      const chainId = hexToNumber((params as [{ chainId: Hex }])[0].chainId)
      if (!state.knownChains.has(chainId)) throw providerError(4902, `Unrecognized chain ID "${numberToHex(chainId)}".`)
      if (chainId !== state.chainId) {
        state.chainId = chainId
        provider.emit('chainChanged', numberToHex(chainId))
      }
      return null
    },
    wallet_addEthereumChain: (params) => {
      state.knownChains.add(hexToNumber((params as [{ chainId: Hex }])[0].chainId))
      return null
    },
    wallet_revokePermissions: () => {
      state.connected = false
      return null
    },
    personal_sign: (params) => {
      const [data, address] = params as [Hex, string]
      if (address !== fakeWalletAccount.address.toLowerCase()) throw providerError(4100, 'unknown account')
      return fakeWalletAccount.signMessage({ message: { raw: data } })
    },
  }

  const provider: FakeProvider = {
    ...options.flags,
    async request({ method, params }) {
      calls.push({ method, params })
      const handler = options.handlers?.[method] ?? defaults[method]
      if (!handler) throw providerError(4200, `unsupported method ${method}`)
      return handler(params, provider)
    },
    on(event, listener) {
      let set = listeners.get(event)
      if (!set) listeners.set(event, (set = new Set()))
      set.add(listener)
      return provider
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener)
      return provider
    },
    emit(event, ...args) {
      for (const listener of [...(listeners.get(event) ?? [])]) listener(...args)
    },
    listenerCount: (event) => listeners.get(event)?.size ?? 0,
    calls,
    callsOf: (method) => calls.filter((call) => call.method === method).map((call) => call.params),
    state,
  }
  return provider
}
