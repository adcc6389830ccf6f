// @vitest-environment jsdom
import { reconnect, type Connector } from '@wagmi/core'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createFakeProvider, fakeWalletAccount } from '@/tests/fixtures/connectors/fakeProvider'
import type { PublicConfig } from '@sigil/lib/config/public'
import { addWalletConnectors, createSigilConfig } from '@/react/wagmi/createSigilConfig'

/**
 * The page creates the book wallets' ~80 connectors outside its hydration (`bookWallets: 'when-idle'`):
 * those of a stored connection at once (a reload restores them), the others when the browser is idle
 * or the connect dialog opens.
 */
const publicConfig: PublicConfig = { chainIds: [1, 8453], rpcUrls: {}, walletConnectProjectId: 'test', appOrigins: ['http://localhost:3000'] }
const ids = (connectors: readonly Connector[]) => connectors.map((connector) => connector.id)
const sorted = (values: readonly string[]) => [...values].sort()
const generic = ['browserwallet', 'walletConnect', 'coinbasesmartwallet', 'embedded']

describe("the book wallets' connectors, when the page is idle", () => {
  beforeEach(() => localStorage.clear())
  afterEach(() => {
    vi.useRealTimers()
    vi.unstubAllGlobals()
    localStorage.clear()
  })

  const everyBookWallet = () => ids(createSigilConfig(publicConfig, { watchWallets: false }).connectors)

  it('are created at once only for wallets with a stored connection, the rest on the first idle moment', () => {
    vi.useFakeTimers()
    localStorage.setItem('sigil.activeAccount.metamask', fakeWalletAccount.address)
    localStorage.setItem('sigil.sessionTopic.rainbow', 'a'.repeat(64))
    localStorage.setItem('sigil.currentChain.rabby', '1')
    localStorage.setItem('sigil.activeAccount.no-such-wallet', fakeWalletAccount.address)
    const config = createSigilConfig(publicConfig, { watchWallets: false, bookWallets: 'when-idle' })
    expect(sorted(ids(config.connectors))).toEqual(sorted([...generic, 'metamask', 'rainbow', 'walletConnect.metamask', 'walletConnect.rainbow']))
    vi.runAllTimers()
    expect(sorted(ids(config.connectors))).toEqual(sorted(everyBookWallet()))
    expect(everyBookWallet().length).toBeGreaterThan(60)
  })

  it('are created when the dialog asks before the page was idle, once', () => {
    vi.useFakeTimers()
    const config = createSigilConfig(publicConfig, { watchWallets: false, bookWallets: 'when-idle' })
    expect(sorted(ids(config.connectors))).toEqual(sorted(generic))
    addWalletConnectors(config)
    const all = ids(config.connectors)
    expect(sorted(all)).toEqual(sorted(everyBookWallet()))
    addWalletConnectors(config)
    vi.runAllTimers()
    expect(ids(config.connectors)).toEqual(all)
  })

  it('do not hold up a reload: the stored connection is restored before the page was idle', async () => {
    // The browser stays busy: the idle callback is kept, never run.
    const idle: (() => void)[] = []
    vi.stubGlobal('requestIdleCallback', (run: () => void) => idle.push(run))
    localStorage.setItem('sigil.activeAccount.metamask', fakeWalletAccount.address)
    // MetaMask as the page finds it (window.ethereum), still authorised for this site.
    vi.stubGlobal('ethereum', createFakeProvider({ connected: true, flags: { isMetaMask: true } }))
    const config = createSigilConfig(publicConfig, { watchWallets: false, bookWallets: 'when-idle' })
    const connections = await reconnect(config)
    expect(connections.map((connection) => [connection.connector.id, connection.accounts])).toEqual([['metamask', [fakeWalletAccount.address]]])
    expect(ids(config.connectors)).not.toContain('rabby')
    expect(idle).toHaveLength(1)
  })
})
