import { connect, createConfig, disconnect, reconnect } from '@wagmi/core'
import { http } from 'viem'
import { base, mainnet } from 'viem/chains'
import { describe, expect, it, vi } from 'vitest'
import { NetworkSwitchNotSupportedError } from '@sigil/lib/errors/wallet'
import { fakeWalletAccount } from '@/tests/fixtures/connectors/fakeProvider'
import { familyOf, lazyConnector, type LazyConnectorProperties, type LoadedConnector } from './lazyConnector'
import { createPersistedValues } from './persistedValues'
import { createMemoryStorage } from './storage'
import { stubConnector } from '@/tests/fixtures/connectors/stubConnector'

const ADDRESS = fakeWalletAccount.address

/** A family's real connector: connects to ADDRESS on base, records calls, can switch when asked to. */
function realFamily(options: { canSwitch?: boolean } = {}) {
  const calls: string[] = []
  let emit: ((event: 'change', data: { chainId: number }) => void) | undefined
  const build = stubConnector({
    id: 'family',
    name: 'Family Wallet',
    accounts: [ADDRESS],
    chainId: base.id,
    provider: { request: async () => null },
    with: (config) => {
      emit = (event, data) => config.emitter.emit(event, data)
      return {
        async setup() {
          calls.push('setup')
        },
        async connect() {
          calls.push('connect')
          return { accounts: [ADDRESS], chainId: base.id } as never
        },
        async disconnect() {
          calls.push('disconnect')
        },
        async isAuthorized() {
          calls.push('isAuthorized')
          return true
        },
        ...(options.canSwitch ? { async switchChain({ chainId }: { chainId: number }) { calls.push(`switch:${chainId}`); return mainnet } } : {}),
      }
    },
  })
  return { build: build as unknown as (config: Parameters<typeof build>[0]) => LoadedConnector, calls, emitChange: (chainId: number) => emit?.('change', { chainId }) }
}

function setup(
  options: { storage?: ReturnType<typeof createMemoryStorage>; canSwitch?: boolean; failFirstLoad?: boolean; moduleHere?: () => boolean; actInTap?: () => void } = {},
) {
  const storage = options.storage ?? createMemoryStorage()
  const family = realFamily(options)
  let failures = options.failFirstLoad ? 1 : 0
  const load = vi.fn(async () => {
    if (failures-- > 0) throw new Error('chunk failed to load')
    return family.build
  })
  const config = createConfig({
    chains: [mainnet, base],
    transports: { [mainnet.id]: http(), [base.id]: http() },
    connectors: [
      lazyConnector({
        id: 'family',
        type: 'family',
        properties: { name: 'Family Wallet' },
        load,
        loaded: options.moduleHere && (() => (options.moduleHere!() ? family.build : undefined)),
        actInTap: options.actInTap,
        storage,
        listing: { order: 1, tagline: { desktop: 'connect.tagline.embedded' } },
      }),
    ],
    storage: null,
  })
  const connector = config.connectors[0]! as (typeof config.connectors)[number] & LazyConnectorProperties
  return { config, connector, load, family, storage }
}

describe('lazyConnector', () => {
  it('reconnects without loading the family when nothing is stored for it', async () => {
    const { config, load } = setup()
    await reconnect(config)
    expect(load).not.toHaveBeenCalled()
    expect(config.state.status).toBe('disconnected')
  })

  it('loads the family and restores the connection when an account is stored for its key', async () => {
    const storage = createMemoryStorage()
    createPersistedValues('familywallet', storage).setActiveAccount(ADDRESS)
    const { config, load, family } = setup({ storage })
    await reconnect(config)
    expect(load).toHaveBeenCalledTimes(1)
    expect(family.calls).toEqual(['setup', 'isAuthorized', 'connect'])
    expect(config.state.status).toBe('connected')
  })

  it('calls the real connect in the same task once preloaded, so a popup can open inside the click', async () => {
    const { config, connector, family } = setup()
    connector.sigilFamily.preload({ isMobile: false })
    await connector.sigilFamily.load()
    const pending = connect(config, { connector })
    // No microtask has run yet: the real connect must already have been called.
    expect(family.calls).toContain('connect')
    await expect(pending).resolves.toMatchObject({ accounts: [ADDRESS], chainId: base.id })
  })

  it('calls the real connect in the same task when the family module is already here, though this connector never loaded', async () => {
    // The injected family's module comes with the dialog's click; its ~40 connectors are not built then.
    let moduleHere = false
    const { config, connector, family, load } = setup({ moduleHere: () => moduleHere })
    expect(connector.sigilFamily.loaded).toBeUndefined()
    moduleHere = true
    const pending = connect(config, { connector })
    // No microtask has run yet: the wallet is asked before the dialog renders its "connecting" state.
    expect(family.calls).toEqual(['setup', 'connect'])
    await expect(pending).resolves.toMatchObject({ accounts: [ADDRESS], chainId: base.id })
    expect(load).not.toHaveBeenCalled()
    expect(connector.sigilFamily.loaded).toBeDefined()
  })

  it('loads the module once for concurrent callers', async () => {
    const { connector, load } = setup()
    const [a, b] = await Promise.all([connector.sigilFamily.load(), connector.sigilFamily.load()])
    expect(a).toBe(b)
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('retries a failed module load on the next attempt', async () => {
    const { config, connector, load } = setup({ failFirstLoad: true })
    await expect(connect(config, { connector })).rejects.toThrow('chunk failed to load')
    await expect(connect(config, { connector })).resolves.toMatchObject({ accounts: [ADDRESS] })
    expect(load).toHaveBeenCalledTimes(2)
  })

  it('forwards the real connector’s events to wagmi through the shared emitter', async () => {
    const { config, connector, family } = setup()
    await connect(config, { connector })
    family.emitChange(mainnet.id)
    expect(config.state.connections.get(connector.uid)?.chainId).toBe(mainnet.id)
  })

  it('clears the persisted values on disconnect when the family was never loaded', async () => {
    const storage = createMemoryStorage()
    const persisted = createPersistedValues('familywallet', storage)
    persisted.setActiveAccount(ADDRESS)
    persisted.setCurrentChain(8453)
    const { connector, load } = setup({ storage })
    await connector.disconnect()
    expect(storage.size).toBe(0)
    expect(load).not.toHaveBeenCalled()
  })

  it('fails a switch with "Network switching not supported" when the family cannot switch', async () => {
    const { connector } = setup()
    await expect(connector.switchChain!({ chainId: mainnet.id })).rejects.toBeInstanceOf(NetworkSwitchNotSupportedError)
  })

  it('delegates switching to the family when it can', async () => {
    const { connector, family } = setup({ canSwitch: true })
    await connector.switchChain!({ chainId: mainnet.id })
    expect(family.calls).toContain(`switch:${mainnet.id}`)
  })

  it('exposes connector.sigil from the persisted values before anything loads', async () => {
    const storage = createMemoryStorage()
    createPersistedValues('familywallet', storage).setCurrentChain(8453)
    const { connector, config } = setup({ storage })
    expect(connector.sigil.key).toBe('familywallet')
    expect(connector.sigil.currentChainId).toBe(8453)
    expect(familyOf(connector)?.listing).toEqual({ order: 1, tagline: { desktop: 'connect.tagline.embedded' } })
    expect(familyOf(config.connectors[0]!)).toBeDefined()
    await disconnect(config).catch(() => {})
  })

  it('familyOf is undefined for connectors that are not lazy families', () => {
    expect(familyOf({ id: 'metamask' })).toBeUndefined()
  })

  it('is ready once loaded when the family has no readiness of its own', async () => {
    const { connector } = setup()
    expect(connector.sigilFamily.isReady()).toBe(false)
    await connector.sigilFamily.preload({ isMobile: false })
    expect(connector.sigilFamily.isReady()).toBe(true)
  })

  it('settles preload after the family prepared, and follows the family’s own readiness', async () => {
    let ready = false
    const prepare = vi.fn(async () => {
      await new Promise((resolve) => setTimeout(resolve, 5))
      ready = true
    })
    const build = stubConnector({ with: (config) => ({ ...realFamily().build(config), prepare, isReady: () => ready }) })
    const config = createConfig({
      chains: [mainnet],
      transports: { [mainnet.id]: http() },
      storage: null,
      connectors: [lazyConnector({ id: 'x', type: 'x', properties: { name: 'X' }, load: async () => build as never, storage: createMemoryStorage() })],
    })
    const handle = familyOf(config.connectors[0]!)!
    const preloading = handle.preload({ isMobile: true })
    expect(handle.isReady()).toBe(false)
    await preloading
    expect(prepare).toHaveBeenCalledWith({ isMobile: true })
    expect(handle.isReady()).toBe(true)
  })

  it('a family that acts in the tap does so in the same task as a connect before its module loaded, then connects', async () => {
    const tapped: string[] = []
    const { config, connector, family } = setup({ actInTap: () => tapped.push(`tap (connect calls so far: ${family.calls.length})`) })
    // A tap would act inside the gesture: the dialog need not hold the row back.
    expect(connector.sigilFamily.isReady()).toBe(true)
    const pending = connect(config, { connector })
    // No microtask has run yet, and the module has not arrived.
    expect(tapped).toEqual(['tap (connect calls so far: 0)'])
    await expect(pending).resolves.toMatchObject({ accounts: [ADDRESS], chainId: base.id })
  })

  it('does not act in the tap once loaded (the family acts itself), nor when reconnecting', async () => {
    const actInTap = vi.fn()
    const storage = createMemoryStorage()
    createPersistedValues('familywallet', storage).setActiveAccount(ADDRESS)
    const { config, connector } = setup({ storage, actInTap })
    await reconnect(config)
    expect(config.state.status).toBe('connected')
    await disconnect(config, { connector })
    await connect(config, { connector })
    expect(actInTap).not.toHaveBeenCalled()
  })

  it('never rejects a preload whose module fails to load', async () => {
    const { connector } = setup({ failFirstLoad: true })
    await expect(connector.sigilFamily.preload({ isMobile: false })).resolves.toBeUndefined()
    expect(connector.sigilFamily.isReady()).toBe(false)
  })
})
