import { createConfig, http, reconnect } from '@wagmi/core'
import { mainnet } from 'viem/chains'
import { describe, expect, it, vi } from 'vitest'
import type { PublicConfig } from '@sigil/lib/config/public'
import { walletBook } from '@sigil/wallet-book/index'
import { familyOf } from '../shared/lazyConnector'
import { walletConnectConnectors, walletConnectWalletConnectors } from './family'

const publicConfig: PublicConfig = { chainIds: [1], rpcUrls: {}, walletConnectProjectId: 'test', appOrigins: ['http://localhost:3000'] }

function config() {
  return createConfig({ chains: [mainnet], transports: { [mainnet.id]: http() }, storage: null, connectors: [...walletConnectConnectors(publicConfig), ...walletConnectWalletConnectors(publicConfig, Object.keys(walletBook))] })
}

describe('the WalletConnect connectors', () => {
  it('a generic WalletConnect row with the QR view, then one connector per book wallet with WalletConnect (not filtered), keyed by the book key', () => {
    const connectors = config().connectors
    const expectedWallets = Object.entries(walletBook)
      .filter(([, entry]) => entry.walletConnect && !entry.filterFromWalletConnect)
      .map(([key]) => key)
    expect(expectedWallets.length).toBeGreaterThanOrEqual(15)
    expect(connectors.map((connector) => connector.id)).toEqual(['walletConnect', ...expectedWallets.map((key) => `walletConnect.${key}`)])
    const keys = connectors.map((connector) => (connector as unknown as { sigil: { key: string } }).sigil.key)
    expect(keys).toEqual(['walletconnect', ...expectedWallets])
    expect(familyOf(connectors[0]!)).toMatchObject({ listing: { order: 1, panel: 'walletconnect' }, warmUpWithDialog: true })
    // Per-wallet connectors have no row of their own: the wallets' rows reach them.
    expect(connectors.slice(1).every((connector) => familyOf(connector)?.listing === undefined)).toBe(true)
    expect(connectors.map((connector) => connector.icon).every((icon) => icon?.startsWith('data:image/svg+xml,'))).toBe(true)
    expect(keys).not.toContain('coinbase')
  })

  it('offers no connector at all without a project id (blank counts as none): nothing that could only fail', () => {
    for (const walletConnectProjectId of ['', '  ']) {
      const unconfigured = { ...publicConfig, walletConnectProjectId }
      expect(walletConnectConnectors(unconfigured)).toEqual([])
      expect(walletConnectWalletConnectors(unconfigured, Object.keys(walletBook))).toEqual([])
    }
  })

  it('makes per-wallet connectors for the keys asked, in their order, and none for a wallet without WalletConnect or an unknown key', () => {
    const ids = walletConnectWalletConnectors(publicConfig, ['rainbow', 'coinbase', 'metamask', 'no-such-wallet', '__proto__']).map(
      (create) => create({ chains: [mainnet], emitter: undefined as never } as never).id,
    )
    expect(ids).toEqual(['walletConnect.rainbow', 'walletConnect.metamask'])
  })

  it('a reload with no stored session topic loads neither the family nor its SDK', async () => {
    const storage = new Map<string, string>()
    vi.stubGlobal('localStorage', { getItem: (k: string) => storage.get(k) ?? null, setItem: (k: string, v: string) => storage.set(k, v), removeItem: (k: string) => storage.delete(k) })
    // An account without a topic is not a WalletConnect session.
    storage.set('sigil.activeAccount.walletconnect', '0x70997970C51812dc3A010C7d01b50e0d17dc79C8')
    const wagmi = config()
    await reconnect(wagmi)
    expect(wagmi.connectors.every((connector) => familyOf(connector)?.loaded === undefined)).toBe(true)
    expect(wagmi.state.status).toBe('disconnected')
  })
})
