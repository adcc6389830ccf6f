import { createConfig } from '@wagmi/core'
import { http, numberToHex } from 'viem'
import { base, mainnet } from 'viem/chains'
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest'
import { SigilError } from '@sigil/lib/errors/SigilError'
import { ConnectionRejectedError, InvalidAddressError, SwitchChainRejectedError, UnknownWalletError } from '@sigil/lib/errors/wallet'
import { createFakeProvider, type FakeProvider, fakeWalletAccount, providerError } from '@/tests/fixtures/connectors/fakeProvider'
import { connectionEvents, type ConnectionFailedEvent, type NetworkSwitchFailedEvent } from './connectionEvents'
import { type ConnectParameters, createFamilyConnector, type FamilyDefinition } from './familyConnector'
import { setLogSink } from './logger'
import { createPersistedValues, type PersistedValues } from './persistedValues'
import { createMemoryStorage } from './storage'
import { readAccounts, readChainId, requestOf } from './walletReads'

const ADDRESS = fakeWalletAccount.address
const OTHER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

type Definition = FamilyDefinition<FakeProvider, Record<string, unknown>>

/** A made-up family over the fake EIP-1193 provider, stating nothing but what a test overrides. */
function setup(options: { provider?: FakeProvider; persisted?: PersistedValues; family?: Partial<Definition> } = {}) {
  const provider = options.provider ?? createFakeProvider()
  const persisted = options.persisted ?? createPersistedValues('testwallet', createMemoryStorage())
  const lifecycle = { reset: vi.fn(), init: vi.fn(async () => provider) }
  const disconnectProvider = vi.fn()
  const connectorFn = createFamilyConnector<FakeProvider, Record<string, unknown>>(() => ({
    properties: { id: 'testwallet', name: 'Test Wallet', type: 'test', extra: 'own member' },
    key: 'testwallet',
    persisted,
    open: async () => provider,
    reinitialiseAfterRejection: lifecycle,
    disconnect: () => disconnectProvider,
    getAccounts: () => readAccounts(provider),
    getChainId: () => readChainId(provider),
    getProvider: async () => provider,
    isAuthorized: async () => false,
    switchTarget: () => ({ request: requestOf(provider) }),
    ...options.family,
  }))
  const config = createConfig({
    chains: [mainnet, base],
    transports: { [mainnet.id]: http(), [base.id]: http() },
    connectors: [connectorFn],
    storage: null,
  })
  const connector = config.connectors[0]!
  const failed: ConnectionFailedEvent[] = []
  const stop = connectionEvents.on('connectionFailed', (event) => failed.push(event))
  stops.push(stop)
  return { provider, persisted, lifecycle, disconnectProvider, connector, failed }
}

const stops: (() => void)[] = []
const restoreLog = setLogSink(() => {})
afterEach(() => {
  for (const stop of stops.splice(0)) stop()
})
afterAll(() => restoreLog())

function listenerCounts(provider: FakeProvider) {
  return ['accountsChanged', 'chainChanged', 'disconnect'].map((event) => provider.listenerCount(event))
}

describe('createFamilyConnector: identity', () => {
  it('shows the family’s identity and its own members on the connector', () => {
    const { connector } = setup()
    expect(connector).toMatchObject({ id: 'testwallet', name: 'Test Wallet', type: 'test', extra: 'own member' })
  })
})

describe('createFamilyConnector: connect', () => {
  it('asks for accounts, stores the account and chain, and listens once', async () => {
    const { connector, provider, persisted } = setup()
    await expect(connector.connect()).resolves.toEqual({ accounts: [ADDRESS], chainId: mainnet.id })
    await connector.connect()
    expect(provider.callsOf('eth_requestAccounts')).toHaveLength(2)
    expect(persisted.getActiveAccount()).toBe(ADDRESS)
    expect(persisted.getCurrentChain()).toBe(mainnet.id)
    expect(listenerCounts(provider)).toEqual([1, 1, 1])
  })

  it('returns accounts with capabilities when asked', async () => {
    const { connector } = setup()
    await expect(connector.connect({ withCapabilities: true })).resolves.toEqual({
      accounts: [{ address: ADDRESS, capabilities: {} }],
      chainId: mainnet.id,
    })
  })

  it('switches to the requested chain after connecting', async () => {
    const { connector, provider, persisted } = setup()
    await expect(connector.connect({ chainId: base.id })).resolves.toEqual({ accounts: [ADDRESS], chainId: base.id })
    expect(provider.callsOf('wallet_switchEthereumChain')).toEqual([[{ chainId: numberToHex(base.id) }]])
    expect(persisted.getCurrentChain()).toBe(base.id)
    expect(persisted.getSwitchedNetwork()).toBe(true)
  })

  it('stays connected on the wallet’s chain when the switch fails for another reason than the user', async () => {
    const provider = createFakeProvider({ handlers: { wallet_switchEthereumChain: () => Promise.reject(providerError(4200)) } })
    const { connector, persisted } = setup({ provider })
    await expect(connector.connect({ chainId: base.id })).resolves.toEqual({ accounts: [ADDRESS], chainId: mainnet.id })
    expect(persisted.getCurrentChain()).toBe(mainnet.id)
  })

  it('fails when the user rejects the switch, reporting it and storing nothing', async () => {
    const provider = createFakeProvider({ handlers: { wallet_switchEthereumChain: () => Promise.reject(providerError(4001)) } })
    const { connector, persisted, failed } = setup({ provider })
    await expect(connector.connect({ chainId: base.id })).rejects.toThrow(SwitchChainRejectedError)
    expect(failed.map((event) => event.error)).toEqual([expect.any(SwitchChainRejectedError)])
    expect(persisted.getActiveAccount()).toBeUndefined()
    expect(listenerCounts(provider)).toEqual([0, 0, 0])
  })

  it('maps a rejection, reports it once, detaches, and resets and re-initialises the provider (docs/connectors/lifecycle.md#when-connecting-fails)', async () => {
    const provider = createFakeProvider({ handlers: { eth_requestAccounts: () => Promise.reject(providerError(4001, 'User rejected the request.')) } })
    const { connector, persisted, lifecycle, failed } = setup({ provider })
    const error = await connector.connect().catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ConnectionRejectedError)
    expect(failed).toEqual([{ connectorKey: 'testwallet', connectorName: 'Test Wallet', error }])
    expect(lifecycle.reset).toHaveBeenCalledOnce()
    expect(lifecycle.init).toHaveBeenCalledOnce()
    expect(listenerCounts(provider)).toEqual([0, 0, 0])
    expect(persisted.getActiveAccount()).toBeUndefined()
  })

  it('does not reset the provider after a failure that is not a rejection', async () => {
    const provider = createFakeProvider({ handlers: { eth_requestAccounts: () => ['not an address'] } })
    const { connector, lifecycle, failed } = setup({ provider })
    await expect(connector.connect()).rejects.toThrow(InvalidAddressError)
    expect(failed).toHaveLength(1)
    expect(lifecycle.reset).not.toHaveBeenCalled()
  })

  it('fails with AccountNotFound when the wallet grants no account', async () => {
    const provider = createFakeProvider({ accounts: [] })
    const { connector } = setup({ provider })
    await expect(connector.connect()).rejects.toMatchObject({ code: 'account_not_found' })
  })

  it('rejects an answer that is not a list of accounts', async () => {
    const provider = createFakeProvider({ handlers: { eth_requestAccounts: () => ADDRESS } })
    const { connector } = setup({ provider })
    await expect(connector.connect()).rejects.toThrow(UnknownWalletError)
  })

  it('reports a provider that cannot be opened, mapped to a Sigil error', async () => {
    const { connector, failed } = setup({ family: { open: () => Promise.reject(new Error('no SDK')) } })
    const error = await connector.connect().catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(SigilError)
    expect(failed).toEqual([expect.objectContaining({ error })])
  })

  it('throws a quiet failure without reporting it', async () => {
    const quiet = new ConnectionRejectedError({ details: 'view closed' })
    const { connector, failed } = setup({ family: { open: () => Promise.reject(quiet), isQuietFailure: (error) => error === quiet } })
    await expect(connector.connect()).rejects.toBe(quiet)
    expect(failed).toEqual([])
  })

  it('on a failed reconnect drops the stored values and reports nothing', async () => {
    const provider = createFakeProvider({ connected: false })
    const { connector, persisted, failed } = setup({ provider })
    persisted.setActiveAccount(ADDRESS)
    persisted.setCurrentChain(mainnet.id)
    await expect(connector.connect({ isReconnecting: true })).rejects.toMatchObject({ code: 'account_not_found' })
    expect(persisted.getActiveAccount()).toBeUndefined()
    expect(persisted.getCurrentChain()).toBeUndefined()
    expect(failed).toEqual([])
  })

  it('reconnects from the connected accounts without asking the user', async () => {
    const provider = createFakeProvider({ connected: true })
    const { connector } = setup({ provider })
    await expect(connector.connect({ isReconnecting: true })).resolves.toEqual({ accounts: [ADDRESS], chainId: mainnet.id })
    expect(provider.callsOf('eth_requestAccounts')).toEqual([])
  })

  it('asks at once, before anything is awaited, and uses that answer', async () => {
    const provider = createFakeProvider()
    let opened = false
    const askAtOnce = vi.fn(() => {
      expect(opened).toBe(false)
      return Promise.resolve([OTHER])
    })
    const { connector } = setup({ provider, family: { askAtOnce, open: async () => ((opened = true), provider) } })
    const connecting = connector.connect()
    expect(askAtOnce).toHaveBeenCalledOnce()
    await expect(connecting).resolves.toEqual({ accounts: [OTHER], chainId: mainnet.id })
    expect(provider.callsOf('eth_requestAccounts')).toEqual([])
  })

  it('runs the family’s steps in order: granted accounts, chain, remember, switch, connected', async () => {
    const steps: string[] = []
    const provider = createFakeProvider()
    const { connector } = setup({
      provider,
      family: {
        grantAccounts: () => (steps.push('accounts'), [OTHER]),
        connectedChainId: (_provider, requested) => (steps.push(`chain ${requested}`), mainnet.id),
        remember: ({ account, chainId }) => steps.push(`remember ${account} ${chainId}`),
        switchTarget: () => (steps.push('switch'), { request: requestOf(provider) }),
        onConnected: () => steps.push('connected'),
      },
    })
    await connector.connect({ chainId: base.id })
    expect(steps).toEqual(['accounts', `chain ${base.id}`, `remember ${OTHER} ${mainnet.id}`, 'switch', 'connected'])
  })

  it('listens before the accounts are asked for when the family says so', async () => {
    let counted: number[] = []
    const provider = createFakeProvider({
      handlers: {
        eth_requestAccounts: (_params, self) => {
          counted = listenerCounts(self)
          return [ADDRESS]
        },
      },
    })
    const { connector } = setup({ provider, family: { listenBeforeAccounts: true } })
    await connector.connect()
    expect(counted).toEqual([1, 1, 1])
  })

  it('returns the account and chain the wallet reported while connect was still reading, not the stale ones it read first', async () => {
    // wagmi only follows `change` once connect has returned: what happens meanwhile must not be lost.
    const provider = createFakeProvider({
      handlers: {
        eth_chainId: (_params, self) => {
          self.emit('accountsChanged', [OTHER.toLowerCase()])
          self.emit('chainChanged', numberToHex(base.id))
          return numberToHex(mainnet.id)
        },
      },
    })
    const { connector, persisted } = setup({ provider, family: { listenBeforeAccounts: true } })
    await expect(connector.connect()).resolves.toEqual({ accounts: [OTHER], chainId: base.id })
    expect(persisted.getActiveAccount()).toBe(OTHER)
    expect(persisted.getCurrentChain()).toBe(base.id)
  })

  it('keeps what it read when the wallet reported nothing meanwhile, even after earlier reports', async () => {
    const { connector, provider } = setup()
    await connector.connect()
    provider.emit('accountsChanged', [OTHER.toLowerCase()])
    provider.emit('chainChanged', numberToHex(base.id))
    await expect(connector.connect()).resolves.toEqual({ accounts: [ADDRESS], chainId: mainnet.id })
  })

  it('undoes a connection that failed after opening, before reporting it', async () => {
    const provider = createFakeProvider({ accounts: [] })
    const order: string[] = []
    const { connector, failed } = setup({ provider, family: { abandonConnection: () => void order.push(`abandon, reported ${failed.length}`) } })
    await connector.connect().catch(() => undefined)
    expect(order).toEqual(['abandon, reported 0'])
    expect(failed).toHaveLength(1)
  })
  it('hands the asker’s signal to the family; once it aborted, the failure is thrown but never reported', async () => {
    const controller = new AbortController()
    const seen: (AbortSignal | undefined)[] = []
    const { connector, failed } = setup({
      family: {
        grantAccounts: (_provider, { signal }) => {
          seen.push(signal)
          return new Promise((_resolve, reject) => signal?.addEventListener('abort', () => reject(providerError(4001))))
        },
      },
    })
    const parameters: ConnectParameters = { signal: controller.signal }
    const connecting = connector.connect(parameters)
    await vi.waitFor(() => expect(seen).toEqual([controller.signal]))
    controller.abort()
    await expect(connecting).rejects.toMatchObject({ code: 'connection_rejected' })
    expect(failed).toEqual([])

    // The same refusal with no one leaving is reported, as before.
    const { connector: other, failed: otherFailed } = setup({ family: { grantAccounts: () => Promise.reject(providerError(4001)) } })
    await expect(other.connect()).rejects.toMatchObject({ code: 'connection_rejected' })
    expect(otherFailed).toHaveLength(1)
  })
})

describe('createFamilyConnector: wallet events', () => {
  it('follows accountsChanged and chainChanged', async () => {
    const { connector, provider, persisted } = setup()
    await connector.connect()
    const change = vi.fn()
    connector.emitter.on('change', change)
    provider.emit('accountsChanged', [OTHER.toLowerCase()])
    provider.emit('chainChanged', numberToHex(base.id))
    expect(persisted.getActiveAccount()).toBe(OTHER)
    expect(persisted.getCurrentChain()).toBe(base.id)
    expect(persisted.getSwitchedNetwork()).toBe(true)
    expect(change.mock.calls.map(([data]) => data)).toEqual([
      expect.objectContaining({ accounts: [OTHER] }),
      expect.objectContaining({ chainId: base.id }),
    ])
  })

  it('runs the network switch on a different chain (docs/connectors/chain-switching.md#when-the-wallet-switches-by-itself): a chain outside the supported ones fails it with the catalogue message; a supported or the same one does not', async () => {
    const { connector, provider, persisted } = setup({ family: { switchTarget: () => ({ request: requestOf(provider), supportedChains: [mainnet, base] }) } })
    await connector.connect()
    const refused: NetworkSwitchFailedEvent[] = []
    stops.push(connectionEvents.on('networkSwitchFailed', (event) => refused.push(event)))
    provider.emit('chainChanged', numberToHex(base.id))
    provider.emit('chainChanged', numberToHex(base.id))
    await vi.waitFor(() => expect(persisted.getCurrentChain()).toBe(base.id))
    provider.emit('chainChanged', numberToHex(424242))
    await vi.waitFor(() => expect(refused).toHaveLength(1))
    expect(refused[0]).toMatchObject({ connectorKey: 'testwallet', chainId: 424242 })
    expect(refused[0]!.error).toMatchObject({
      code: 'network_switching_only_available_in_wallet',
      message: 'Network switching is not available at this time. The user should manually switch network in their wallet',
    })
    // The app still follows the wallet: the chain is stored and the flag set.
    expect(persisted.getCurrentChain()).toBe(424242)
    expect(persisted.getSwitchedNetwork()).toBe(true)
    // Back on a supported chain: nothing more is refused.
    provider.emit('chainChanged', numberToHex(mainnet.id))
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(refused).toHaveLength(1)
  })

  it('ends the session on an empty accountsChanged', async () => {
    const endAfterWalletDisconnect = vi.fn()
    const { connector, provider, persisted } = setup({ family: { endAfterWalletDisconnect } })
    await connector.connect()
    const disconnected = vi.fn()
    connector.emitter.on('disconnect', disconnected)
    provider.emit('accountsChanged', [])
    await vi.waitFor(() => expect(disconnected).toHaveBeenCalledOnce())
    expect(endAfterWalletDisconnect).toHaveBeenCalledOnce()
    expect(persisted.getActiveAccount()).toBeUndefined()
    expect(listenerCounts(provider)).toEqual([0, 0, 0])
  })

  it('ignores an empty accountsChanged where it does not mean a disconnect', async () => {
    const { connector, provider, persisted } = setup({ family: { emptyAccountsMeansDisconnect: false } })
    await connector.connect()
    provider.emit('accountsChanged', [])
    await Promise.resolve()
    expect(persisted.getActiveAccount()).toBe(ADDRESS)
    expect(listenerCounts(provider)).toEqual([1, 1, 1])
  })

  it('keeps the session through a disconnect event the family calls transient', async () => {
    const { connector, provider, persisted } = setup({ family: { isTransientDisconnect: async (error) => (error as { code?: number })?.code === 1013 } })
    await connector.connect()
    provider.emit('disconnect', providerError(1013))
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(persisted.getActiveAccount()).toBe(ADDRESS)
  })

  it('listens through the family’s own events when it names them', async () => {
    const { connector, provider, persisted } = setup({
      family: { listeners: (handlers) => ({ session_delete: () => handlers.onDisconnect() }) },
    })
    await connector.connect()
    expect(provider.listenerCount('session_delete')).toBe(1)
    expect(listenerCounts(provider)).toEqual([0, 0, 0])
    provider.emit('session_delete')
    await vi.waitFor(() => expect(persisted.getActiveAccount()).toBeUndefined())
    expect(provider.listenerCount('session_delete')).toBe(0)
  })
})

describe('createFamilyConnector: disconnect and switchChain', () => {
  it('asks the family before clearing, ends the wallet’s side after, and stops listening', async () => {
    const persisted = createPersistedValues('testwallet', createMemoryStorage())
    const seen: (string | undefined)[] = []
    const { connector, provider } = setup({
      persisted,
      family: {
        disconnect: () => {
          seen.push(persisted.getActiveAccount())
          return () => void seen.push(persisted.getActiveAccount())
        },
      },
    })
    await connector.connect()
    await connector.disconnect()
    expect(seen).toEqual([ADDRESS, undefined])
    expect(listenerCounts(provider)).toEqual([0, 0, 0])
  })

  it('clears the stored values even when the wallet fails to disconnect', async () => {
    const { connector, persisted } = setup({ family: { disconnect: () => () => Promise.reject(new Error('gone')) } })
    await connector.connect()
    await expect(connector.disconnect()).resolves.toBeUndefined()
    expect(persisted.getActiveAccount()).toBeUndefined()
  })

  it('switches through the family’s target, within its chains, and reports the change', async () => {
    const provider = createFakeProvider()
    const { connector } = setup({ provider, family: { switchTarget: () => ({ request: requestOf(provider), supportedChains: [mainnet] }) } })
    await connector.connect()
    await expect(connector.switchChain!({ chainId: base.id })).rejects.toMatchObject({ code: 'network_switching_only_available_in_wallet' })
    const change = vi.fn()
    connector.emitter.on('change', change)
    await expect(connector.switchChain!({ chainId: mainnet.id })).resolves.toBe(mainnet)
    expect(change).toHaveBeenCalledWith(expect.objectContaining({ chainId: mainnet.id }))
  })
})
