// @vitest-environment jsdom
import { connect, createConfig, reconnect, type CreateConnectorFn } from '@wagmi/core'
import { http } from 'viem'
import { mainnet } from 'viem/chains'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { injectedIndex } from '@sigil/wallet-book/injectedIndex'
import { familyOf } from '../shared/lazyConnector'
import { createFakeProvider, fakeWalletAccount } from '@/tests/fixtures/connectors/fakeProvider'
import { injectedWalletConnectors } from './family'
import { lazyInjected } from './lazyInjected'
import { injected, type InjectedParameters } from './injected'

/**
 * The first load carries injected connectors as proxies: the connector's module (provider lookup,
 * late injection, the shared connector skeleton) loads when a wallet is reached for, connected or
 * restored. A proxy must be the same connector to wagmi and the UI as the one it stands for.
 */
const configOf = (connectors: CreateConnectorFn[]) =>
  createConfig({ chains: [mainnet], transports: { [mainnet.id]: http('http://127.0.0.1:9') }, storage: null, connectors })

function identity(connector: ReturnType<typeof configOf>['connectors'][number]) {
  const { id, name, type, icon } = connector
  const sigil = (connector as unknown as { sigil: Record<string, unknown> }).sigil
  return { id, name, type, icon, sigil: { ...sigil } }
}

describe('the injected family in the first load', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    localStorage.clear()
  })

  it('stands in for the real connector with the same id, name, icon and sigil: book wallets, an announced wallet, the browser wallet', () => {
    const announced = { info: { uuid: crypto.randomUUID(), name: 'Spike Test Wallet', icon: 'data:image/svg+xml,<svg/>', rdns: 'dev.spike' }, provider: createFakeProvider() }
    const cases: Pick<InjectedParameters, 'wallet' | 'announced' | 'icon' | 'key'>[] = [
      ...Object.keys(injectedIndex).map((wallet) => ({ wallet })),
      { announced: announced as unknown as InjectedParameters['announced'], key: 'spiketestwallet', icon: 'data:image/svg+xml,<svg/>' },
      {},
    ]
    const proxies = configOf(cases.map((parameters) => lazyInjected(parameters))).connectors.map(identity)
    const real = configOf(cases.map((parameters) => injected(parameters))).connectors.map(identity)
    expect(proxies).toEqual(real)
    expect(proxies.find((connector) => connector.id === 'trust')?.sigil).toMatchObject({ key: 'trust' })
  })

  it('makes connectors only for book wallets a browser can hold: an injected EVM config, or an EIP-6963 rdns alone', () => {
    // Ronin is found by its announcement only: without its connector, its "installed" row led nowhere.
    const ids = configOf(injectedWalletConnectors(['metamask', 'rainbow', 'ronin', 'ledger', 'no-such-wallet', '__proto__'])).connectors.map((connector) => connector.id)
    expect(ids).toEqual(['metamask', 'rainbow', 'ronin'])
  })

  it('loads the connector module on connect, not on a reload with nothing stored; a reload with a stored account restores it', async () => {
    vi.stubGlobal('ethereum', createFakeProvider({ flags: { isMetaMask: true } }))
    const first = configOf([lazyInjected({ wallet: 'metamask' })])
    const [metamask] = first.connectors
    await reconnect(first)
    expect(familyOf(metamask!)?.loaded).toBeUndefined()
    expect(first.state.status).toBe('disconnected')

    const result = await connect(first, { connector: metamask! })
    expect(result.accounts).toEqual([fakeWalletAccount.address])
    expect(familyOf(metamask!)?.loaded).toBeDefined()
    expect(localStorage.getItem('sigil.activeAccount.metamask')).toBe(fakeWalletAccount.address)

    const reload = configOf([lazyInjected({ wallet: 'metamask' })])
    const restored = await reconnect(reload)
    expect(restored.map((connection) => [connection.connector.id, connection.accounts])).toEqual([['metamask', [fakeWalletAccount.address]]])
  })

  it("restores nothing, waits for no injection and clears nothing on a reload whose stored values are the same wallet's WalletConnect session (same key)", async () => {
    localStorage.setItem('sigil.activeAccount.rainbow', fakeWalletAccount.address)
    localStorage.setItem('sigil.sessionTopic.rainbow', 'a'.repeat(64))
    const reload = configOf([lazyInjected({ wallet: 'rainbow' })])
    const [rainbow] = reload.connectors
    // The stand-in judges by the account and loads the module; the connector then answers at once.
    vi.useFakeTimers()
    const settled = vi.fn()
    void reconnect(reload).then(settled)
    await vi.advanceTimersByTimeAsync(0)
    vi.useRealTimers()
    expect(settled).toHaveBeenCalledWith([])
    await rainbow!.disconnect()
    expect(localStorage.getItem('sigil.activeAccount.rainbow')).toBe(fakeWalletAccount.address)
    expect(localStorage.getItem('sigil.sessionTopic.rainbow')).toBe('a'.repeat(64))
  })
})
