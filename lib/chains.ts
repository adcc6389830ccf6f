import { defineChain, type Chain } from 'viem'
import { arbitrum, foundry, mainnet, polygon, sepolia } from 'viem/chains'

const multicall3 = { address: '0xcA11bde05977b3631167028862bE2a173976CA11' } as const

/*
 * The OP-stack chains are declared by hand rather than imported from `viem/chains`: viem's versions
 * carry OP-stack block/transaction formatters and serializers (deposit transactions) that a
 * connect-and-sign page never uses, and they cost ~12 kB gzip of first-load JavaScript.
 */
export const base = defineChain({
  id: 8453,
  name: 'Base',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['https://mainnet.base.org'] } },
  blockExplorers: { default: { name: 'Basescan', url: 'https://basescan.org' } },
  contracts: { multicall3: { ...multicall3, blockCreated: 5022 } },
})

export const baseSepolia = defineChain({
  id: 84532,
  name: 'Base Sepolia',
  nativeCurrency: { name: 'Sepolia Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['https://sepolia.base.org'] } },
  blockExplorers: { default: { name: 'Basescan', url: 'https://sepolia.basescan.org' } },
  contracts: { multicall3: { ...multicall3, blockCreated: 1059647 } },
  testnet: true,
})

export const optimism = defineChain({
  id: 10,
  name: 'OP Mainnet',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['https://mainnet.optimism.io'] } },
  blockExplorers: { default: { name: 'Optimism Explorer', url: 'https://optimistic.etherscan.io' } },
  contracts: { multicall3: { ...multicall3, blockCreated: 4286263 } },
})

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
