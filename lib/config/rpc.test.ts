import { describe, expect, it } from 'vitest'
import { getSupportedChains } from '@/lib/chains'
import { absoluteRpcUrls, browserRpcMap, buildRpcMap, localChainNodeUrl, rpcBroadcastUrl, rpcProxyUpstreams, walletConnectRpcUrl } from './rpc'

const chains = getSupportedChains({ includeLocal: true })

describe('browserRpcMap: the page reads every chain through its own origin', () => {
  it('maps every chain to /api/rpc/<id>, configured or not, local or not, with or without a project id', () => {
    for (const options of [
      { projectId: '' },
      { projectId: 'pid' },
      { projectId: '', overrides: { 31337: 'http://127.0.0.1:8545' } },
      { projectId: '', overrides: { 1: 'https://eth.example/v2/KEY', 31337: 'http://127.0.0.1:40123/key' } },
    ]) {
      const map = browserRpcMap(chains, options)
      expect(Object.keys(map).sort()).toEqual(Object.keys(buildRpcMap(chains, options)).sort())
      for (const [id, url] of Object.entries(map)) expect(url).toBe(`/api/rpc/${id}`)
    }
  })

  it('leaves the public default, the WalletConnect endpoint and the local node to the proxy’s upstream', () => {
    const mainnet = chains.find((chain) => chain.id === 1)!
    expect(rpcProxyUpstreams(chains, { projectId: '' })[1]).toBe(mainnet.rpcUrls.default.http[0])
    expect(rpcProxyUpstreams(chains, { projectId: 'pid' })[1]).toBe(walletConnectRpcUrl(1, 'pid'))
    expect(rpcProxyUpstreams(chains, { projectId: '', overrides: { 31337: 'http://127.0.0.1:40123' } })[31337]).toBe('http://127.0.0.1:40123')
  })

  it('keeps a plain loopback local node as data for wallets, and nothing that could carry a key', () => {
    expect(localChainNodeUrl(chains, { projectId: '', overrides: { 31337: 'http://127.0.0.1:40123' } })).toBe('http://127.0.0.1:40123')
    for (const node of ['http://127.0.0.1:40123/key', 'http://u:p@127.0.0.1:1', 'http://127.0.0.1:1/?k=1', 'https://anvil.example']) {
      expect(localChainNodeUrl(chains, { projectId: '', overrides: { 31337: node } }), node).toBeUndefined()
    }
    expect(localChainNodeUrl(getSupportedChains({ includeLocal: false }), { projectId: '', overrides: { 31337: 'http://127.0.0.1:40123' } })).toBeUndefined()
  })
})

describe('rpcBroadcastUrl', () => {
  it('is the proxy address with /broadcast, relative or absolute, and nothing for any other address', () => {
    expect(rpcBroadcastUrl('/api/rpc/31337')).toBe('/api/rpc/31337/broadcast')
    expect(rpcBroadcastUrl('http://localhost:3000/api/rpc/8453')).toBe('http://localhost:3000/api/rpc/8453/broadcast')
    expect(absoluteRpcUrls({ 1: '/api/rpc/1' }, 'https://sigil.example')[1]).toBe('https://sigil.example/api/rpc/1')
    for (const other of ['https://ethereum.reth.rs/rpc', 'http://127.0.0.1:8545', '/api/rpc/1/broadcast', '/api/rpc/1?x=1', '/api/rpc/']) {
      expect(rpcBroadcastUrl(other), other).toBeUndefined()
    }
  })
})
