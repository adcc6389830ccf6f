import { getAddress } from 'viem'
import * as viemChains from 'viem/chains'
import { describe, expect, it } from 'vitest'
import { EXCLUDED_CHAIN_IDS, getSupportedChains, isChainId, localChain, publicChains } from './chains'

const viemById = new Map<number, viemChains.Chain>(
  [viemChains.mainnet, viemChains.base, viemChains.baseSepolia, viemChains.optimism, viemChains.arbitrum, viemChains.polygon, viemChains.sepolia, viemChains.foundry].map(
    (chain) => [chain.id, chain],
  ),
)

describe('chains', () => {
  it.each(publicChains.map((chain) => [chain.name, chain] as const))('%s carries viem’s id, name, currency, RPC, explorer and multicall3', (_, chain) => {
    const reference = viemById.get(chain.id)
    expect(reference, `viem knows chain ${chain.id}`).toBeDefined()
    expect(chain.name).toBe(reference!.name)
    expect(chain.nativeCurrency).toEqual(reference!.nativeCurrency)
    expect(chain.rpcUrls.default.http).toEqual(reference!.rpcUrls.default.http)
    expect(chain.blockExplorers.default.url).toBe(reference!.blockExplorers?.default.url)
    expect(getAddress(chain.contracts.multicall3.address)).toBe(getAddress(reference!.contracts!.multicall3!.address))
    expect(chain.contracts.multicall3.blockCreated).toBe(reference!.contracts!.multicall3!.blockCreated)
    expect(Boolean('testnet' in chain && chain.testnet)).toBe(Boolean(reference!.testnet))
  })

  it('serves the local chain as anvil’s id 31337 on its usual port', () => {
    expect(localChain.id).toBe(viemChains.foundry.id)
    expect(localChain.rpcUrls.default.http).toEqual(viemChains.foundry.rpcUrls.default.http)
  })

  it('offers the local chain only when asked and never an excluded chain', () => {
    expect(getSupportedChains({ includeLocal: false }).map((chain) => chain.id)).toEqual([1, 8453, 84532, 10, 42161, 137, 11155111])
    expect(getSupportedChains({ includeLocal: true }).at(-1)?.id).toBe(31337)
    for (const id of EXCLUDED_CHAIN_IDS) expect(getSupportedChains({ includeLocal: true }).some((chain) => chain.id === id)).toBe(false)
  })

  it('accepts only positive safe integers as chain ids', () => {
    expect([1, 8453, 31337].every(isChainId)).toBe(true)
    expect([0, -1, 1.5, Number.MAX_SAFE_INTEGER + 1, '1', null, undefined, Number.NaN].some(isChainId)).toBe(false)
  })
})
