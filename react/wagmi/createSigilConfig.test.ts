import { cookieToInitialState, type Connector } from '@wagmi/core'
import { describe, expect, it, vi } from 'vitest'
import { createFakeProvider } from '@/tests/fixtures/connectors/fakeProvider'
import type { PublicConfig } from '@sigil/lib/config/public'
import { ChainNotSupportedError } from '@sigil/lib/errors/wallet'
import { WAGMI_STORAGE_KEY } from '@sigil/lib/storageNames'
import { walletBookEntries } from '@sigil/wallet-book/index'
import { addWalletConnectors, createSigilConfig, sigilChains } from '@/react/wagmi/createSigilConfig'
import { familiesWithDiscovery } from '@/tests/fixtures/connectors/familiesWithDiscovery'

const publicConfig: PublicConfig = {
  chainIds: [8453, 1, 31337],
  rpcUrls: { 1: 'http://localhost:3000/api/rpc/1', 8453: 'http://localhost:3000/api/rpc/8453', 31337: 'http://localhost:3000/api/rpc/31337' },
  localChainNodeUrl: 'http://127.0.0.1:40123',
  walletConnectProjectId: 'test',
  appOrigins: ['http://localhost:3000'],
}

function announce(target: EventTarget, name: string, rdns: string) {
  const detail = { info: { uuid: crypto.randomUUID(), name, icon: 'data:image/svg+xml,<svg/>', rdns }, provider: createFakeProvider() }
  target.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
}

const ids = (connectors: readonly Connector[]) => connectors.map((connector) => connector.id)

describe('createSigilConfig', () => {
  it('uses the configured chains, in order, each read through the same-origin proxy', () => {
    const config = createSigilConfig(publicConfig)
    expect(config.chains.map((chain) => chain.id)).toEqual([8453, 1, 31337])
    expect(config.getClient({ chainId: 1 }).transport.url).toBe('http://localhost:3000/api/rpc/1')
    expect(config.getClient({ chainId: 8453 }).transport.url).toBe('http://localhost:3000/api/rpc/8453')
    expect(config.getClient({ chainId: 31337 }).transport.url).toBe('http://localhost:3000/api/rpc/31337')
  })

  it('names the local node only as data for a wallet adding the chain; the page reads it through the proxy', () => {
    const local = sigilChains(publicConfig).find((chain) => chain.id === 31337)
    expect(local?.rpcUrls.default.http).toEqual(['http://127.0.0.1:40123'])
    const withoutNode = sigilChains({ ...publicConfig, localChainNodeUrl: undefined }).find((chain) => chain.id === 31337)
    expect(withoutNode?.rpcUrls.default.http).not.toContain('http://localhost:3000/api/rpc/31337')
  })

  it('ignores unknown chain ids and refuses a configuration without any supported chain', () => {
    expect(sigilChains({ ...publicConfig, chainIds: [424242, 10] }).map((chain) => chain.id)).toEqual([10])
    expect(() => createSigilConfig({ ...publicConfig, chainIds: [424242] })).toThrow(ChainNotSupportedError)
  })

  it('renders on the server from cookies: ssr, cookie storage under the sigil key, own EIP-6963 discovery', () => {
    const config = createSigilConfig(publicConfig)
    expect(config._internal.ssr).toBe(true)
    expect(config.storage?.key).toBe(WAGMI_STORAGE_KEY)
    expect(config._internal.mipd).toBeUndefined()
    expect(cookieToInitialState(config, 'other=1')).toBeUndefined()
  })

  it('has a connector for every wallet-book wallet a browser can hold (an injected config or an EIP-6963 rdns), plus the generic browser wallet', () => {
    const config = createSigilConfig(publicConfig)
    const injectable = walletBookEntries()
      .filter(({ entry }) => entry.injectedConfig?.length || entry.eip6963Config?.rdns.length)
      .map(({ key }) => key)
    // Injected connectors first; the lazily loaded families' proxies follow them.
    expect(ids(config.connectors.filter((connector) => connector.type === 'injected'))).toEqual([...injectable, 'browserwallet'])
    expect(injectable).toEqual(expect.arrayContaining(['metamask', 'coinbase', 'rabby', 'brave', 'trust', 'phantom', 'okx', 'ronin']))
  })

  it('adds a connector for each EIP-6963 wallet the book does not know, now and when it announces later', () => {
    const target = new EventTarget()
    const watching = familiesWithDiscovery(target)
    announce(target, 'Spike Test Wallet', 'dev.test.wallet')
    const config = createSigilConfig(publicConfig, { families: watching })
    expect(ids(config.connectors)).toContain('spiketestwallet')
    announce(target, 'Late Wallet', 'dev.late.wallet')
    expect(ids(config.connectors)).toContain('latewallet')
    const added = config.connectors.find((connector) => connector.id === 'latewallet')
    expect(added?.name).toBe('Late Wallet')
    expect(added?.icon).toBe('data:image/svg+xml,<svg/>')
    expect(added?.emitter).toBeDefined()
  })

  it('does not add a second connector for a book wallet that announces itself (MetaMask by rdns)', () => {
    const target = new EventTarget()
    const config = createSigilConfig(publicConfig, { families: familiesWithDiscovery(target) })
    const before = config.connectors.length
    announce(target, 'MetaMask', 'io.metamask')
    announce(target, 'Spike Test Wallet', 'dev.test.wallet')
    announce(target, 'Spike Test Wallet', 'dev.test.wallet')
    expect(config.connectors.length).toBe(before + 1)
    expect(ids(config.connectors).filter((id) => id === 'metamask')).toHaveLength(1)
  })

  it('never creates the book wallets\' connectors on the server when told to wait for an idle page', () => {
    vi.useFakeTimers()
    try {
      const config = createSigilConfig(publicConfig, { watchWallets: false, bookWallets: 'when-idle' })
      addWalletConnectors(config)
      vi.runAllTimers()
      expect(ids(config.connectors).sort()).toEqual(['browserwallet', 'walletConnect', 'coinbasesmartwallet', 'embedded'].sort())
    } finally {
      vi.useRealTimers()
    }
  })
})
