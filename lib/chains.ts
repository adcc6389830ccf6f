import type { Chain } from 'viem'
import { arbitrum, base, baseSepolia, foundry, mainnet, optimism, polygon, sepolia } from 'viem/chains'

/** The public chains Sigil supports, in the order the chain menu shows them. */
export const publicChains = [mainnet, base, baseSepolia, optimism, arbitrum, polygon, sepolia] as const

/** The local anvil chain: development and tests only (see `isLocalChainEnabled`). */
export const localChain: Chain = { ...foundry, name: 'Local (anvil)' }

/**
 * Chains never mapped, whatever the configuration says.
 * 11297108109 (Palm) crashed a popular wallet when offered in a WalletConnect proposal (REFERENCE.md §1).
 */
export const EXCLUDED_CHAIN_IDS: readonly number[] = [11297108109]

export function getSupportedChains(options: { includeLocal: boolean }): readonly [Chain, ...Chain[]] {
  const chains: Chain[] = [...publicChains, ...(options.includeLocal ? [localChain] : [])]
  const kept = chains.filter((chain) => !EXCLUDED_CHAIN_IDS.includes(chain.id))
  return kept as unknown as readonly [Chain, ...Chain[]]
}

/** A chain id as Sigil handles it inside: a positive safe integer. Hex only at the RPC edge. */
export function isChainId(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0
}
