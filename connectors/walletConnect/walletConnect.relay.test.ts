import { connect, createConfig, disconnect, http, reconnect, switchChain, type Config } from '@wagmi/core'
import { base, foundry, mainnet, sepolia } from 'viem/chains'
import { hexToString, recoverMessageAddress, type Hex } from 'viem'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { PublicConfig } from '@sigil/lib/config/public'
import type { Platform } from '@sigil/lib/platform/detectPlatform'
import { NetworkSwitchOnlyInWalletError, NetworkSwitchOnlyThroughWalletError, ProviderNotFoundError } from '@sigil/lib/errors/wallet'
import { signPersonalMessage } from '@sigil/react/wagmi/signPersonalMessage'
import { startRelay, type Relay } from '@/tests/fixtures/walletConnect/relay'
import { startTestWallet, type TestWallet } from '@/tests/fixtures/walletConnect/wallet'
import { ANVIL_PRIVATE_KEYS } from '@/tests/fixtures/anvil'
import { walletBook } from '@sigil/wallet-book/index'
import { connectionEvents, type ConnectionFailedEvent } from '../shared/connectionEvents'
import { createPersistedValues } from '../shared/persistedValues'
import { createMemoryStorage } from '../shared/storage'
import { chainSwitchOptionsChanged, type ChainSwitchOptions } from '../shared/types'
import { WalletConnectNotConfiguredError, WalletConnectSessionInUseError } from './errors'
import { isWalletRejection } from './pairingErrors'
import { EVENTS, OPTIONAL_METHODS, REQUIRED_METHODS, walletConnectProviderOptions } from './providerOptions'
import { walletConnect } from './walletConnect'
import { createWalletConnectClient, type WalletConnectClient } from './walletConnectClient'

/**
 * The WalletConnect connector end to end in Node: the real dapp SDK (`@walletconnect/ethereum-provider`
 * 2.25) and the real wallet SDK (`@walletconnect/sign-client` 2.25, viem key) pair through the
 * loopback relay. Only the relay stands in for the network edge.
 */

const rpc = 'http://127.0.0.1:9' // never reached: signing and events stay on the relay
const chainIds = [mainnet.id, base.id, sepolia.id, foundry.id]
let prefix = 0

type Setup = {
  relay: Relay
  wallet: TestWallet
  client: WalletConnectClient
  config: Config
  storage: ReturnType<typeof createMemoryStorage>
  publicConfig: PublicConfig
}
let current: Setup | undefined

async function setup(
  options: { projectId?: string; book?: typeof walletBook; wallet?: string; preferredChains?: number[]; getPlatform?: () => Platform | undefined; openLink?: (url: string) => void } = {},
): Promise<Setup> {
  const relay = await startRelay()
  const wallet = await startTestWallet({ relayUrl: relay.url })
  const publicConfig: PublicConfig = {
    chainIds,
    rpcUrls: Object.fromEntries(chainIds.map((id) => [id, rpc])),
    walletConnectProjectId: options.projectId ?? 'test',
    appOrigins: ['http://localhost:3000'],
    walletConnectRelayUrl: relay.url,
  }
  const client = createWalletConnectClient({
    // Node-only SDK settings for the test process: memory storage, no ping of the (unreachable) RPC.
    getOptions: ({ preferredChains }) =>
      ({
        ...walletConnectProviderOptions({ publicConfig, preferredChains }),
        customStoragePrefix: `sigil-dapp-${++prefix}`,
        storageOptions: { database: ':memory:' },
        disableProviderPing: true,
        logger: 'error',
      }) as never,
  })
  const storage = createMemoryStorage()
  const config = createConfig({
    chains: [mainnet, base, sepolia, foundry],
    transports: { [mainnet.id]: http(rpc), [base.id]: http(rpc), [sepolia.id]: http(rpc), [foundry.id]: http(rpc) },
    storage: null,
    connectors: [
      walletConnect({ publicConfig, client, storage, preferredChains: options.preferredChains }),
      walletConnect({
        publicConfig,
        client,
        storage,
        wallet: options.wallet ?? 'rainbow',
        book: options.book,
        getPlatform: options.getPlatform ?? (() => undefined),
        openLink: options.openLink,
      }),
    ],
  })
  current = { relay, wallet, client, config, storage, publicConfig }
  return current
}

afterEach(async () => {
  if (!current) return
  const { relay, wallet, client } = current
  current = undefined
  await wallet.stop()
  const core = (client.provider as unknown as { signer?: { client?: { core: { heartbeat: { stop(): void }; relayer: { transportClose(): Promise<void> } } } } })?.signer?.client?.core
  core?.heartbeat.stop()
  await core?.relayer.transportClose().catch(() => undefined)
  await relay.close()
})

let failures: ConnectionFailedEvent[] = []
beforeEach(() => {
  failures = []
  return connectionEvents.on('connectionFailed', (event) => failures.push(event))
})

/** The newest pairing URI, once the SDK shows one. */
function nextUri(client: WalletConnectClient, notThis?: string): Promise<string> {
  return new Promise((resolve) => {
    const check = () => {
      const { uri } = client.pairing.getSnapshot()
      if (uri && uri !== notThis) {
        off()
        resolve(uri)
      }
    }
    const off = client.pairing.subscribe(check)
    check()
  })
}

async function connectVia(s: Setup, index = 0) {
  const connector = s.config.connectors[index]!
  const pending = connect(s.config, { connector })
  await s.wallet.pair(await nextUri(s.client))
  return { connector, result: await pending }
}

function until(check: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  return new Promise((resolve, reject) => {
    const poll = () => {
      if (check()) return resolve()
      if (Date.now() > deadline) return reject(new Error('condition not met in time'))
      setTimeout(poll, 20)
    }
    poll()
  })
}

describe('walletConnect over the loopback relay', () => {
  it('proposes every chain and method as optional, and the approved session carries the required methods and events', async () => {
    const s = await setup()
    const { result } = await connectVia(s)
    const [proposal] = s.wallet.proposals
    expect(proposal?.requiredNamespaces).toEqual({})
    const offered = proposal?.optionalNamespaces.eip155
    expect(offered?.chains).toEqual(chainIds.map((id) => `eip155:${id}`))
    expect(offered?.methods).toEqual(expect.arrayContaining(['eth_sendTransaction', 'personal_sign', 'eth_signTypedData_v4', 'wallet_switchEthereumChain', 'wallet_addEthereumChain', 'eth_sign', 'eth_signTransaction', 'eth_signTypedData', 'eth_chainId', 'eth_accounts', 'eth_requestAccounts']))
    expect(offered?.events).toEqual(['chainChanged', 'accountsChanged'])
    expect(proposal?.proposer.metadata).toMatchObject({ name: 'Sigil', url: 'http://localhost:3000', redirect: { universal: 'http://localhost:3000' } })

    const [session] = s.wallet.sessions()
    // The wallet supports every method of docs/families/walletConnect.md#what-it-does: the session
    // carries exactly the requested set.
    const requested = [...new Set([...REQUIRED_METHODS, ...OPTIONAL_METHODS])].sort()
    expect([...session!.namespaces.eip155!.methods].sort()).toEqual(requested)
    expect([...session!.namespaces.eip155!.events].sort()).toEqual([...EVENTS].sort())
    expect(result.accounts).toEqual([s.wallet.address])
    // The four values, suffixed by the connector key.
    expect(s.storage.getItem('sigil.activeAccount.walletconnect')).toBe(s.wallet.address)
    expect(s.storage.getItem('sigil.sessionTopic.walletconnect')).toBe(session?.topic)
    expect(s.storage.getItem('sigil.currentChain.walletconnect')).toBe(String(result.chainId))
    expect(s.storage.getItem('sigil.switchedNetwork.walletconnect')).toBeNull()
    expect(s.relay.stats.connections.every((c) => c.projectId === 'test')).toBe(true)
  })

  it('shows the URI as soon as the pairing exists, before the proposal is out; it is the SDK’s own, and a wallet that pairs at once connects', async () => {
    const s = await setup()
    const provider = await s.client.init()
    const announced: { uri: string; proposalsAtRelay: number }[] = []
    provider.on('display_uri', ((uri: string) => announced.push({ uri, proposalsAtRelay: s.relay.stats.methods.wc_proposeSession ?? 0 })) as never)
    const { result } = await connectVia(s)
    // First at the pairing (nothing at the relay yet), then the SDK's own after publishing: one URI.
    expect(announced).toHaveLength(2)
    expect(announced[0]!.proposalsAtRelay).toBe(0)
    expect(announced[1]!.proposalsAtRelay).toBe(1)
    expect(announced[1]!.uri).toBe(announced[0]!.uri)
    expect(announced[0]!.uri).toMatch(/^wc:[0-9a-f]{64}@2\?expiryTimestamp=\d+&relay-protocol=irn&symKey=[0-9a-f]{64}$/)
    expect(result.accounts).toEqual([s.wallet.address])
  })

  it('offers the connectors’ preferred chains first in the proposal, then the others in configuration order', async () => {
    const s = await setup({ preferredChains: [sepolia.id, foundry.id] })
    await connectVia(s)
    expect(s.wallet.proposals[0]?.optionalNamespaces.eip155?.chains).toEqual([sepolia.id, foundry.id, mainnet.id, base.id].map((id) => `eip155:${id}`))
  })

  it('signs with personal_sign [hex message, lowercased address], and the signature is the wallet’s', async () => {
    const s = await setup()
    await connectVia(s)
    const signature = (await signPersonalMessage(s.config, { message: 'I own this wallet.' })) as Hex
    const request = s.wallet.requests.find((r) => r.method === 'personal_sign')
    expect(request?.params).toEqual([expect.stringMatching(/^0x/), s.wallet.address.toLowerCase()])
    expect(hexToString((request?.params as [Hex])[0])).toBe('I own this wallet.')
    expect(request?.result).toBe(signature)
    expect(await recoverMessageAddress({ message: 'I own this wallet.', signature })).toBe(s.wallet.address)
  })

  it('follows the wallet’s chainChanged (new id: stored and flagged; same id: ignored) and accountsChanged', async () => {
    const s = await setup()
    const { connector, result } = await connectVia(s)
    const topic = s.storage.getItem('sigil.sessionTopic.walletconnect')!
    const changes: unknown[] = []
    connector.emitter.on('change', (data) => changes.push(data))

    await s.wallet.emitChainChanged(topic, sepolia.id)
    await until(() => s.config.state.connections.get(connector.uid)?.chainId === sepolia.id)
    expect(s.storage.getItem('sigil.currentChain.walletconnect')).toBe(String(sepolia.id))
    expect(s.storage.getItem('sigil.switchedNetwork.walletconnect')).toBe('true')
    expect(changes).toContainEqual(expect.objectContaining({ chainId: sepolia.id }))
    const before = changes.length
    s.storage.removeItem('sigil.switchedNetwork.walletconnect')
    await s.wallet.emitChainChanged(topic, sepolia.id)
    await new Promise((resolve) => setTimeout(resolve, 200))
    // The same id again: no change event, the flag is not set again.
    expect(changes.slice(before)).toEqual([])
    expect(s.storage.getItem('sigil.switchedNetwork.walletconnect')).toBeNull()

    const second = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
    await s.wallet.emitAccountsChanged(topic, sepolia.id, [second, s.wallet.address])
    await until(() => s.config.state.connections.get(connector.uid)?.accounts[0] === second)
    expect(s.storage.getItem('sigil.activeAccount.walletconnect')).toBe(second)
    expect(result.chainId).not.toBe(sepolia.id)
  })

  it('a wallet-side disconnect (session_delete) disconnects the app and clears the four values', async () => {
    const s = await setup()
    await connectVia(s)
    const topic = s.storage.getItem('sigil.sessionTopic.walletconnect')!
    s.storage.setItem('sigil.switchedNetwork.walletconnect', 'true')
    await s.wallet.disconnect(topic)
    await until(() => s.config.state.status === 'disconnected')
    expect(s.storage.size).toBe(0)
    expect(s.client.provider).toBeUndefined()
  })

  it('an app-side disconnect ends the session at the wallet too, and a new pairing starts fresh', async () => {
    const s = await setup()
    await connectVia(s)
    const deleted = s.wallet.deletedByDapp()
    await disconnect(s.config)
    await expect(deleted).resolves.toMatch(/^[0-9a-f]{64}$/)
    expect(s.storage.size).toBe(0)
    const { result } = await connectVia(s)
    expect(result.accounts).toEqual([s.wallet.address])
    expect(s.wallet.proposals).toHaveLength(2)
  })

  it('restores only when the stored topic is the restored session’s; a stale topic is cleared', async () => {
    const s = await setup()
    await connectVia(s)
    const topic = s.storage.getItem('sigil.sessionTopic.walletconnect')!
    const connector = s.config.connectors[0]!
    expect(await connector.isAuthorized()).toBe(true)
    expect((await reconnect(s.config)).map((c) => c.accounts[0])).toEqual([s.wallet.address])

    // Another connector's stale values never borrow this session, and leave it alone.
    createPersistedValues('rainbow', s.storage).setSessionTopic('e'.repeat(64))
    expect(await s.config.connectors[1]!.isAuthorized()).toBe(false)
    expect(s.storage.getItem('sigil.sessionTopic.rainbow')).toBeNull()
    expect(await connector.isAuthorized()).toBe(true)

    const persisted = createPersistedValues('walletconnect', s.storage)
    persisted.setSessionTopic('f'.repeat(64))
    expect(await connector.isAuthorized()).toBe(false)
    expect(s.storage.getItem('sigil.sessionTopic.walletconnect')).toBeNull()
    expect(s.storage.getItem('sigil.activeAccount.walletconnect')).toBeNull()
    expect(topic).toMatch(/^[0-9a-f]{64}$/)
  })

  it("closing the view, or the wallet's refusal, leaves the same wallet's extension connection stored under the shared key", async () => {
    const s = await setup()
    // As the Rainbow extension's connector stores its connection: account and chain, no session topic.
    const extension = createPersistedValues('rainbow', s.storage)
    extension.setActiveAccount(s.wallet.address)
    extension.setCurrentChain(base.id)
    const stored = () => [s.storage.getItem('sigil.activeAccount.rainbow'), s.storage.getItem('sigil.currentChain.rainbow'), s.storage.getItem('sigil.sessionTopic.rainbow')]
    const before = stored()
    const connector = s.config.connectors[1]!

    // The view closed mid-pairing, as the QR view undoes it (wagmi disconnect).
    const closed = connect(s.config, { connector }).catch(() => 'closed')
    await nextUri(s.client)
    await disconnect(s.config, { connector })
    expect(await closed).toBe('closed')
    expect(stored()).toEqual(before)

    // The wallet says no: the failed connection is undone, the extension's stays.
    s.wallet.set({ rejectProposals: true })
    const refused = connect(s.config, { connector })
    await s.wallet.pair(await nextUri(s.client))
    await expect(refused).rejects.toMatchObject({ code: 'connection_rejected' })
    await disconnect(s.config, { connector })
    expect(stored()).toEqual(before)
  })

  it('a restored session no connector claims (a failed disconnect left it) is ended, so the next pairing shows a URI', async () => {
    const s = await setup()
    await connectVia(s)
    const topic = s.storage.getItem('sigil.sessionTopic.walletconnect')!
    // As after a provider.disconnect() that failed: the app forgot the session, the SDK did not.
    createPersistedValues('walletconnect', s.storage).clear()
    expect(s.client.provider?.session?.topic).toBe(topic)
    s.client.prepare()
    await nextUri(s.client)
    expect(s.client.provider?.session).toBeUndefined()
    await until(() => s.wallet.sessions().length === 0)
    s.client.abandon()
  })

  it('a rejected proposal fails with "Connection rejected. Please try again." (connection_rejected), is reported, and a fresh URI follows', async () => {
    const s = await setup()
    s.wallet.set({ rejectProposals: true })
    const connector = s.config.connectors[1]!
    const pending = connect(s.config, { connector })
    const first = await nextUri(s.client)
    await s.wallet.pair(first)
    await expect(pending).rejects.toMatchObject({ code: 'connection_rejected', message: 'Connection rejected. Please try again.' })
    // Marked as the wallet's own "no": the only failure the QR view restarts a pairing after.
    expect(isWalletRejection(await pending.catch((error: unknown) => error))).toBe(true)
    expect(failures.map((f) => [f.connectorKey, f.error.code])).toEqual([['rainbow', 'connection_rejected']])
    expect(s.client.pairing.getSnapshot()).toMatchObject({ status: 'idle', uri: undefined })

    s.wallet.set({ rejectProposals: false })
    const retry = connect(s.config, { connector })
    const fresh = await nextUri(s.client, first)
    expect(fresh).not.toBe(first)
    await s.wallet.pair(fresh)
    await expect(retry).resolves.toMatchObject({ accounts: [s.wallet.address] })
    expect(s.storage.getItem('sigil.sessionTopic.rainbow')).toMatch(/^[0-9a-f]{64}$/)
  })

  it('switches within the session’s approved chains and refuses others with the spec’s messages', async () => {
    const book = { ...walletBook, rainbow: { ...walletBook.rainbow!, switchNetworkOnlyFromWallet: true } }
    const s = await setup({ book })
    const { connector } = await connectVia(s)
    // Base is configured but the wallet did not approve it.
    await expect(switchChain(s.config, { chainId: base.id })).rejects.toBeInstanceOf(NetworkSwitchOnlyInWalletError)
    await expect(switchChain(s.config, { chainId: base.id })).rejects.toThrow(
      'Network switching is not available at this time. The user should manually switch network in their wallet',
    )
    await switchChain(s.config, { chainId: sepolia.id })
    expect(s.config.state.connections.get(connector.uid)?.chainId).toBe(sepolia.id)
    expect(s.storage.getItem('sigil.currentChain.walletconnect')).toBe(String(sepolia.id))
    expect(s.storage.getItem('sigil.switchedNetwork.walletconnect')).toBe('true')

    await disconnect(s.config)
    await connectVia(s, 1)
    await expect(switchChain(s.config, { chainId: sepolia.id })).rejects.toBeInstanceOf(NetworkSwitchOnlyThroughWalletError)
    await expect(switchChain(s.config, { chainId: sepolia.id })).rejects.toThrow('Network switching is only supported through the wallet')
  })

  it('the wallet adding a chain to the session or taking one out (wc_sessionUpdate) is announced to the page, and the chain can then be asked for, or no longer', async () => {
    const s = await setup()
    const { connector } = await connectVia(s)
    const topic = s.storage.getItem('sigil.sessionTopic.walletconnect')!
    const options = () => (connector as typeof connector & ChainSwitchOptions).chainSwitchOptions()
    // Base is configured but the wallet did not approve it.
    expect((await options()).get(base.id)).toBe('network_switching_only_available_in_wallet')
    // What a listener asks the moment it is told (the connector reads the session as it is asked).
    const answers: Array<Promise<ReadonlyMap<number, string>>> = []
    connector.emitter.on('message', ({ type }) => {
      if (type === chainSwitchOptionsChanged) answers.push(options())
    })

    await s.wallet.addChain(topic, base.id)
    await until(() => answers.length > 0)
    // By the time it is announced, the connector's answer has the new chain.
    expect((await answers[0]!).has(base.id)).toBe(false)
    await switchChain(s.config, { chainId: base.id })
    expect(s.config.state.connections.get(connector.uid)?.chainId).toBe(base.id)

    // Taking a chain out is announced the same way: it is blocked again, and a switch to it refused.
    await s.wallet.removeChain(topic, sepolia.id)
    await until(() => answers.length > 1)
    expect((await answers[1]!).get(sepolia.id)).toBe('network_switching_only_available_in_wallet')
    await expect(switchChain(s.config, { chainId: sepolia.id })).rejects.toBeInstanceOf(NetworkSwitchOnlyInWalletError)
  })

  it('asked while a reload still restores the session, the chain answer and a switch wait for the restore instead of reading "no session"', async () => {
    const s = await setup()
    const { connector } = await connectVia(s)
    // A reload: the SDK not initialised yet, the session topic stored, wagmi already showing the connection.
    s.client.reset()
    expect(s.client.provider).toBeUndefined()
    const options = await (connector as typeof connector & ChainSwitchOptions).chainSwitchOptions()
    // The wallet approved mainnet and Sepolia, not Base.
    expect(options.has(sepolia.id)).toBe(false)
    expect(options.get(base.id)).toBe('network_switching_only_available_in_wallet')
    s.client.reset()
    await switchChain(s.config, { chainId: sepolia.id })
    expect(s.config.state.connections.get(connector.uid)?.chainId).toBe(sepolia.id)
  })

  it('a second WalletConnect connection while one is live (linking another phone wallet) is refused, typed, and the live one keeps its account, its session and its signing', async () => {
    const s = await setup()
    const other = await startTestWallet({ relayUrl: s.relay.url, privateKey: ANVIL_PRIVATE_KEYS[2] })
    try {
      const { connector: rainbow } = await connectVia(s, 1)
      // The SDK holds one session: a second pairing would take the first one's place in it.
      await expect(connect(s.config, { connector: s.config.connectors[0]! })).rejects.toBeInstanceOf(WalletConnectSessionInUseError)
      expect(s.client.pairing.getSnapshot().uri).toBeUndefined()
      expect(s.config.state.connections.get(rainbow.uid)?.accounts[0]).toBe(s.wallet.address)
      const signature = (await signPersonalMessage(s.config, { message: 'still mine', connector: rainbow })) as Hex
      expect(await recoverMessageAddress({ message: 'still mine', signature })).toBe(s.wallet.address)
      expect(other.requests).toEqual([])
    } finally {
      await other.stop()
    }
  })

  it('never asks MetaMask to switch over WalletConnect: the book says only the wallet can (docs/connectors/chain-switching.md#the-three-checks-before-the-wallet-is-asked)', async () => {
    const s = await setup({ wallet: 'metamask' })
    await connectVia(s, 1)
    await expect(switchChain(s.config, { chainId: sepolia.id })).rejects.toBeInstanceOf(NetworkSwitchOnlyThroughWalletError)
    await expect(switchChain(s.config, { chainId: sepolia.id })).rejects.toThrow('Network switching is only supported through the wallet')
    expect(s.wallet.requests.map((r) => r.method)).not.toContain('wallet_switchEthereumChain')
  })

  it('on a phone, signing brings the wallet to the front with its sessionTopic link, switching between approved chains does not', async () => {
    const opened: string[] = []
    const s = await setup({ getPlatform: () => ({ os: 'ios', isMobile: true, browser: 'safari' }), openLink: (url) => opened.push(url) })
    await connectVia(s, 1)
    const topic = s.wallet.sessions()[0]!.topic
    // The SDK switches between the session's approved chains locally: no trip to the wallet app.
    await switchChain(s.config, { chainId: sepolia.id })
    expect(s.config.state.connections.get(s.config.connectors[1]!.uid)?.chainId).toBe(sepolia.id)
    expect(opened).toEqual([])
    expect(s.wallet.requests.map((r) => r.method)).not.toContain('wallet_switchEthereumChain')
    await signPersonalMessage(s.config, { message: 'On my phone.' })
    expect(opened).toHaveLength(1)
    expect(opened[0]).toContain(`sessionTopic=${topic}`)
  })

  it('asked for an address with no session and no pairing URI: resets, re-initialises, waits 1000 ms, then "No provider found"', async () => {
    const s = await setup()
    const connector = s.config.connectors[0]!
    const started = Date.now()
    await expect(connector.getAccounts()).rejects.toBeInstanceOf(ProviderNotFoundError)
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000)
    expect(s.client.provider).toBeDefined()
  })

  it('without a project id, connecting fails with the typed "not set up" error (reported), not a crash', async () => {
    const s = await setup({ projectId: '' })
    await expect(connect(s.config, { connector: s.config.connectors[0]! })).rejects.toBeInstanceOf(WalletConnectNotConfiguredError)
    expect(failures.map((f) => f.error.code)).toEqual(['walletconnect_not_configured'])
  })
})
