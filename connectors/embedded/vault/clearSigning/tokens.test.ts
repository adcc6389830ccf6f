import { getAddress, isAddress } from 'viem'
import { describe, expect, it } from 'vitest'
import { bundledTokens, tokenFor } from './tokens'

describe('bundledTokens', () => {
  it('lists only valid, checksummed addresses', () => {
    for (const [chainId, address] of bundledTokens) {
      expect(isAddress(address, { strict: true }), `${chainId} ${address}`).toBe(true)
      expect(getAddress(address), `${chainId} ${address}`).toBe(address)
    }
  })

  it('gives each token a symbol, a name and 6 or 18 decimals (the stablecoins and wrapped coins listed)', () => {
    for (const [chainId, address, facts] of bundledTokens) {
      expect(facts.symbol.length, `${chainId} ${address}`).toBeGreaterThan(0)
      expect(facts.name.length, `${chainId} ${address}`).toBeGreaterThan(0)
      expect([6, 18], `${chainId} ${address}`).toContain(facts.decimals)
    }
  })

  it('has no contract twice on the same chain', () => {
    const keys = bundledTokens.map(([chainId, address]) => `${chainId}:${address.toLowerCase()}`)
    expect(new Set(keys).size).toBe(keys.length)
  })

  it('covers USDC, USDT, DAI and WETH on each mainnet, and USDC and WETH on each testnet', () => {
    const symbols = (chainId: number) => bundledTokens.filter(([id]) => id === chainId).map(([, , facts]) => facts.symbol)
    for (const chainId of [1, 10, 8453, 42161, 137]) expect(symbols(chainId)).toEqual(expect.arrayContaining(['USDC', 'USDT', 'DAI', 'WETH']))
    expect(symbols(137)).toContain('WPOL')
    for (const chainId of [11155111, 84532]) expect(symbols(chainId)).toEqual(expect.arrayContaining(['USDC', 'WETH']))
  })
})

describe('tokenFor', () => {
  it('finds a token whatever the case of its address', () => {
    const usdc = { symbol: 'USDC', name: 'USD Coin', decimals: 6 }
    expect(tokenFor(1, '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48')).toEqual(usdc)
    expect(tokenFor(1, '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48')).toEqual(usdc)
    expect(tokenFor(1, '0xA0B86991C6218B36C1D19D4A2E9EB0CE3606EB48')).toEqual(usdc)
  })

  it('keeps chains apart: the same address on another chain is not that token', () => {
    expect(tokenFor(10, '0x4200000000000000000000000000000000000006')?.symbol).toBe('WETH')
    expect(tokenFor(1, '0x4200000000000000000000000000000000000006')).toBeUndefined()
    expect(tokenFor(137, '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48')).toBeUndefined()
  })

  it('returns undefined for something that is not an address', () => {
    expect(tokenFor(1, '0x1234')).toBeUndefined()
  })
})
