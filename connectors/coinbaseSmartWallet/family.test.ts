import { connect, createConfig } from '@wagmi/core'
import { http } from 'viem'
import { mainnet } from 'viem/chains'
import { describe, expect, it, vi } from 'vitest'
import { base, baseSepolia } from '@sigil/lib/chains'
import type { PublicConfig } from '@sigil/lib/config/public'
import { familyOf } from '../shared/lazyConnector'
import { createFakePopupHost } from '@/tests/fixtures/connectors/fakePopupHost'
import { coinbaseSmartWalletConnectors } from './family'

const publicConfig: PublicConfig = {
  chainIds: [mainnet.id, base.id, baseSepolia.id],
  rpcUrls: {},
  walletConnectProjectId: '',
  appOrigins: ['http://localhost:3000'],
}

function setup() {
  const config = createConfig({
    chains: [mainnet, base, baseSepolia],
    transports: { [mainnet.id]: http(), [base.id]: http(), [baseSepolia.id]: http() },
    connectors: coinbaseSmartWalletConnectors(publicConfig),
    storage: null,
  })
  expect(config.connectors).toHaveLength(1)
  return { config, connector: config.connectors[0]! as (typeof config.connectors)[number] & { sigil: Record<string, unknown> } }
}

const connector = () => setup().connector

describe('coinbaseSmartWalletConnectors', () => {
  it('is one lazily loaded connector, not loaded yet, listed as a row that connects on tap and warms up with the dialog', () => {
    const family = familyOf(connector())
    expect(family).toBeDefined()
    expect(family!.loaded).toBeUndefined()
    expect(family!.listing).toEqual({ order: 2, tagline: { desktop: 'connect.tagline.coinbaseSmartWallet' }, logo: 'coinbase' })
    expect(family!.listing?.panel).toBeUndefined()
    expect(family!.warmUpWithDialog).toBe(true)
  })

  it('is named "Coinbase Smart Wallet" with the key coinbasesmartwallet', () => {
    const proxy = connector()
    expect(proxy).toMatchObject({ id: 'coinbasesmartwallet', name: 'Coinbase Smart Wallet', type: 'coinbaseSmartWallet' })
    expect(proxy.sigil.key).toBe('coinbasesmartwallet')
  })

  it('connects through a custodial service, never a QR code, with 84532 then 8453 as preferred chains', () => {
    expect(connector().sigil).toMatchObject({
      canConnectViaCustodialService: true,
      canConnectViaQrCode: false,
      preferredChains: [baseSepolia.id, base.id, mainnet.id],
    })
  })

  it("a tap before the family's module arrived opens the popup's window in the same task; the row never waits to be ready", async () => {
    const popupHost = createFakePopupHost()
    vi.stubGlobal('window', popupHost.host)
    const { config, connector: proxy } = setup()
    expect(familyOf(proxy)!.isReady()).toBe(true)
    const pending = connect(config, { connector: proxy }).catch((error: unknown) => error)
    // No microtask has run: the module is not here, yet the window is open.
    expect(familyOf(proxy)!.loaded).toBeUndefined()
    expect(popupHost.opened.map((call) => call.url)).toEqual(['about:blank'])
    // This stand-in window cannot host the SDK (no location, no storage): creating it fails, and the
    // window opened for it is closed rather than left empty.
    expect(await pending).toBeInstanceOf(Error)
    expect(popupHost.opened[0]!.popup!.closed).toBe(true)
  })

  it('has a data-URI icon (no third-party request)', () => {
    expect(connector().icon).toMatch(/^data:image\/svg\+xml,/)
  })
})
