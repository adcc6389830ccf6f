import { createConfig } from '@wagmi/core'
import { http } from 'viem'
import { describe, expect, it, vi } from 'vitest'
import { base, baseSepolia } from '@sigil/lib/chains'
import type { PublicConfig } from '@sigil/lib/config/public'
import { createMemoryStorage } from '../shared/storage'
import { createFakeProvider } from '@/tests/fixtures/connectors/fakeProvider'
import type { CoinbaseProvider, CoinbaseSdkModule } from './coinbaseSmartWallet'
import { coinbaseSmartWalletFor } from './coinbaseSmartWalletFor'
import { coinbaseSmartWalletProperties } from './family'

type SdkOptions = Parameters<CoinbaseSdkModule['createCoinbaseWalletSDK']>[0]

const publicConfig: PublicConfig = {
  chainIds: [base.id, baseSepolia.id],
  rpcUrls: {},
  walletConnectProjectId: '',
  appOrigins: ['http://127.0.0.1:3000'],
}

/** Builds the family's connector and creates its SDK; returns the options the SDK was created with. */
async function sdkOptionsFor(config: PublicConfig): Promise<SdkOptions> {
  // The SDK module is the network edge here (the real one opens Coinbase's popup): a stand-in records its options.
  const seen: SdkOptions[] = []
  const loadSdk = vi.fn(async (): Promise<CoinbaseSdkModule> => ({
    createCoinbaseWalletSDK(options) {
      seen.push(options)
      return { getProvider: () => createFakeProvider({ chainId: base.id }) as unknown as CoinbaseProvider }
    },
  }))
  const wagmi = createConfig({
      chains: [base, baseSepolia],
      transports: { [base.id]: http(), [baseSepolia.id]: http() },
      connectors: [coinbaseSmartWalletFor(config, coinbaseSmartWalletProperties(config.chainIds), { storage: createMemoryStorage(), loadSdk })],
      storage: null,
      multiInjectedProviderDiscovery: false,
    })
  // The logo's URL is read from the page's origin when the SDK is created.
  vi.stubGlobal('window', { location: { origin: 'http://127.0.0.1:3000' } })
  try {
    const connector = wagmi.connectors[0] as unknown as { prepare(context: { isMobile: boolean }): void }
    connector.prepare({ isMobile: false })
    await vi.waitFor(() => expect(seen).toHaveLength(1))
    return seen[0]!
  } finally {
    vi.unstubAllGlobals()
  }
}

describe('coinbaseSmartWalletFor', () => {
  it("hands the deployment's COINBASE_PREFERENCE to the SDK", async () => {
    expect((await sdkOptionsFor({ ...publicConfig, coinbasePreference: 'eoaOnly' })).preference).toEqual({ options: 'eoaOnly' })
    expect((await sdkOptionsFor({ ...publicConfig, coinbasePreference: 'all' })).preference).toEqual({ options: 'all' })
  })

  it('uses smartWalletOnly when the deployment sets no preference', async () => {
    expect((await sdkOptionsFor(publicConfig)).preference).toEqual({ options: 'smartWalletOnly' })
  })

  it('passes the keys page only when the deployment has one', async () => {
    const keysUrl = 'http://127.0.0.1:4555/connect'
    expect((await sdkOptionsFor({ ...publicConfig, coinbaseKeysUrl: keysUrl })).preference).toEqual({ options: 'smartWalletOnly', keysUrl })
  })
})
