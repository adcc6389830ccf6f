import { createConfig, reconnect } from '@wagmi/core'
import { http } from 'viem'
import { mainnet } from 'viem/chains'
import { describe, expect, it } from 'vitest'
import { familyOf, type LazyConnectorProperties } from '../shared/lazyConnector'
import { EMBEDDED_KEY, EMBEDDED_NAME } from './identity'
import { embeddedConnectors } from './family'

const publicConfig = { chainIds: [1], rpcUrls: { 1: 'http://127.0.0.1:1' }, walletConnectProjectId: '', appOrigins: ['http://localhost:3000'], vaultOrigin: 'http://wallet.localhost:3000' }

function setup(config_ = publicConfig) {
  const config = createConfig({ chains: [mainnet], transports: { 1: http() }, connectors: embeddedConnectors(config_), storage: null })
  return { config, connector: config.connectors[0]! as (typeof config.connectors)[number] & LazyConnectorProperties }
}

describe('embedded wallet proxy (first load)', () => {
  it('is one connector keyed `embedded`, custodial (email recovery), without QR code, listed third with its own view', () => {
    const { config, connector } = setup()
    expect(config.connectors).toHaveLength(1)
    expect(connector.id).toBe(EMBEDDED_KEY)
    expect(connector.name).toBe(EMBEDDED_NAME)
    expect(connector.type).toBe('embedded')
    expect(connector.icon).toMatch(/^data:image\/svg\+xml,/)
    expect(connector.sigil).toMatchObject({ key: 'embedded', name: 'Email & passkey wallet', canConnectViaCustodialService: true, canConnectViaQrCode: false, supportedChains: ['evm'] })
    // Its row's name in the page's language: the view's title, from the family's catalogue section.
    expect(familyOf(connector)?.listing).toEqual({ order: 3, panel: 'embedded', tagline: { desktop: 'connect.tagline.embedded' }, name: { section: 'embedded', key: 'title' }, createsWallet: true })
    expect(familyOf(connector)?.warmUpWithDialog).toBe(false)
  })

  it('says on its row that the wallet is not available where the deployment has no vault origin', () => {
    const { connector } = setup({ ...publicConfig, vaultOrigin: undefined as unknown as string })
    expect(familyOf(connector)?.listing?.tagline).toEqual({ desktop: 'connect.tagline.embeddedUnavailable' })
  })

  it('reconnects without loading the wallet module when nothing was connected', async () => {
    const { config, connector } = setup()
    await reconnect(config)
    expect(familyOf(connector)?.loaded).toBeUndefined()
    expect(config.state.status).toBe('disconnected')
  })
})
