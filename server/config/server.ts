import 'server-only'
import type { CoinbasePreference } from '@/lib/config/coinbasePreference'
import { mainnet } from 'viem/chains'
import { getSupportedChains } from '@/lib/chains'
import { browserRpcMap, buildRpcMap, localChainNodeUrl, rpcProxyUpstreams } from '@/lib/config/rpc'
import type { PublicConfig } from '@/lib/config/public'
import { envOf, type EnvInput, type ServerEnv } from './env'

/** Per-chain RPC overrides from `RPC_URL_<chainId>`; the local chain defaults to anvil's usual port. */
function rpcOverrides(env: ServerEnv): Record<number, string> {
  return { 31337: 'http://127.0.0.1:8545', ...env.rpcUrls }
}

/**
 * The embedded wallet's vault origin (server/config/vaultOrigin.mjs), or undefined where this deployment
 * has none (the embedded row then says the wallet is unavailable here). A value that breaks the rule
 * is no vault either: `next start` refuses to boot on it, `next dev` logs it once per process.
 */
function vaultOrigin(env: ServerEnv): string | undefined {
  const { origin, problem } = env.vault
  if (problem && env.vaultOriginSet && !warnedVault) {
    warnedVault = true
    console.warn(`[sigil] ${problem} The embedded wallet is unavailable until it is fixed.`)
  }
  return origin
}
let warnedVault = false

/**
 * `COINBASE_KEYS_URL`: a local stand-in for Coinbase's popup, for tests. Honoured only where the
 * local chain is enabled AND every origin the app answers on (`APP_ORIGIN`) is loopback, so a real
 * deployment — even one that opted into the local chain — can never send its users' smart wallet
 * handshake to another page; ignored otherwise. The address itself must be loopback too.
 */
export function coinbaseKeysUrl(input?: EnvInput): string | undefined {
  return envOf(input).coinbaseKeysUrl
}

/**
 * `COINBASE_PREFERENCE`: which accounts Coinbase's popup offers — `smartWalletOnly` (default), `all`
 * or `eoaOnly` (lib/config/coinbasePreference.ts). Any other value is a deployment
 * mistake and stops the server with a clear message, instead of surfacing in the first connect.
 */
export function coinbasePreference(input?: EnvInput): CoinbasePreference | undefined {
  return envOf(input).coinbasePreference
}

/**
 * Server-only RPC per supported chain, for signature checks: `RPC_URL_<id>` as configured (often
 * with a provider key), else the WalletConnect endpoint or the public RPC. Never sent to the browser.
 */
export function serverRpcUrls(input?: EnvInput): Record<number, string> {
  const env = envOf(input)
  const chains = getSupportedChains({ includeLocal: env.localChain })
  return buildRpcMap(chains, { projectId: env.walletConnectProjectId, overrides: rpcOverrides(env) })
}

/**
 * The server's mainnet RPC for ENS lookups (names live on mainnet whatever chains the page offers):
 * `RPC_URL_1`, else the WalletConnect endpoint, else mainnet's public RPC. Server only.
 */
export function ensRpcUrl(input?: EnvInput): string | undefined {
  const env = envOf(input)
  return buildRpcMap([mainnet], { projectId: env.walletConnectProjectId, overrides: rpcOverrides(env) })[mainnet.id]
}

/** The chains the same-origin RPC proxy (and its broadcast endpoint) serves, each with the server-only URL it forwards to. */
export function rpcProxyTargets(input?: EnvInput): Record<number, string> {
  const env = envOf(input)
  const chains = getSupportedChains({ includeLocal: env.localChain })
  return rpcProxyUpstreams(chains, { projectId: env.walletConnectProjectId, overrides: rpcOverrides(env) })
}

/**
 * Server-only RPC per supported chain for sign-in's contract-wallet checks (ERC-1271 / ERC-6492):
 * `SIGNIN_RPC_URL_<id>`, else `RPC_URL_<id>`, else the default (WalletConnect endpoint or public RPC).
 * A separate key (or provider) here keeps sign-in working when the browser's reads through the
 * proxy have spent the other key's quota. Never sent to the browser.
 */
export function signInRpcUrls(input?: EnvInput): Record<number, string> {
  const env = envOf(input)
  const chains = getSupportedChains({ includeLocal: env.localChain })
  return buildRpcMap(chains, { projectId: env.walletConnectProjectId, overrides: { ...rpcOverrides(env), ...env.signInRpcUrls } })
}

/**
 * `EMBEDDED_RECOVERY_DELAY`: how long after an email recovery starts its key is released (seconds or
 * `48h`; up to 30 days). Short delays (down to 0) are for development and tests: a production build
 * refuses less than an hour unless every app origin is a loopback address (a test deployment).
 */
export function embeddedRecoveryDelaySeconds(input?: EnvInput): number {
  return envOf(input).embeddedRecoveryDelaySeconds
}

/** `RPC_PROXY_RATE_LIMIT_PER_IP`: proxied calls per client per minute (a batch counts each call). */
export function rpcProxyLimitPerIp(input?: EnvInput): number {
  return envOf(input).rpcProxyLimitPerIp
}

/** `RPC_BROADCAST_RATE_LIMIT_PER_IP`: transactions broadcast per client per minute. */
export function rpcBroadcastLimitPerIp(input?: EnvInput): number {
  return envOf(input).rpcBroadcastLimitPerIp
}

/** `RPC_PROXY_MAX_GAS`: the gas cap of `eth_call` / `eth_estimateGas` through the proxy (at most 30,000,000). */
export function rpcProxyMaxGas(input?: EnvInput): number {
  return envOf(input).rpcProxyMaxGas
}

/** `RPC_PROXY_BUDGET_PER_MINUTE`: calls the proxy forwards per chain per minute, all instances and clients together. */
export function rpcProxyBudgetPerMinute(input?: EnvInput): number {
  return envOf(input).rpcProxyBudgetPerMinute
}

/** What the page may know of this deployment's configuration (lib/config/public.ts). */
export function getPublicConfig(input?: EnvInput): PublicConfig {
  const env = envOf(input)
  const chains = getSupportedChains({ includeLocal: env.localChain })
  const projectId = env.walletConnectProjectId
  return {
    chainIds: chains.map((chain) => chain.id),
    // Every chain is /api/rpc/<id> here: no RPC address (keyed or public) is the page's to request.
    rpcUrls: browserRpcMap(chains, { projectId, overrides: rpcOverrides(env) }),
    localChainNodeUrl: localChainNodeUrl(chains, { projectId, overrides: rpcOverrides(env) }),
    walletConnectProjectId: projectId,
    appOrigins: [...env.appOrigins],
    vaultOrigin: vaultOrigin(env),
    walletConnectRelayUrl: env.walletConnectRelayUrl,
    coinbaseKeysUrl: env.coinbaseKeysUrl,
    coinbasePreference: env.coinbasePreference,
  }
}
