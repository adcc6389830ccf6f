import { createConfig } from '@wagmi/core'
import { http } from 'viem'
import { mainnet } from 'viem/chains'
import { describe, expect, it } from 'vitest'
import { base, baseSepolia } from '@/lib/chains'
import type { PublicConfig } from '@/lib/config/public'
import { familyOf } from '../shared/lazyConnector'
import { coinbaseSmartWalletConnectors } from './family'

const publicConfig: PublicConfig = {
  chainIds: [mainnet.id, base.id, baseSepolia.id],
  rpcUrls: {},
  walletConnectProjectId: '',
  appOrigins: ['http://localhost:3000'],
}

function connector() {
  const config = createConfig({
    chains: [mainnet, base, baseSepolia],
    transports: { [mainnet.id]: http(), [base.id]: http(), [baseSepolia.id]: http() },
    connectors: coinbaseSmartWalletConnectors(publicConfig),
    storage: null,
  })
  expect(config.connectors).toHaveLength(1)
  return config.connectors[0]! as (typeof config.connectors)[number] & { sigil: Record<string, unknown> }
}

describe('coinbaseSmartWalletConnectors', () => {
  it('is one lazily loaded connector, not loaded yet, listed as a row that connects on tap and warms up with the dialog', () => {
    const family = familyOf(connector())
    expect(family).toBeDefined()
    expect(family!.loaded).toBeUndefined()
    expect(family!.listing).toEqual({ order: 2, tagline: { desktop: 'connect.tagline.coinbaseSmartWallet' } })
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

  it('has a data-URI icon (no third-party request)', () => {
    expect(connector().icon).toMatch(/^data:image\/svg\+xml,/)
  })
})
