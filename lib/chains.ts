import type { Chain } from 'viem'

const multicall3 = '0xcA11bde05977b3631167028862bE2a173976CA11'
const ether = { name: 'Ether', symbol: 'ETH', decimals: 18 } as const

/*
 * Every chain is declared here as plain data rather than imported from `viem/chains`: viem's
 * definitions go through `defineChain` (an `extend` helper the page never calls) and carry ENS
 * contracts, explorer API addresses and — for the OP-stack chains — block/transaction formatters and
 * deposit-transaction serializers that a connect-and-sign page never uses; together ~13 kB gzip of
 * first-load JavaScript. The values (ids, names, currencies, default RPCs, explorers, multicall3
 * deployments) are viem's own; `chains.test.ts` checks them against `viem/chains`.
 */
const mainnet = {
  id: 1,
  name: 'Ethereum',
  nativeCurrency: ether,
  rpcUrls: { default: { http: ['https://ethereum.reth.rs/rpc'] } },
  blockExplorers: { default: { name: 'Etherscan', url: 'https://etherscan.io' } },
  contracts: { multicall3: { address: multicall3, blockCreated: 14353601 } },
} as const satisfies Chain

export const base = {
  id: 8453,
  name: 'Base',
  nativeCurrency: ether,
  rpcUrls: { default: { http: ['https://mainnet.base.org'] } },
  blockExplorers: { default: { name: 'Basescan', url: 'https://basescan.org' } },
  contracts: { multicall3: { address: multicall3, blockCreated: 5022 } },
} as const satisfies Chain

export const baseSepolia = {
  id: 84532,
  name: 'Base Sepolia',
  nativeCurrency: { name: 'Sepolia Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['https://sepolia.base.org'] } },
  blockExplorers: { default: { name: 'Basescan', url: 'https://sepolia.basescan.org' } },
  contracts: { multicall3: { address: multicall3, blockCreated: 1059647 } },
  testnet: true,
} as const satisfies Chain

const optimism = {
  id: 10,
  name: 'OP Mainnet',
  nativeCurrency: ether,
  rpcUrls: { default: { http: ['https://mainnet.optimism.io'] } },
  blockExplorers: { default: { name: 'Optimism Explorer', url: 'https://optimistic.etherscan.io' } },
  contracts: { multicall3: { address: multicall3, blockCreated: 4286263 } },
} as const satisfies Chain

const arbitrum = {
  id: 42161,
  name: 'Arbitrum One',
  nativeCurrency: ether,
  rpcUrls: { default: { http: ['https://arb1.arbitrum.io/rpc'] } },
  blockExplorers: { default: { name: 'Arbiscan', url: 'https://arbiscan.io' } },
  contracts: { multicall3: { address: multicall3, blockCreated: 7654707 } },
} as const satisfies Chain

const polygon = {
  id: 137,
  name: 'Polygon',
  nativeCurrency: { name: 'POL', symbol: 'POL', decimals: 18 },
  rpcUrls: { default: { http: ['https://polygon.drpc.org'] } },
  blockExplorers: { default: { name: 'PolygonScan', url: 'https://polygonscan.com' } },
  contracts: { multicall3: { address: multicall3, blockCreated: 25770160 } },
} as const satisfies Chain

const sepolia = {
  id: 11155111,
  name: 'Sepolia',
  nativeCurrency: { name: 'Sepolia Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['https://11155111.rpc.thirdweb.com'] } },
  blockExplorers: { default: { name: 'Etherscan', url: 'https://sepolia.etherscan.io' } },
  contracts: { multicall3: { address: multicall3, blockCreated: 751532 } },
  testnet: true,
} as const satisfies Chain

/** The public chains Sigil supports, in the order the chain menu shows them. */
export const publicChains = [mainnet, base, baseSepolia, optimism, arbitrum, polygon, sepolia] as const

/** The local anvil chain: development and tests only (see `localChain` in server/config/env.ts). */
export const localChain: Chain = {
  id: 31337,
  name: 'Local (anvil)',
  nativeCurrency: ether,
  rpcUrls: { default: { http: ['http://127.0.0.1:8545'], webSocket: ['ws://127.0.0.1:8545'] } },
}

/**
 * Chains never mapped, whatever the configuration says. 11297108109 (Palm) crashed a popular wallet
 * when offered in a WalletConnect proposal (docs/families/walletConnect.md#what-it-does).
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
