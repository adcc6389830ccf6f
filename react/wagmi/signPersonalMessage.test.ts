import { connect, createConfig, reconnect, type CreateConnectorFn } from '@wagmi/core'
import { type Hex, http, numberToHex, recoverMessageAddress, stringToHex } from 'viem'
import { base, mainnet } from 'viem/chains'
import { afterEach, describe, expect, it } from 'vitest'
import { createDiscoveryStore } from '@sigil/connectors/injected/discovery'
import { injected } from '@sigil/connectors/injected/injected'
import { lazyConnector, type LoadedConnector } from '@sigil/connectors/shared/lazyConnector'
import { setLogSink, type LogFields } from '@sigil/connectors/shared/logger'
import { createPersistedValues } from '@sigil/connectors/shared/persistedValues'
import { createMemoryStorage } from '@sigil/connectors/shared/storage'
import { createFakeProvider, type FakeProvider, fakeWalletAccount, providerError } from '@/tests/fixtures/connectors/fakeProvider'
import { InvalidAddressError, SessionNotFoundError, UnknownWalletError, UserRejectedError } from '@sigil/lib/errors/wallet'
import { signPersonalMessage, swallowsSigningErrors } from '@/react/wagmi/signPersonalMessage'
import { stubConnector } from '@/tests/fixtures/connectors/stubConnector'

const ADDRESS = fakeWalletAccount.address

async function connectedConfig(provider: FakeProvider) {
  const win = Object.assign(new EventTarget(), { ethereum: provider })
  const discovery = createDiscoveryStore(win)
  const config = createConfig({
    chains: [mainnet, base],
    transports: { [mainnet.id]: http(), [base.id]: http() },
    connectors: [injected({ storage: createMemoryStorage(), getWindow: () => win, discovery: () => discovery })],
    storage: null,
  })
  await connect(config, { connector: config.connectors[0]! })
  return config
}

describe('signPersonalMessage', () => {
  it('signs with the connected account through personal_sign [hex, lowercased address]', async () => {
    const provider = createFakeProvider()
    const config = await connectedConfig(provider)
    const signature = await signPersonalMessage(config, { message: 'Sign in to Sigil' })
    expect(provider.callsOf('personal_sign')).toEqual([[stringToHex('Sign in to Sigil'), ADDRESS.toLowerCase()]])
    expect(await recoverMessageAddress({ message: 'Sign in to Sigil', signature: signature! })).toBe(ADDRESS)
  })

  it('fails with "No session found" when nothing is connected', async () => {
    const config = createConfig({ chains: [mainnet], transports: { [mainnet.id]: http() }, connectors: [], storage: null })
    await expect(signPersonalMessage(config, { message: 'x' })).rejects.toThrow(SessionNotFoundError)
  })

  it('asks the wallet exactly twice when it switches chain while the signature is pending', async () => {
    let pending = 0
    const provider = createFakeProvider({
      handlers: {
        personal_sign: async (params, self) => {
          pending++
          if (pending === 1) {
            // The wallet switches network before the user approves the first prompt, which it drops.
            self.state.chainId = base.id
            self.emit('chainChanged', numberToHex(base.id))
            return new Promise(() => {})
          }
          return fakeWalletAccount.signMessage({ message: { raw: (params as [Hex])[0] } })
        },
      },
    })
    const config = await connectedConfig(provider)
    const signature = await signPersonalMessage(config, { message: 'hello' })
    expect(provider.callsOf('personal_sign')).toHaveLength(2)
    expect(await recoverMessageAddress({ message: 'hello', signature: signature! })).toBe(ADDRESS)
  })

  it('maps a rejected signature to UserRejectedError and stays connected', async () => {
    const provider = createFakeProvider({ handlers: { personal_sign: () => Promise.reject(providerError(4001)) } })
    const config = await connectedConfig(provider)
    await expect(signPersonalMessage(config, { message: 'x' })).rejects.toThrow(UserRejectedError)
    expect(config.state.status).toBe('connected')
  })

  it('waits for a reload to restore the connection before signing (the cookie’s connection holds no connector yet)', async () => {
    const provider = createFakeProvider({ connected: true })
    const win = Object.assign(new EventTarget(), { ethereum: provider })
    const discovery = createDiscoveryStore(win)
    const storage = createMemoryStorage()
    createPersistedValues('browserwallet', storage).setActiveAccount(ADDRESS)
    const config = createConfig({
      chains: [mainnet, base],
      transports: { [mainnet.id]: http(), [base.id]: http() },
      connectors: [injected({ storage, getWindow: () => win, discovery: () => discovery })],
      storage: null,
    })
    // What wagmi's hydration leaves until reconnect has run: the cookie's connection, a stand-in connector.
    const standIn = { id: 'browserwallet', name: 'Browser wallet', type: 'injected', uid: 'from-cookie' }
    config.setState((state) => ({
      ...state,
      status: 'reconnecting',
      current: 'from-cookie',
      connections: new Map([['from-cookie', { accounts: [ADDRESS], chainId: mainnet.id, connector: standIn as never }]]),
    }))
    const signing = signPersonalMessage(config, { message: 'after reload' })
    await reconnect(config)
    const signature = await signing
    expect(await recoverMessageAddress({ message: 'after reload', signature: signature! })).toBe(ADDRESS)
  })

  it('does not re-sign on a chainChanged with the same chain id', async () => {
    const provider = createFakeProvider({
      handlers: {
        personal_sign: async (params, self) => {
          self.emit('chainChanged', '0x1')
          return fakeWalletAccount.signMessage({ message: { raw: (params as [Hex])[0] } })
        },
      },
    })
    const config = await connectedConfig(provider)
    await signPersonalMessage(config, { message: 'x' })
    expect(provider.callsOf('personal_sign')).toHaveLength(1)
  })
})

/** A connector on a fake provider, optionally declaring that its signing errors are swallowed. */
function flaggedConnector(provider: FakeProvider, swallows: boolean | undefined) {
  return stubConnector({
    id: 'flagged',
    name: 'Flagged Wallet',
    accounts: [ADDRESS],
    provider,
    with: { sigil: { key: 'flaggedwallet' }, ...(swallows === undefined ? {} : { swallowsSigningErrors: swallows }) },
  })
}

async function configWith(connectorFn: CreateConnectorFn) {
  const config = createConfig({ chains: [mainnet], transports: { [mainnet.id]: http() }, connectors: [connectorFn], storage: null })
  await connect(config, { connector: config.connectors[0]! })
  return config
}

const rejecting = () => createFakeProvider({ handlers: { personal_sign: () => Promise.reject(providerError(4001, 'User rejected the request.')) } })

describe('signPersonalMessage through a connector that swallows its signing errors (docs/families/coinbaseSmartWallet.md#what-it-does)', () => {
  const restores: (() => void)[] = []
  afterEach(() => restores.splice(0).forEach((restore) => restore()))

  function captureLogs() {
    const entries: { level: string; event: string; fields: LogFields }[] = []
    restores.push(setLogSink((level, event, fields) => entries.push({ level, event, fields })))
    return entries
  }

  it('resolves to nothing on a rejection, logs the code under the connector key, and stays connected', async () => {
    const config = await configWith(flaggedConnector(rejecting(), true))
    const logs = captureLogs()
    await expect(signPersonalMessage(config, { message: 'x' })).resolves.toBeUndefined()
    expect(logs).toEqual([{ level: 'warn', event: 'sign_not_completed', fields: expect.objectContaining({ connector: 'flaggedwallet', code: 'user_rejected' }) }])
    expect(config.state.status).toBe('connected')
  })

  it('still returns the signature when the wallet signs', async () => {
    const config = await configWith(flaggedConnector(createFakeProvider(), true))
    const signature = await signPersonalMessage(config, { message: 'x' })
    expect(await recoverMessageAddress({ message: 'x', signature: signature! })).toBe(ADDRESS)
  })

  it('still throws for connectors without the flag, or with it false', async () => {
    for (const flag of [undefined, false]) {
      const config = await configWith(flaggedConnector(rejecting(), flag))
      await expect(signPersonalMessage(config, { message: 'x' })).rejects.toThrow(UserRejectedError)
    }
  })

  it('reads the flag from the connector a lazily loaded family loaded', async () => {
    const provider = rejecting()
    const proxy = lazyConnector({
      id: 'lazyflagged',
      type: 'flagged',
      properties: { name: 'Lazy Flagged' },
      storage: createMemoryStorage(),
      load: async () => flaggedConnector(provider, true) as unknown as (config: Parameters<CreateConnectorFn>[0]) => LoadedConnector,
    })
    const config = createConfig({ chains: [mainnet], transports: { [mainnet.id]: http() }, connectors: [proxy], storage: null })
    const connector = config.connectors[0]!
    expect(swallowsSigningErrors(connector)).toBe(false)
    await connect(config, { connector })
    expect(swallowsSigningErrors(connector)).toBe(true)
    await expect(signPersonalMessage(config, { message: 'x' })).resolves.toBeUndefined()
  })

  it('still fails with "No session found" when nothing is connected', async () => {
    const config = createConfig({ chains: [mainnet], transports: { [mainnet.id]: http() }, connectors: [flaggedConnector(rejecting(), true)], storage: null })
    await expect(signPersonalMessage(config, { message: 'x' })).rejects.toThrow(SessionNotFoundError)
  })

  /** The current connection with its accounts replaced (a wallet that reported none, or a bad one). */
  function withAccounts(config: Awaited<ReturnType<typeof configWith>>, accounts: readonly string[]) {
    config.setState((state) => {
      const connections = new Map(state.connections)
      const current = connections.get(state.current!)!
      connections.set(state.current!, { ...current, accounts: accounts as never })
      return { ...state, connections }
    })
  }

  it('throws "No session found" for a connection without an account, before asking the wallet, instead of swallowing it', async () => {
    const provider = rejecting()
    const config = await configWith(flaggedConnector(provider, true))
    withAccounts(config, [])
    const logs = captureLogs()
    await expect(signPersonalMessage(config, { message: 'x' })).rejects.toThrow(SessionNotFoundError)
    expect(provider.callsOf('personal_sign')).toEqual([])
    expect(logs).toEqual([])
  })

  it('throws for a malformed account instead of swallowing it', async () => {
    const provider = rejecting()
    const config = await configWith(flaggedConnector(provider, true))
    withAccounts(config, ['0x1234'])
    await expect(signPersonalMessage(config, { message: 'x' })).rejects.toThrow(InvalidAddressError)
    expect(provider.callsOf('personal_sign')).toEqual([])
  })

  it('throws for a message it cannot encode, and for a signature that is not hex: only the wallet request failing is swallowed', async () => {
    const config = await configWith(flaggedConnector(createFakeProvider(), true))
    await expect(signPersonalMessage(config, { message: { raw: 'not hex' as Hex } })).rejects.toThrow(UnknownWalletError)
    const garbled = await configWith(flaggedConnector(createFakeProvider({ handlers: { personal_sign: async () => 'signed!' } }), true))
    await expect(signPersonalMessage(garbled, { message: 'x' })).rejects.toThrow(UnknownWalletError)
  })
})
