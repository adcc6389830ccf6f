import { describe, expect, it } from 'vitest'
import { getSupportedChains } from '@sigil/lib/chains'
import { COINBASE_PREFERRED_CHAIN_IDS, preferredChainOrder } from './preferredChainOrder'

describe('preferredChainOrder', () => {
  it('puts 84532 first, then 8453 (docs/families/coinbaseSmartWallet.md#what-it-does)', () => {
    expect(COINBASE_PREFERRED_CHAIN_IDS).toEqual([84532, 8453])
  })

  it('orders Sigil’s supported chains as 84532, 8453, then the rest in configuration order', () => {
    const configured = getSupportedChains({ includeLocal: true }).map((chain) => chain.id)
    expect(configured).toEqual([1, 8453, 84532, 10, 42161, 137, 11155111, 31337])
    expect(preferredChainOrder(configured)).toEqual([84532, 8453, 1, 10, 42161, 137, 11155111, 31337])
  })

  it('leaves out a preferred chain the deployment does not configure', () => {
    expect(preferredChainOrder([1, 10, 8453])).toEqual([8453, 1, 10])
    expect(preferredChainOrder([1, 10])).toEqual([1, 10])
  })

  it('keeps each chain once', () => {
    expect(preferredChainOrder([8453, 1, 8453, 84532, 1])).toEqual([84532, 8453, 1])
  })

  it('gives an empty list for no chains', () => {
    expect(preferredChainOrder([])).toEqual([])
  })
})
