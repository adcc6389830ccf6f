import type { Chain } from 'viem'
import { EXCLUDED_CHAIN_IDS } from '@/lib/chains'

/** The WalletConnect RPC endpoint, built from a chain id and a project id (SPEC.md section 7). */
export function walletConnectRpcUrl(chainId: number, projectId: string): string {
  return `https://rpc.walletconnect.org/v1/?chainId=eip155:${chainId}&projectId=${encodeURIComponent(projectId)}`
}

/**
 * One RPC address per chain: the configured one if any, else the WalletConnect endpoint when a
 * project id exists, else the chain's own public default. Excluded chains are never mapped.
 */
export function buildRpcMap(
  chains: readonly Chain[],
  options: { projectId?: string | undefined; overrides?: Record<number, string | undefined> },
): Record<number, string> {
  const map: Record<number, string> = {}
  for (const chain of chains) {
    if (EXCLUDED_CHAIN_IDS.includes(chain.id)) continue
    const configured = options.overrides?.[chain.id]
    const fallback = chain.rpcUrls.default.http[0]
    const url = configured || (options.projectId ? walletConnectRpcUrl(chain.id, options.projectId) : fallback)
    if (url) map[chain.id] = url
  }
  return map
}
