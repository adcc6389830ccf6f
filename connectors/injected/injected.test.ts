import { connect, createConfig, disconnect, reconnect, switchChain } from '@wagmi/core'
import { http, numberToHex } from 'viem'
import { base, mainnet, optimism } from 'viem/chains'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  ConnectionRejectedError,
  InvalidAddressError,
  NetworkSwitchOnlyInWalletError,
  NetworkSwitchOnlyThroughWalletError,
  ProviderNotFoundError,
  ProviderNotFoundInitError,
  SwitchChainRejectedError,
  UnknownWalletError,
} from '@sigil/lib/errors/wallet'
import { storageKeys } from '@sigil/lib/storageNames'
import { walletBook } from '@sigil/wallet-book/index'
import type { EIP6963ProviderDetail } from '@sigil/wallet-book/resolve/types'
import { createFakeProvider, type FakeProvider, fakeWalletAccount, providerError } from '@/tests/fixtures/connectors/fakeProvider'
import { connectionEvents } from '../shared/connectionEvents'
import { setLogSink } from '../shared/logger'
import { createMemoryStorage } from '../shared/storage'

type MemoryStorage = ReturnType<typeof createMemoryStorage>
import { createDiscoveryStore } from './discovery'
import { injected, type InjectedParameters } from './injected'

const ADDRESS = fakeWalletAccount.address
const OTHER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

/** A window-like EventTarget holding `ethereum`, and a discovery store listening on it. */
function fakeWindow(ethereum?: FakeProvider) {
  const win = Object.assign(new EventTarget(), { ethereum }) as EventTarget & { ethereum?: FakeProvider }
  return win
}

function announce(win: EventTarget, provider: FakeProvider, info: Partial<EIP6963ProviderDetail['info']> = {}) {
  const detail = {
    info: { uuid: crypto.randomUUID(), name: 'Test Wallet', icon: 'data:image/svg+xml,<svg/>', rdns: 'dev.test.wallet', ...info },
    provider,
  }
  win.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
  return detail as unknown as EIP6963ProviderDetail
}

function setup(options: { win?: EventTarget; storage?: MemoryStorage; connector?: InjectedParameters } = {}) {
  const win = options.win ?? fakeWindow()
  const storage = options.storage ?? createMemoryStorage()
  const discovery = createDiscoveryStore(win)
  const connectorFn = injected({ storage, getWindow: () => win, discovery: () => discovery, ...options.connector })
  const config = createConfig({
    chains: [mainnet, base, optimism],
    transports: { [mainnet.id]: http(), [base.id]: http(), [optimism.id]: http() },
    connectors: [connectorFn],
    storage: null,
  })
  const connector = config.connectors[0]!
  return { config, connector, storage, win, discovery }
}

function metamaskProvider(options: Parameters<typeof createFakeProvider>[0] = {}) {
  return createFakeProvider({ ...options, flags: { isMetaMask: true, ...options.flags } })
}

afterEach(() => {
  vi.useRealTimers()
})

describe('injected connector: identity', () => {
  it('takes id, name, icon and rdns from the wallet-book entry', () => {
    const { connector } = setup({ connector: { wallet: 'metamask' } })
    expect(connector.id).toBe('metamask')
    expect(connector.name).toBe('MetaMask')
    expect(connector.icon).toBe(walletBook.metamask!.brand!.icon)
    expect(connector.rdns).toEqual(['io.metamask'])
    expect(connector.type).toBe('injected')
    expect((connector as unknown as { sigil: { key: string; walletConnectFallback: boolean } }).sigil).toMatchObject({
      key: 'metamask',
      walletConnectFallback: true,
    })
  })

  it('keys a book wallet by its book key everywhere, also when the display name differs (Trust Wallet → trust)', () => {
    const { connector } = setup({ connector: { wallet: 'trust' } })
    const sigil = (connector as unknown as { sigil: { key: string; overrideKey: string | undefined } }).sigil
    expect(connector.name).toBe('Trust Wallet')
    expect(connector.id).toBe('trust')
    expect(sigil.key).toBe('trust')
    expect(sigil.overrideKey).toBe('trust')
  })

  it('names an announced wallet the book does not know by connectorKey(name)', () => {
    const provider = createFakeProvider()
    const detail = { info: { uuid: '1', name: 'Spike Test Wallet', icon: 'https://evil.example/icon.png', rdns: 'dev.test.wallet' }, provider } as unknown as EIP6963ProviderDetail
    const { connector } = setup({ connector: { announced: detail } })
    expect(connector.id).toBe('spiketestwallet')
    expect(connector.name).toBe('Spike Test Wallet')
    // Never the announced address as is: a remote icon would be a third-party request at render time.
    expect(connector.icon).toBeUndefined()
  })

  it('is the generic "Browser wallet" without parameters', () => {
    const { connector } = setup()
    expect(connector.id).toBe('browserwallet')
    expect(connector.name).toBe('Browser wallet')
  })

  it('refuses a wallet key the book does not have with a typed error', () => {
    expect(() => injected({ wallet: 'nope' })).toThrow(UnknownWalletError)
  })
})

describe('injected connector: connecting', () => {
  it('connects, returns checksummed accounts and the chain, and persists account and chain', async () => {
    const provider = metamaskProvider({ chainId: base.id })
    const { config, connector, storage } = setup({ win: fakeWindow(provider), connector: { wallet: 'metamask' } })
    const result = await connect(config, { connector })
    expect(result).toEqual({ accounts: [ADDRESS], chainId: base.id })
    const keys = storageKeys('metamask')
    expect(storage.getItem(keys.activeAccount)).toBe(ADDRESS)
    expect(storage.getItem(keys.currentChain)).toBe('8453')
    expect(storage.getItem(keys.switchedNetwork)).toBeNull()
    expect(provider.listenerCount('accountsChanged')).toBe(1)
    expect(provider.listenerCount('chainChanged')).toBe(1)
    expect(provider.listenerCount('disconnect')).toBe(1)
    expect(config.state.status).toBe('connected')
  })

  it('asks the wallet for accounts inside the click, before anything is awaited, and asks once', async () => {
    const provider = metamaskProvider({ chainId: base.id })
    const { config, connector } = setup({ win: fakeWindow(provider), connector: { wallet: 'metamask' } })
    const pending = connect(config, { connector })
    // No microtask has run yet: the wallet's prompt is not held behind the page's own rendering.
    expect(provider.calls.map((call) => call.method)).toEqual(['eth_requestAccounts'])
    await expect(pending).resolves.toEqual({ accounts: [ADDRESS], chainId: base.id })
    expect(provider.callsOf('eth_requestAccounts')).toHaveLength(1)
  })

  it('does not let a wallet impersonating MetaMask be claimed as MetaMask', async () => {
    const rabby = createFakeProvider({ flags: { isMetaMask: true, isRabby: true } })
    const win = fakeWindow(rabby)
    const metamask = setup({ win, connector: { wallet: 'metamask' } })
    await expect(connect(metamask.config, { connector: metamask.connector })).rejects.toThrow(ProviderNotFoundInitError)
    const rabbyConnector = setup({ win, connector: { wallet: 'rabby' } })
    await expect(connect(rabbyConnector.config, { connector: rabbyConnector.connector })).resolves.toMatchObject({ accounts: [ADDRESS] })
  })

  it('finds a wallet-book wallet by its EIP-6963 rdns before looking at window.ethereum', async () => {
    const legacy = metamaskProvider()
    const announced = createFakeProvider()
    const win = fakeWindow(legacy)
    const { config, connector } = setup({ win, connector: { wallet: 'metamask' } })
    announce(win, announced, { name: 'MetaMask', rdns: 'io.metamask' })
    await connect(config, { connector })
    expect(announced.callsOf('eth_requestAccounts')).toHaveLength(1)
    expect(legacy.calls).toEqual([])
  })

  it('connects an announced wallet through its own provider', async () => {
    const provider = createFakeProvider({ chainId: optimism.id })
    const win = fakeWindow()
    const detail = announce(win, provider)
    const { config, connector } = setup({ win, connector: { announced: detail } })
    await expect(connect(config, { connector })).resolves.toEqual({ accounts: [ADDRESS], chainId: optimism.id })
  })

  it('reports a rejected connection with the catalogue message, emits connection-failed and leaves nothing behind', async () => {
    const restore = setLogSink(() => {})
    const provider = metamaskProvider({
      handlers: {
        eth_requestAccounts: () => {
          throw providerError(4001, 'User rejected the request.')
        },
      },
    })
    const { config, connector, storage } = setup({ win: fakeWindow(provider), connector: { wallet: 'metamask' } })
    const failed = vi.fn()
    const stop = connectionEvents.on('connectionFailed', failed)
    try {
      const error = await connect(config, { connector }).catch((caught: unknown) => caught)
      expect(error).toBeInstanceOf(ConnectionRejectedError)
      expect((error as Error).message).toBe('Connection rejected. Please try again.')
      expect((error as ConnectionRejectedError).code).toBe('connection_rejected')
      expect(failed).toHaveBeenCalledWith({ connectorKey: 'metamask', connectorName: 'MetaMask', error })
    } finally {
      stop()
      restore()
    }
    expect(config.state.status).toBe('disconnected')
    expect(config.state.connections.size).toBe(0)
    expect(storage.getItem(storageKeys('metamask').activeAccount)).toBeNull()
    expect(provider.listenerCount('accountsChanged')).toBe(0)
    expect(provider.listenerCount('chainChanged')).toBe(0)
    expect(provider.listenerCount('disconnect')).toBe(0)
  })

  it('a network change while the connection prompt is open, then a refusal, leaves nothing stored; the next connection starts unswitched', async () => {
    const restore = setLogSink(() => {})
    let refuse = true
    const provider = metamaskProvider({
      handlers: {
        eth_requestAccounts: async (_params, self) => {
          if (!refuse) return [ADDRESS]
          await new Promise((resolve) => setTimeout(resolve))
          self.emit('chainChanged', '0x2105')
          throw providerError(4001, 'User rejected the request.')
        },
      },
    })
    const { config, connector, storage } = setup({ win: fakeWindow(provider), connector: { wallet: 'metamask' } })
    try {
      await expect(connect(config, { connector })).rejects.toBeInstanceOf(ConnectionRejectedError)
      for (const key of Object.values(storageKeys('metamask'))) expect(storage.getItem(key), key).toBeNull()
      // Left over from an attempt before this fix, or from a session that vanished without a disconnect.
      storage.setItem(storageKeys('metamask').switchedNetwork, 'true')
      refuse = false
      await connect(config, { connector })
      expect(storage.getItem(storageKeys('metamask').switchedNetwork)).toBeNull()
      expect((connector as unknown as { sigil: { hasSwitchedNetwork: boolean } }).sigil.hasSwitchedNetwork).toBe(false)
    } finally {
      restore()
    }
  })

  it('can connect again after a rejection (the provider was reset and re-initialised)', async () => {
    const restore = setLogSink(() => {})
    let reject = true
    const provider = metamaskProvider({
      handlers: {
        eth_requestAccounts: (_params, self) => {
          if (reject) throw providerError(4001)
          self.state.connected = true
          return [ADDRESS]
        },
      },
    })
    const { config, connector } = setup({ win: fakeWindow(provider), connector: { wallet: 'metamask' } })
    await expect(connect(config, { connector })).rejects.toThrow(ConnectionRejectedError)
    reject = false
    await expect(connect(config, { connector })).resolves.toMatchObject({ accounts: [ADDRESS] })
    restore()
  })

  it('refuses a malformed address from the wallet with InvalidAddressError', async () => {
    const restore = setLogSink(() => {})
    const provider = metamaskProvider({ handlers: { eth_requestAccounts: () => ['0x1234'] } })
    const { config, connector } = setup({ win: fakeWindow(provider), connector: { wallet: 'metamask' } })
    await expect(connect(config, { connector })).rejects.toThrow(InvalidAddressError)
    restore()
  })

  it('fails with "No provider found (init connection)" after giving a late wallet 3 s to inject', async () => {
    vi.useFakeTimers()
    const restore = setLogSink(() => {})
    const { config, connector } = setup({ connector: { wallet: 'metamask' } })
    const settled = vi.fn()
    connect(config, { connector }).catch(settled)
    await vi.advanceTimersByTimeAsync(2999)
    expect(settled).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    expect(settled).toHaveBeenCalledWith(expect.any(ProviderNotFoundInitError))
    expect((settled.mock.calls[0]?.[0] as Error).message).toBe('No provider found (init connection)')
    restore()
  })

  it('waits for a wallet that injects late (ethereum#initialized) instead of reporting "no wallet"', async () => {
    vi.useFakeTimers()
    const win = fakeWindow()
    const { config, connector } = setup({ win, connector: { wallet: 'metamask' } })
    const result = connect(config, { connector })
    await vi.advanceTimersByTimeAsync(400)
    win.ethereum = metamaskProvider()
    win.dispatchEvent(new Event('ethereum#initialized'))
    await expect(result).resolves.toMatchObject({ accounts: [ADDRESS] })
  })
})

describe('injected connector: wallet events', () => {
  async function connected(chainId = mainnet.id) {
    const provider = metamaskProvider({ chainId })
    const context = setup({ win: fakeWindow(provider), connector: { wallet: 'metamask' } })
    await connect(context.config, { connector: context.connector })
    return { ...context, provider, keys: storageKeys('metamask') }
  }

  it('treats accountsChanged([]) as a disconnect: state, persisted values and listeners are cleared', async () => {
    const { config, provider, storage } = await connected()
    provider.emit('accountsChanged', [])
    await vi.waitFor(() => expect(config.state.status).toBe('disconnected'))
    expect(storage.size).toBe(0)
    expect(provider.listenerCount('accountsChanged')).toBe(0)
    expect(provider.listenerCount('chainChanged')).toBe(0)
  })

  it('makes the first account of accountsChanged the active one', async () => {
    const { config, connector, provider, storage, keys } = await connected()
    provider.emit('accountsChanged', [OTHER.toLowerCase(), ADDRESS])
    expect(storage.getItem(keys.activeAccount)).toBe(OTHER)
    expect(config.state.connections.get(connector.uid)?.accounts).toEqual([OTHER, ADDRESS])
  })

  it('ignores accountsChanged with a malformed address', async () => {
    const restore = setLogSink(() => {})
    const { config, connector, provider, storage, keys } = await connected()
    provider.emit('accountsChanged', ['0xnope'])
    expect(storage.getItem(keys.activeAccount)).toBe(ADDRESS)
    expect(config.state.connections.get(connector.uid)?.accounts).toEqual([ADDRESS])
    restore()
  })

  it('converts a hex chainChanged to a number, stores it and marks the network switched', async () => {
    const { config, connector, provider, storage, keys } = await connected()
    provider.emit('chainChanged', numberToHex(base.id))
    expect(config.state.connections.get(connector.uid)?.chainId).toBe(base.id)
    expect(storage.getItem(keys.currentChain)).toBe('8453')
    expect(storage.getItem(keys.switchedNetwork)).toBe('true')
  })

  it('ignores a chainChanged with the same chain id', async () => {
    const { connector, provider, storage, keys } = await connected(mainnet.id)
    const change = vi.fn()
    connector.emitter.on('change', change)
    provider.emit('chainChanged', '0x1')
    expect(change).not.toHaveBeenCalled()
    expect(storage.getItem(keys.switchedNetwork)).toBeNull()
  })

  it('reports a chain the app does not support as the connection chain (the UI flags "wrong network")', async () => {
    const { config, connector, provider } = await connected()
    provider.emit('chainChanged', '0x3e7')
    expect(config.state.connections.get(connector.uid)?.chainId).toBe(999)
  })

  it('stays connected on MetaMask\'s 1013 disconnect while accounts are still there', async () => {
    const { config, provider } = await connected()
    provider.emit('disconnect', providerError(1013, 'reconnecting'))
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(config.state.status).toBe('connected')
    provider.emit('disconnect', providerError(4900))
    await vi.waitFor(() => expect(config.state.status).toBe('disconnected'))
  })

  it('removes listeners through off() on providers without removeListener', async () => {
    const provider = metamaskProvider()
    const off = provider.removeListener
    Object.assign(provider, { removeListener: undefined, off })
    const { config, connector } = setup({ win: fakeWindow(provider), connector: { wallet: 'metamask' } })
    await connect(config, { connector })
    await disconnect(config, { connector })
    expect(provider.listenerCount('chainChanged')).toBe(0)
  })
})

describe('injected connector: chain switching', () => {
  it('switches through the shared rules and updates the connection chain', async () => {
    const provider = metamaskProvider({ chainId: mainnet.id })
    const { config, connector, storage } = setup({ win: fakeWindow(provider), connector: { wallet: 'metamask' } })
    await connect(config, { connector })
    await expect(switchChain(config, { chainId: base.id })).resolves.toBe(base)
    expect(config.state.connections.get(connector.uid)?.chainId).toBe(base.id)
    expect(storage.getItem(storageKeys('metamask').switchedNetwork)).toBe('true')
    expect(storage.getItem(storageKeys('metamask').currentChain)).toBe('8453')
  })

  it('refuses a chain outside the app\'s networks with the exact spec message, without asking the wallet', async () => {
    const provider = metamaskProvider()
    const { config, connector } = setup({ win: fakeWindow(provider), connector: { wallet: 'metamask' } })
    await connect(config, { connector })
    const calls = provider.calls.length
    const error = await switchChain(config, { chainId: 137 as never }).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(NetworkSwitchOnlyInWalletError)
    expect((error as Error).message).toBe('Network switching is not available at this time. The user should manually switch network in their wallet')
    expect(provider.calls.length).toBe(calls)
  })

  it('honours the wallet-book flag switchNetworkOnlyFromWallet', async () => {
    const provider = createFakeProvider({ flags: { isStubborn: true } })
    const book = {
      stubborn: {
        name: 'Stubborn',
        shortName: 'Stubborn',
        injectedConfig: [{ chain: 'evm' as const, extensionLocators: [{ flag: 'isStubborn', value: true }], windowLocations: [] }],
        switchNetworkOnlyFromWallet: true,
      },
    }
    const { config, connector } = setup({ win: fakeWindow(provider), connector: { wallet: 'stubborn', book } })
    await connect(config, { connector })
    await expect(switchChain(config, { chainId: base.id })).rejects.toThrow(NetworkSwitchOnlyThroughWalletError)
  })

  it('connects on the wallet\'s chain when the requested switch fails, but not when it is rejected', async () => {
    const restore = setLogSink(() => {})
    const failing = metamaskProvider({ handlers: { wallet_switchEthereumChain: () => { throw providerError(-32603, 'boom') } } })
    const first = setup({ win: fakeWindow(failing), connector: { wallet: 'metamask' } })
    await expect(connect(first.config, { connector: first.connector, chainId: base.id })).resolves.toMatchObject({ chainId: mainnet.id })

    const rejecting = metamaskProvider({ handlers: { wallet_switchEthereumChain: () => { throw providerError(4001) } } })
    const second = setup({ win: fakeWindow(rejecting), connector: { wallet: 'metamask' } })
    await expect(connect(second.config, { connector: second.connector, chainId: base.id })).rejects.toThrow(SwitchChainRejectedError)
    restore()
  })
})

describe('injected connector: disconnect and reconnect', () => {
  it('disconnect clears the persisted values, removes listeners and revokes the permission', async () => {
    const provider = metamaskProvider()
    const { config, connector, storage } = setup({ win: fakeWindow(provider), connector: { wallet: 'metamask' } })
    await connect(config, { connector })
    provider.emit('chainChanged', numberToHex(base.id))
    // Account, chain and the switched-network flag: a session topic is WalletConnect's alone.
    expect(storage.names().sort()).toEqual(['sigil.activeAccount.metamask', 'sigil.currentChain.metamask', 'sigil.switchedNetwork.metamask'])
    await disconnect(config, { connector })
    expect(storage.size).toBe(0)
    expect(provider.listenerCount('accountsChanged')).toBe(0)
    expect(provider.callsOf('wallet_revokePermissions')).toEqual([[{ eth_accounts: {} }]])
  })

  it('reconnects after a reload while connected', async () => {
    const provider = metamaskProvider({ chainId: base.id })
    const win = fakeWindow(provider)
    const storage = createMemoryStorage()
    const before = setup({ win, storage, connector: { wallet: 'metamask' } })
    await connect(before.config, { connector: before.connector })

    const after = setup({ win, storage, connector: { wallet: 'metamask' } })
    const connections = await reconnect(after.config)
    expect(connections).toHaveLength(1)
    expect(connections[0]).toMatchObject({ accounts: [ADDRESS], chainId: base.id })
    // No prompt on reload: only eth_accounts, never eth_requestAccounts again.
    expect(provider.callsOf('eth_requestAccounts')).toHaveLength(1)
  })

  /**
   * The wallet's extension and the same wallet over WalletConnect share the connector key, so the four
   * values (docs/connectors/stored-values.md#the-connector-key): values a WalletConnect session wrote
   * (its topic among them) are not a connection of the extension's.
   */
  function storedByWalletConnect(storage: MemoryStorage, key: string) {
    const keys = storageKeys(key)
    storage.setItem(keys.activeAccount, OTHER)
    storage.setItem(keys.sessionTopic, 'a'.repeat(64))
    storage.setItem(keys.currentChain, String(base.id))
    return () => [storage.getItem(keys.activeAccount), storage.getItem(keys.sessionTopic), storage.getItem(keys.currentChain)]
  }

  it("a reload without the extension, connected over WalletConnect under the same key, does not wait for the extension's late injection", async () => {
    vi.useFakeTimers()
    const storage = createMemoryStorage()
    const stored = storedByWalletConnect(storage, 'metamask')
    const { config, connector } = setup({ storage, connector: { wallet: 'metamask' } })
    // wagmi's reconnect asks every connector in turn and stays "reconnecting" until the last answers:
    // a chain switch waits for that, so three seconds here were three seconds of a phone user's switch.
    const settled = vi.fn()
    void connector.getProvider().then(settled)
    void reconnect(config).then(settled)
    await vi.advanceTimersByTimeAsync(0)
    expect(settled.mock.calls).toEqual([[undefined], [[]]])
    expect(stored()).toEqual([OTHER, 'a'.repeat(64), String(base.id)])
  })

  it("connector.sigil of the extension does not report a WalletConnect session's values under the same key as its own", async () => {
    const storage = createMemoryStorage()
    storedByWalletConnect(storage, 'metamask')
    storage.setItem(storageKeys('metamask').switchedNetwork, 'true')
    const { connector } = setup({ storage, connector: { wallet: 'metamask' } })
    expect(connector.sigil).toMatchObject({ activeAccount: undefined, connectedChain: undefined, currentChainId: undefined, hasSwitchedNetwork: false })
    // Once the session's topic is gone, the account is the extension's to report (as after its own connect).
    storage.removeItem(storageKeys('metamask').sessionTopic)
    expect(connector.sigil).toMatchObject({ activeAccount: { address: OTHER }, connectedChain: 'evm', currentChainId: base.id, hasSwitchedNetwork: true })
  })

  it("a connection the extension refused, undone, leaves a WalletConnect session's values under the same key", async () => {
    const restore = setLogSink(() => {})
    const provider = metamaskProvider({
      handlers: {
        eth_requestAccounts: () => {
          throw providerError(4001, 'User rejected the request.')
        },
      },
    })
    const storage = createMemoryStorage()
    const stored = storedByWalletConnect(storage, 'metamask')
    const { config, connector } = setup({ win: fakeWindow(provider), storage, connector: { wallet: 'metamask' } })
    await expect(connect(config, { connector })).rejects.toBeInstanceOf(ConnectionRejectedError)
    // As the dialog undoes a failed attempt (linking a second wallet while the session is current).
    await disconnect(config, { connector })
    expect(stored()).toEqual([OTHER, 'a'.repeat(64), String(base.id)])
    restore()
  })

  it('connected through the extension over the topic an ended WalletConnect session left under the same key, it is restored on reload', async () => {
    const provider = metamaskProvider()
    const win = fakeWindow(provider)
    const storage = createMemoryStorage()
    storedByWalletConnect(storage, 'metamask')
    const before = setup({ win, storage, connector: { wallet: 'metamask' } })
    await connect(before.config, { connector: before.connector })
    expect(storage.getItem(storageKeys('metamask').sessionTopic)).toBeNull()

    const after = setup({ win, storage, connector: { wallet: 'metamask' } })
    const connections = await reconnect(after.config)
    expect(connections.map((connection) => connection.accounts)).toEqual([[ADDRESS]])
  })

  it("an extension that shows no account leaves a WalletConnect session's values under the same key alone", async () => {
    const provider = metamaskProvider({ connected: false })
    const storage = createMemoryStorage()
    const stored = storedByWalletConnect(storage, 'metamask')
    const { config, connector } = setup({ win: fakeWindow(provider), storage, connector: { wallet: 'metamask' } })
    expect(await connector.isAuthorized()).toBe(false)
    expect(await reconnect(config)).toEqual([])
    // Cleared, the session would be lost: WalletConnect restores only the topic it finds stored.
    expect(stored()).toEqual([OTHER, 'a'.repeat(64), String(base.id)])
  })

  it('does not reconnect after the user disconnected, although the extension still exposes accounts', async () => {
    const provider = metamaskProvider({ handlers: { wallet_revokePermissions: () => null } })
    const win = fakeWindow(provider)
    const storage = createMemoryStorage()
    const before = setup({ win, storage, connector: { wallet: 'metamask' } })
    await connect(before.config, { connector: before.connector })
    await disconnect(before.config, { connector: before.connector })

    const after = setup({ win, storage, connector: { wallet: 'metamask' } })
    expect(await reconnect(after.config)).toEqual([])
  })

  it('is not authorized, and forgets the account, when the wallet no longer exposes accounts', async () => {
    const provider = metamaskProvider()
    const { config, connector, storage } = setup({ win: fakeWindow(provider), connector: { wallet: 'metamask' } })
    await connect(config, { connector })
    provider.state.connected = false
    expect(await connector.isAuthorized()).toBe(false)
    expect(storage.getItem(storageKeys('metamask').activeAccount)).toBeNull()
  })

  it('is not authorized when the wallet never answers eth_accounts (three 500 ms attempts)', async () => {
    const provider = metamaskProvider()
    const { config, connector } = setup({ win: fakeWindow(provider), connector: { wallet: 'metamask' } })
    await connect(config, { connector })
    vi.useFakeTimers()
    provider.state.connected = false
    Object.assign(provider, { request: () => new Promise(() => {}) })
    const authorized = connector.isAuthorized()
    await vi.advanceTimersByTimeAsync(1500)
    await expect(authorized).resolves.toBe(false)
  })

  it('getAccounts without a provider resets, re-initialises, waits 1000 ms, then fails with "No provider found"', async () => {
    vi.useFakeTimers()
    const restore = setLogSink(() => {})
    const { config, connector } = setup({ connector: { wallet: 'metamask' } })
    // The page's one late-injection wait (3 s) is spent by a first connect attempt.
    const first = connect(config, { connector }).catch(() => undefined)
    await vi.advanceTimersByTimeAsync(3000)
    await first
    const settled = vi.fn()
    connector.getAccounts().catch(settled)
    await vi.advanceTimersByTimeAsync(999)
    expect(settled).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    expect(settled).toHaveBeenCalledWith(expect.any(ProviderNotFoundError))
    expect((settled.mock.calls[0]?.[0] as Error).message).toBe('No provider found')
    restore()
  })

  it('getAccounts finds a provider that appears during the retry wait', async () => {
    vi.useFakeTimers()
    const restore = setLogSink(() => {})
    const win = fakeWindow()
    const { config, connector } = setup({ win, connector: { wallet: 'metamask' } })
    const first = connect(config, { connector }).catch(() => undefined)
    await vi.advanceTimersByTimeAsync(3000)
    await first
    const accounts = connector.getAccounts()
    await vi.advanceTimersByTimeAsync(500)
    win.ethereum = metamaskProvider({ connected: true })
    await vi.advanceTimersByTimeAsync(500)
    await expect(accounts).resolves.toEqual([ADDRESS])
    restore()
  })
})
