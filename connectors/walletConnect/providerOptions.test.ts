import { describe, expect, it } from 'vitest'
import type { PublicConfig } from '@sigil/lib/config/public'
import { absoluteRpcUrls, browserRpcMap } from '@sigil/lib/config/rpc'
import { getSupportedChains } from '@sigil/lib/chains'
import { WalletConnectNotConfiguredError } from './errors'
import { EVENTS, OPTIONAL_METHODS, orderChains, REQUIRED_METHODS, walletConnectProviderOptions } from './providerOptions'

const publicConfig: PublicConfig = {
  chainIds: [1, 8453, 84532, 11297108109, 31337],
  // As the page holds them: the proxy paths the server hands out, made absolute for the page's origin.
  rpcUrls: absoluteRpcUrls(browserRpcMap(getSupportedChains({ includeLocal: true }), { projectId: 'abc', overrides: { 8453: 'https://base.example/rpc' } }), 'https://sigil.example'),
  walletConnectProjectId: 'abc',
  appOrigins: ['https://sigil.example', 'https://www.sigil.example'],
}

describe('walletConnectProviderOptions', () => {
  it('offers every chain as optional (none required), preferred first, without 11297108109', () => {
    const options = walletConnectProviderOptions({ publicConfig, preferredChains: [84532, 8453] })
    expect(options.optionalChains).toEqual([84532, 8453, 1, 31337])
    expect(options).not.toHaveProperty('chains')
  })

  it('asks for the spec’s required methods and events, then the other methods of docs/families/walletConnect.md#what-it-does as optional', () => {
    const options = walletConnectProviderOptions({ publicConfig })
    expect(options.methods).toEqual(['eth_sendTransaction', 'personal_sign'])
    expect(options.events).toEqual(['chainChanged', 'accountsChanged'])
    expect(options.optionalMethods).toEqual([...OPTIONAL_METHODS])
    expect(options.optionalMethods).toEqual(expect.arrayContaining([...REQUIRED_METHODS, 'eth_signTypedData_v4', 'wallet_switchEthereumChain', 'wallet_addEthereumChain']))
    expect(options.optionalEvents).toEqual([...EVENTS])
  })

  it('maps every offered chain to the app’s own read proxy, absolute (whatever the server forwards to)', () => {
    const { rpcMap } = walletConnectProviderOptions({ publicConfig })
    expect(rpcMap).toEqual({
      '1': 'https://sigil.example/api/rpc/1',
      '8453': 'https://sigil.example/api/rpc/8453',
      '84532': 'https://sigil.example/api/rpc/84532',
      '31337': 'https://sigil.example/api/rpc/31337',
    })
    expect(rpcMap).not.toHaveProperty('11297108109')
  })

  it('hides the SDK’s QR modal, names the app with its canonical origin and sends wallets back to it', () => {
    const options = walletConnectProviderOptions({ publicConfig: { ...publicConfig, walletConnectRelayUrl: 'ws://127.0.0.1:9000' } })
    expect(options.showQrModal).toBe(false)
    expect(options.relayUrl).toBe('ws://127.0.0.1:9000')
    expect(options.metadata).toMatchObject({ name: 'Sigil', url: 'https://sigil.example', redirect: { universal: 'https://sigil.example' } })
    // No third-party image for wallets to fetch.
    expect(options.metadata.icons).toEqual([`${options.metadata.url}/icon.svg`])
  })

  it('fails with a typed error, not a crash, when the deployment has no project id', () => {
    for (const projectId of ['', '   ']) {
      expect(() => walletConnectProviderOptions({ publicConfig: { ...publicConfig, walletConnectProjectId: projectId } })).toThrow(WalletConnectNotConfiguredError)
    }
    try {
      walletConnectProviderOptions({ publicConfig: { ...publicConfig, walletConnectProjectId: '' } })
    } catch (error) {
      expect((error as WalletConnectNotConfiguredError).code).toBe('walletconnect_not_configured')
      expect((error as Error).message).toBe('WalletConnect is not available on this site. Other wallets still work.')
    }
  })
})

describe('orderChains', () => {
  it('keeps each chain once and ignores preferred chains the configuration lacks', () => {
    expect(orderChains([1, 10, 8453], [8453, 999, 8453])).toEqual([8453, 1, 10])
    expect(orderChains([11297108109])).toEqual([])
  })
})
