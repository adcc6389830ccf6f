import type { Chain } from 'viem'
import { EXCLUDED_CHAIN_IDS, localChain } from '@/lib/chains'

/** The WalletConnect RPC endpoint, built from a chain id and a project id (SPEC.md section 7). */
export function walletConnectRpcUrl(chainId: number, projectId: string): string {
  return `https://rpc.walletconnect.org/v1/?chainId=eip155:${chainId}&projectId=${encodeURIComponent(projectId)}`
}

/** The same-origin read-only RPC proxy (app/api/rpc/[chainId]) the browser uses for a chain whose RPC is configured on the server. */
export const RPC_PROXY_PATH = '/api/rpc'

export function rpcProxyPath(chainId: number): string {
  return `${RPC_PROXY_PATH}/${chainId}`
}

/** True for the proxy's address, absolute or as the server hands it out. */
export function isRpcProxyUrl(url: string): boolean {
  try {
    return new URL(url, 'http://localhost').pathname.startsWith(`${RPC_PROXY_PATH}/`)
  } catch {
    return false
  }
}

type RpcMapOptions = { projectId?: string | undefined; overrides?: Record<number, string | undefined> }

/**
 * The server's RPC address per chain (signature checks, and the upstream of the proxy): the
 * configured one (`RPC_URL_<id>`, often carrying a provider key) if any, else the WalletConnect
 * endpoint when a project id exists, else the chain's own public default. Excluded chains are never
 * mapped. Server only: never hand this map to the browser (`browserRpcMap`).
 */
export function buildRpcMap(chains: readonly Chain[], options: RpcMapOptions): Record<number, string> {
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

/**
 * A local node's address the browser may use as is: plain http(s) on loopback with nothing that
 * could be a credential (no userinfo, path, query or fragment). Only for the local chain, whose
 * wallets must be told its real address (`wallet_addEthereumChain`).
 */
function isPlainLoopbackNode(url: string): boolean {
  try {
    const parsed = new URL(url)
    return (
      (parsed.protocol === 'http:' || parsed.protocol === 'https:') &&
      ['127.0.0.1', 'localhost', '[::1]'].includes(parsed.hostname) &&
      !parsed.username && !parsed.password && (parsed.pathname === '/' || parsed.pathname === '') && !parsed.search && !parsed.hash
    )
  } catch {
    return false
  }
}

/**
 * What the browser is told per chain. A configured `RPC_URL_<id>` is treated as secret whatever it
 * looks like (keys hide in paths, queries, userinfo and hostnames alike): the browser gets the
 * same-origin proxy `/api/rpc/<id>`, which forwards read methods to it. Chains without one get what
 * they would anyway: the WalletConnect endpoint (its project id is public by design) or the chain's
 * public RPC. The local chain keeps a plain loopback address as is (development and tests).
 */
export function browserRpcMap(chains: readonly Chain[], options: RpcMapOptions): Record<number, string> {
  const server = buildRpcMap(chains, options)
  const map: Record<number, string> = {}
  for (const [id, url] of Object.entries(server)) {
    const chainId = Number(id)
    const configured = options.overrides?.[chainId]
    const keptAsIs = !configured || (chainId === localChain.id && isPlainLoopbackNode(configured))
    map[chainId] = keptAsIs ? url : rpcProxyPath(chainId)
  }
  return map
}

/** The chains the proxy serves (those the browser reaches through it) and the server URL each forwards to. */
export function rpcProxyUpstreams(chains: readonly Chain[], options: RpcMapOptions): Record<number, string> {
  const server = buildRpcMap(chains, options)
  const browser = browserRpcMap(chains, options)
  return Object.fromEntries(Object.entries(browser).flatMap(([id, url]) => (isRpcProxyUrl(url) && server[Number(id)] ? [[id, server[Number(id)]!]] : [])))
}

/**
 * The browser's map with same-origin paths made absolute for `origin` (the page's own): the
 * WalletConnect SDK's HTTP connection accepts only absolute http(s) URLs.
 */
export function absoluteRpcUrls(rpcUrls: Readonly<Record<number, string>>, origin: string | undefined): Record<number, string> {
  return Object.fromEntries(Object.entries(rpcUrls).map(([id, url]) => [id, origin && url.startsWith('/') ? new URL(url, origin).href : url]))
}
