import { base } from 'viem/chains'
import { describe, expect, it } from 'vitest'
import { localChain } from '@sigil/lib/chains'
import { addEthereumChainParameter } from './addEthereumChainParameter'

describe('addEthereumChainParameter', () => {
  it('describes a chain with a hex id, its name, currency, RPC and explorer', () => {
    expect(addEthereumChainParameter(base)).toEqual({
      chainId: '0x2105',
      chainName: 'Base',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: ['https://mainnet.base.org'],
      blockExplorerUrls: ['https://basescan.org'],
    })
  })
  it('leaves out the explorer list for a chain without one', () => {
    const parameter = addEthereumChainParameter(localChain)
    expect(parameter.chainId).toBe('0x7a69')
    expect(parameter).not.toHaveProperty('blockExplorerUrls')
  })
  it('lets the caller override RPC addresses and name', () => {
    const parameter = addEthereumChainParameter(base, { rpcUrls: ['https://rpc.example'], chainName: 'Base (custom)' })
    expect(parameter.rpcUrls).toEqual(['https://rpc.example'])
    expect(parameter.chainName).toBe('Base (custom)')
  })
})
