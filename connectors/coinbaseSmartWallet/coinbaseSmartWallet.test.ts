import { connect, createConfig, disconnect, reconnect, switchChain } from '@wagmi/core'
import { http, numberToHex, stringToHex, type Address } from 'viem'
import { mainnet } from 'viem/chains'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { base, baseSepolia } from '@sigil/lib/chains'
import { ConnectionRejectedError, RequestTimeoutError, UserRejectedError } from '@sigil/lib/errors/wallet'
import { coinbaseSmartWallet as catalogue } from './messages'
import { signPersonalMessage } from '@sigil/react/wagmi/signPersonalMessage'
import { connectionEvents, type ConnectionFailedEvent } from '../shared/connectionEvents'
import { setLogSink, type LogFields } from '../shared/logger'
import { createPersistedValues } from '../shared/persistedValues'
import { createMemoryStorage } from '../shared/storage'
import { createFakePopupHost } from '@/tests/fixtures/connectors/fakePopupHost'
import { createFakeProvider, type FakeProvider, fakeWalletAccount, providerError } from '@/tests/fixtures/connectors/fakeProvider'
import { coinbaseSmartWallet, type CoinbaseProvider, type CoinbaseSdkModule, type CoinbaseSmartWalletParameters } from './coinbaseSmartWallet'
import { CoinbaseKeysUrlInvalidError, CoinbasePreferenceInvalidError } from './errors'
import { coinbaseSmartWalletProperties } from './family'

const ADDRESS = fakeWalletAccount.address
const OTHER: Address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const KEY = 'coinbasesmartwallet'
const CHAIN_IDS = [mainnet.id, base.id, baseSepolia.id]
const properties = coinbaseSmartWalletProperties(CHAIN_IDS)

type SdkOptions = Parameters<CoinbaseSdkModule['createCoinbaseWalletSDK']>[0]

/**
 * A stand-in for `@coinbase/wallet-sdk` at the module edge: each SDK instance hands out one fake
 * EIP-1193 provider (the real SDK and its popup are exercised end to end in tests/e2e/coinbase.spec.ts).
 * Like the SDK's smart-wallet signer, it starts on the first `appChainIds` entry, switches between
 * the chains the wallet listed without asking, and emits `disconnect` from its own `disconnect()`.
 */
function fakeSdk(configure: (provider: FakeProvider) => void = () => {}) {
  const created: { options: SdkOptions; provider: FakeProvider & { disconnect: () => Promise<void> } }[] = []
  const sdkModule: CoinbaseSdkModule = {
    createCoinbaseWalletSDK(options) {
      const fake = createFakeProvider({ chainId: options.appChainIds?.[0] ?? 1 })
      const provider = Object.assign(fake, {
        disconnect: async () => {
          fake.state.connected = false
          fake.emit('disconnect', providerError(4900, 'User initiated disconnection'))
        },
      })
      configure(provider)
      created.push({ options, provider })
      return { getProvider: () => provider as unknown as CoinbaseProvider }
    },
  }
  return { sdkModule, created, loadSdk: vi.fn(async () => sdkModule) }
}

function setup(options: { storage?: ReturnType<typeof createMemoryStorage>; parameters?: Partial<CoinbaseSmartWalletParameters>; sdk?: ReturnType<typeof fakeSdk> } = {}) {
  const storage = options.storage ?? createMemoryStorage()
  const sdk = options.sdk ?? fakeSdk()
  // The browser window the popup opens from (these tests run in Node).
  const popupHost = createFakePopupHost()
  const config = createConfig({
    chains: [mainnet, base, baseSepolia],
    transports: { [mainnet.id]: http(), [base.id]: http(), [baseSepolia.id]: http() },
    connectors: [coinbaseSmartWallet({ properties, appName: 'Sigil', storage, loadSdk: sdk.loadSdk, popupHost: () => popupHost.host, ...options.parameters })],
    storage: null,
  })
  const connector = config.connectors[0]! as (typeof config.connectors)[number] & { prepare(context: { isMobile: boolean }): void }
  const persisted = createPersistedValues(KEY, storage)
  /** The provider of the latest SDK instance. */
  const provider = () => sdk.created.at(-1)!.provider
  return { config, connector, storage, sdk, persisted, provider, popupHost }
}

const KEYS_URL = 'http://127.0.0.1:4999/connect'

/**
 * A fake SDK whose `eth_requestAccounts` opens its popup as the real one does — `window.open` on the
 * host, synchronously in the call — and answers once the page is loaded, unless `neverAnswers`.
 * With `neverAnswers` it waits as the real SDK does, until the page says `PopupUnload`.
 */
function popupSdk(context: { host?: ReturnType<typeof createFakePopupHost> }, options: { neverAnswers?: boolean } = {}) {
  return fakeSdk((provider) => {
    const answer = provider.request.bind(provider)
    provider.request = async (args) => {
      if (args.method !== 'eth_requestAccounts') return answer(args)
      context.host!.host.open(new URL(KEYS_URL), 'wallet_x', 'width=420')
      if (!options.neverAnswers) return answer(args)
      return new Promise((_, reject) => {
        context.host!.host.addEventListener('message', (event) => {
          if ((event as MessageEvent<{ event?: string }>).data?.event === 'PopupUnload') reject(providerError(4001, 'Request rejected'))
        })
      })
    }
  })
}

/** Creates the SDK ahead of the tap, as the connect dialog does when it opens. */
async function prepared(context: ReturnType<typeof setup>) {
  context.connector.prepare({ isMobile: false })
  await vi.waitFor(() => expect(context.sdk.created).toHaveLength(1))
  await new Promise((resolve) => setTimeout(resolve, 0))
  return context
}

const cleanups: (() => void)[] = []
afterEach(() => cleanups.splice(0).forEach((cleanup) => cleanup()))

function captureLogs() {
  const entries: { level: string; event: string; fields: LogFields }[] = []
  cleanups.push(setLogSink((level, event, fields) => entries.push({ level, event, fields })))
  return entries
}

describe('coinbaseSmartWallet: the SDK it creates', () => {
  it('creates the SDK with smartWalletOnly, the app name and logo, and appChainIds with 84532 then 8453 first', async () => {
    const { connector, sdk } = setup({ parameters: { appLogoUrl: () => 'https://sigil.example/icon.svg' } })
    connector.prepare({ isMobile: false })
    await vi.waitFor(() => expect(sdk.created).toHaveLength(1))
    expect(sdk.created[0]!.options).toEqual({
      appName: 'Sigil',
      appLogoUrl: 'https://sigil.example/icon.svg',
      appChainIds: [baseSepolia.id, base.id, mainnet.id],
      preference: { options: 'smartWalletOnly' },
    })
  })

  it('passes keysUrl only when one is configured, and the other preferences when asked', async () => {
    const { connector, sdk } = setup({ parameters: { keysUrl: 'http://127.0.0.1:4999/connect', preference: 'all' } })
    connector.prepare({ isMobile: false })
    await vi.waitFor(() => expect(sdk.created).toHaveLength(1))
    expect(sdk.created[0]!.options.preference).toEqual({ options: 'all', keysUrl: 'http://127.0.0.1:4999/connect' })
  })

  it('does not import the SDK until it is needed, and only once', async () => {
    const { connector, sdk } = setup()
    expect(sdk.loadSdk).not.toHaveBeenCalled()
    connector.prepare({ isMobile: false })
    connector.prepare({ isMobile: false })
    await vi.waitFor(() => expect(sdk.created).toHaveLength(1))
    expect(sdk.loadSdk).toHaveBeenCalledTimes(1)
  })

  it('refuses a preference outside all | smartWalletOnly | eoaOnly with a typed error', () => {
    const build = () => coinbaseSmartWallet({ properties, appName: 'Sigil', preference: 'smartWallet' as never })
    expect(build).toThrow(CoinbasePreferenceInvalidError)
    try {
      build()
    } catch (error) {
      expect(error).toMatchObject({ code: 'coinbase_invalid_preference', message: catalogue.errors.coinbase_invalid_preference })
    }
  })

  it('refuses a popup address that is not an http(s) URL with a typed error', () => {
    for (const keysUrl of ['keys.coinbase.com/connect', 'javascript:alert(1)']) {
      expect(() => coinbaseSmartWallet({ properties, appName: 'Sigil', keysUrl })).toThrow(CoinbaseKeysUrlInvalidError)
    }
  })
})

describe('coinbaseSmartWallet: connecting', () => {
  it('asks the SDK for accounts in the same task as connect once prepared, so its popup opens inside the click', async () => {
    const { config, connector, provider } = await prepared(setup())
    const pending = connect(config, { connector })
    // No microtask has run: the SDK's eth_requestAccounts (which calls window.open) was already called.
    expect(provider().calls.map((call) => call.method)).toEqual(['eth_requestAccounts'])
    await expect(pending).resolves.toEqual({ accounts: [ADDRESS], chainId: baseSepolia.id })
  })

  it('connects without prepare too, and persists the active account and current chain', async () => {
    const { config, connector, persisted } = setup()
    await connect(config, { connector })
    expect(persisted.getActiveAccount()).toBe(ADDRESS)
    expect(persisted.getCurrentChain()).toBe(baseSepolia.id)
    expect(persisted.getSwitchedNetwork()).toBe(false)
    expect(persisted.getSessionTopic()).toBeUndefined()
    expect(connector.sigil).toMatchObject({ key: KEY, canConnectViaCustodialService: true, canConnectViaQrCode: false, currentChainId: baseSepolia.id })
  })

  it('maps a rejection to "Connection rejected. Please try again.", reports it, and starts a fresh SDK instance', async () => {
    const sdk = fakeSdk((provider) => {
      provider.request = async ({ method }) => {
        if (method === 'eth_requestAccounts') throw providerError(4001, 'User rejected the request.')
        return null
      }
    })
    const context = await prepared(setup({ sdk }))
    const failures: ConnectionFailedEvent[] = []
    cleanups.push(connectionEvents.on('connectionFailed', (event) => failures.push(event)))
    const logs = captureLogs()
    const error = await connect(context.config, { connector: context.connector }).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ConnectionRejectedError)
    expect((error as Error).message).toBe('Connection rejected. Please try again.')
    expect(failures).toEqual([expect.objectContaining({ connectorKey: KEY, connectorName: 'Coinbase Smart Wallet' })])
    expect(logs.some((entry) => entry.event === 'connection_failed' && entry.fields.connector === KEY)).toBe(true)
    await vi.waitFor(() => expect(sdk.created).toHaveLength(2))
    expect(context.persisted.getActiveAccount()).toBeUndefined()
  })

  it('restores a stored connection on reload without asking for accounts again', async () => {
    const storage = createMemoryStorage()
    const first = setup({ storage })
    await connect(first.config, { connector: first.connector })
    // A reload: a new config and SDK instance; the SDK restored its session from its own storage.
    const sdk = fakeSdk((provider) => {
      provider.state.connected = true
    })
    const second = setup({ storage, sdk })
    await reconnect(second.config)
    expect(second.config.state.status).toBe('connected')
    expect(second.provider().callsOf('eth_requestAccounts')).toHaveLength(0)
    expect(second.provider().callsOf('eth_accounts')).not.toHaveLength(0)
  })

  it('clears the stored values on reload when the SDK lost its session (4100)', async () => {
    const storage = createMemoryStorage()
    const persisted = createPersistedValues(KEY, storage)
    persisted.setActiveAccount(ADDRESS)
    persisted.setCurrentChain(base.id)
    const sdk = fakeSdk((provider) => {
      provider.request = async () => {
        throw providerError(4100, "Must call 'eth_requestAccounts' before other methods")
      }
    })
    const { config } = setup({ storage, sdk })
    await reconnect(config)
    expect(config.state.status).toBe('disconnected')
    expect(storage.size).toBe(0)
  })
})

describe('coinbaseSmartWallet: events and the persisted values', () => {
  it('stores the first account on accountsChanged', async () => {
    const { config, connector, persisted, provider } = await prepared(setup())
    await connect(config, { connector })
    provider().emit('accountsChanged', [OTHER.toLowerCase(), ADDRESS])
    expect(persisted.getActiveAccount()).toBe(OTHER)
    expect(config.state.connections.get(connector.uid)?.accounts).toEqual([OTHER, ADDRESS])
  })

  it('updates the chain and marks the switch on a chainChanged with another id, and ignores the same id', async () => {
    const { config, connector, persisted, provider } = await prepared(setup())
    await connect(config, { connector })
    provider().emit('chainChanged', numberToHex(baseSepolia.id))
    expect(persisted.getSwitchedNetwork()).toBe(false)
    provider().emit('chainChanged', numberToHex(base.id))
    expect(persisted.getCurrentChain()).toBe(base.id)
    expect(persisted.getSwitchedNetwork()).toBe(true)
    expect(config.state.connections.get(connector.uid)?.chainId).toBe(base.id)
  })

  it('ends the session when the SDK reports a disconnect: the four values are cleared and wagmi disconnects', async () => {
    const { config, connector, storage, provider } = await prepared(setup())
    await connect(config, { connector })
    provider().emit('chainChanged', numberToHex(base.id))
    expect(storage.size).toBeGreaterThan(0)
    provider().emit('disconnect', providerError(4100, 'unauthorized'))
    await vi.waitFor(() => expect(config.state.status).toBe('disconnected'))
    expect(storage.size).toBe(0)
  })

  it('disconnecting clears the four values and the SDK session, and the next connect starts a fresh handshake', async () => {
    const { config, connector, storage, provider } = await prepared(setup())
    await connect(config, { connector })
    const disconnectSpy = vi.spyOn(provider(), 'disconnect')
    await disconnect(config, { connector })
    expect(storage.size).toBe(0)
    expect(disconnectSpy).toHaveBeenCalledTimes(1)
    // Our listeners were removed first: the SDK's own disconnect event does not end anything twice.
    expect(provider().listenerCount('disconnect')).toBe(0)
    await connect(config, { connector })
    expect(provider().callsOf('eth_requestAccounts')).toHaveLength(2)
  })

  it('switches between the chains the smart wallet supports through the shared rules and persists the result', async () => {
    const { config, connector, persisted, provider } = await prepared(setup())
    await connect(config, { connector })
    await switchChain(config, { chainId: base.id })
    expect(provider().callsOf('wallet_switchEthereumChain')).toEqual([[{ chainId: numberToHex(base.id) }]])
    expect(persisted.getCurrentChain()).toBe(base.id)
    expect(persisted.getSwitchedNetwork()).toBe(true)
    expect(config.state.connections.get(connector.uid)?.chainId).toBe(base.id)
  })
})

describe('coinbaseSmartWallet: readiness', () => {
  it('is ready before prepare has created the SDK: a tap opens the popup window itself', async () => {
    const context = setup()
    const connector = context.connector as typeof context.connector & { isReady(): boolean }
    expect(connector.isReady()).toBe(true)
    await prepared(context)
    expect(connector.isReady()).toBe(true)
  })
})

describe('coinbaseSmartWallet: the popup before the SDK exists, and a popup that never loads', () => {
  it("a connect before the SDK exists opens the popup's window in the same task, and the SDK's popup opens in it", async () => {
    const holder: { host?: ReturnType<typeof createFakePopupHost> } = {}
    const context = setup({ sdk: popupSdk(holder) })
    holder.host = context.popupHost
    const pending = connect(context.config, { connector: context.connector })
    // No microtask has run, and the SDK is not created yet: the window is open, empty.
    expect(context.sdk.created).toHaveLength(0)
    expect(context.popupHost.opened.map((call) => call.url)).toEqual(['about:blank'])
    await expect(pending).resolves.toEqual({ accounts: [ADDRESS], chainId: baseSepolia.id })
    // The SDK's window.open went to that window: sent to the popup's address, no second window.
    expect(context.popupHost.opened).toHaveLength(1)
    expect(context.popupHost.opened[0]!.popup!.navigations).toEqual([KEYS_URL])
  })

  it('once prepared, the SDK opens its popup itself in the same task (no window of ours)', async () => {
    const holder: { host?: ReturnType<typeof createFakePopupHost> } = {}
    const context = await prepared(setup({ sdk: popupSdk(holder) }))
    holder.host = context.popupHost
    const pending = connect(context.config, { connector: context.connector })
    expect(context.popupHost.opened.map((call) => call.url)).toEqual([KEYS_URL])
    await expect(pending).resolves.toEqual({ accounts: [ADDRESS], chainId: baseSepolia.id })
  })

  it('a popup that never loads fails the connect with request_timeout, reported and closed, and a retry connects', async () => {
    const holder: { host?: ReturnType<typeof createFakePopupHost> } = {}
    const context = await prepared(setup({ sdk: popupSdk(holder, { neverAnswers: true }), parameters: { popupLoadTimeoutMs: 50 } }))
    holder.host = context.popupHost
    const failures: ConnectionFailedEvent[] = []
    cleanups.push(connectionEvents.on('connectionFailed', (event) => failures.push(event)))
    const error = await connect(context.config, { connector: context.connector }).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(RequestTimeoutError)
    expect(error).toMatchObject({ code: 'request_timeout', message: 'The wallet did not answer in time.' })
    expect(failures).toEqual([expect.objectContaining({ connectorKey: KEY, error })])
    expect(context.popupHost.opened[0]!.popup!.closed).toBe(true)
    expect(context.persisted.getActiveAccount()).toBeUndefined()

    // Try again: this time the page loads and the wallet answers.
    context.sdk.created.at(-1)!.provider.request = async (args) => {
      context.popupHost.host.open(new URL(KEYS_URL), 'wallet_y', 'width=420')
      return createFakeProvider({ chainId: baseSepolia.id }).request(args)
    }
    await expect(connect(context.config, { connector: context.connector })).resolves.toMatchObject({ accounts: [ADDRESS] })
  })

  it('a popup closed before it loaded ends as connection_rejected, and a fresh SDK is created for the retry', async () => {
    const holder: { host?: ReturnType<typeof createFakePopupHost> } = {}
    const context = await prepared(setup({ sdk: popupSdk(holder, { neverAnswers: true }) }))
    holder.host = context.popupHost
    const outcome = connect(context.config, { connector: context.connector }).catch((caught: unknown) => caught)
    context.popupHost.opened[0]!.popup!.close()
    const error = await outcome
    expect(error).toBeInstanceOf(ConnectionRejectedError)
    await vi.waitFor(() => expect(context.sdk.created).toHaveLength(2))
  })
})

describe('coinbaseSmartWallet: signing', () => {
  it('signs through the shared path', async () => {
    const { config, connector, provider } = await prepared(setup())
    await connect(config, { connector })
    const signature = await signPersonalMessage(config, { message: 'hello' })
    expect(signature).toMatch(/^0x[0-9a-f]{130}$/)
    expect(provider().callsOf('personal_sign')).toEqual([[stringToHex('hello'), ADDRESS.toLowerCase()]])
  })

  it('swallows a signing error: resolves to nothing, logs it, and leaves the connection and its values as they were', async () => {
    const sdk = fakeSdk((provider) => {
      const answer = provider.request.bind(provider)
      provider.request = async (args) => {
        if (args.method === 'personal_sign') throw providerError(4001, 'User rejected the request.')
        return answer(args)
      }
    })
    const { config, connector, storage } = await prepared(setup({ sdk }))
    await connect(config, { connector })
    const stored = () => ['activeAccount', 'currentChain'].map((value) => storage.getItem(`sigil.${value}.${KEY}`))
    const before = stored()
    // Connected values exist, so "unchanged" below cannot pass by comparing nothing with nothing.
    expect(before).toEqual([ADDRESS, String(baseSepolia.id)])
    const logs = captureLogs()
    await expect(signPersonalMessage(config, { message: 'hello' })).resolves.toBeUndefined()
    expect(logs).toEqual([
      { level: 'warn', event: 'sign_not_completed', fields: expect.objectContaining({ connector: KEY, code: UserRejectedError.code }) },
    ])
    expect(config.state.status).toBe('connected')
    expect(stored()).toEqual(before)
  })
})
