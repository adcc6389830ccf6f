import type { Chain } from 'viem'
import { EXCLUDED_CHAIN_IDS, localChain } from '@/lib/chains'

/**
 * The WalletConnect RPC endpoint, built from a chain id and a project id
 * (docs/families/walletConnect.md#what-it-does).
 */
export function walletConnectRpcUrl(chainId: number, projectId: string): string {
  return `https://rpc.walletconnect.org/v1/?chainId=eip155:${chainId}&projectId=${encodeURIComponent(projectId)}`
}

/** The same-origin read-only RPC proxy (app/api/rpc/[chainId]): the only RPC address the browser gets, for every chain. */
const RPC_PROXY_PATH = '/api/rpc'

function rpcProxyPath(chainId: number): string {
  return `${RPC_PROXY_PATH}/${chainId}`
}

/** True for the proxy's address, absolute or as the server hands it out. */
function isRpcProxyUrl(url: string): boolean {
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
 * A local node's address that may be handed to a wallet as data (`wallet_addEthereumChain`): plain
 * http(s) on loopback with nothing that could be a credential (no userinfo, path, query or
 * fragment). The page itself never requests it: its reads go through the proxy like every chain's.
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
 * What the browser is told per chain: always the same-origin proxy `/api/rpc/<id>`, whatever the
 * server forwards to (a configured `RPC_URL_<id>`, the WalletConnect endpoint, the chain's public
 * RPC, a local node). The page reaches no RPC host of its own: the user's address and IP address
 * stay between the browser and this server (docs/security/egress.md).
 */
export function browserRpcMap(chains: readonly Chain[], options: RpcMapOptions): Record<number, string> {
  return Object.fromEntries(Object.keys(buildRpcMap(chains, options)).map((id) => [id, rpcProxyPath(Number(id))]))
}

/** The chains the proxy serves (every chain the browser reads) and the server URL each forwards to. */
export function rpcProxyUpstreams(chains: readonly Chain[], options: RpcMapOptions): Record<number, string> {
  return buildRpcMap(chains, options)
}

/**
 * The local chain's node address as data for wallets (`wallet_addEthereumChain` must name the node
 * a wallet can reach; anvil's port is chosen at run time), when it is a plain loopback address.
 * Never used for a request of the page.
 */
export function localChainNodeUrl(chains: readonly Chain[], options: RpcMapOptions): string | undefined {
  if (!chains.some((chain) => chain.id === localChain.id)) return undefined
  const url = buildRpcMap(chains, options)[localChain.id]
  return url && isPlainLoopbackNode(url) ? url : undefined
}

/**
 * The same-origin broadcast endpoint (`/api/rpc/<id>/broadcast`, `eth_sendRawTransaction` only,
 * server/rpc/broadcast.ts) beside a proxy address as the browser holds it (relative or made absolute),
 * or undefined for an address that is not the proxy's.
 */
export function rpcBroadcastUrl(proxyUrl: string): string | undefined {
  if (!isRpcProxyUrl(proxyUrl)) return undefined
  const base = new URL(proxyUrl, 'http://localhost')
  if (!/^\/api\/rpc\/\d+$/.test(base.pathname) || base.search || base.hash) return undefined
  return proxyUrl.startsWith('/') ? `${base.pathname}/broadcast` : `${proxyUrl}/broadcast`
}

/**
 * The browser's map with same-origin paths made absolute for `origin` (the page's own): the
 * WalletConnect SDK's HTTP connection accepts only absolute http(s) URLs.
 */
export function absoluteRpcUrls(rpcUrls: Readonly<Record<number, string>>, origin: string | undefined): Record<number, string> {
  return Object.fromEntries(Object.entries(rpcUrls).map(([id, url]) => [id, origin && url.startsWith('/') ? new URL(url, origin).href : url]))
}
