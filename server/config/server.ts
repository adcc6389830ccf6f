import 'server-only'
import { parseCoinbasePreference, type CoinbasePreference } from '@/lib/config/coinbasePreference'
import { mainnet } from 'viem/chains'
import { getSupportedChains } from '@/lib/chains'
import { browserRpcMap, buildRpcMap, localChainNodeUrl, rpcProxyUpstreams } from '@/lib/config/rpc'
import type { PublicConfig } from '@/lib/config/public'
import { resolveVaultOrigin } from './vaultOrigin.mjs'

type Env = Record<string, string | undefined>

/** The local anvil chain is offered outside production, or when a deployment opts in (e2e builds). */
export function isLocalChainEnabled(env: Env = process.env): boolean {
  if (env.ENABLE_LOCAL_CHAIN === '0' || env.ENABLE_LOCAL_CHAIN === 'false') return false
  if (env.ENABLE_LOCAL_CHAIN === '1' || env.ENABLE_LOCAL_CHAIN === 'true') return true
  return env.NODE_ENV !== 'production'
}

/** Per-chain RPC overrides from `RPC_URL_<chainId>`; the local chain defaults to anvil's usual port. */
function rpcOverrides(env: Env = process.env): Record<number, string> {
  const overrides: Record<number, string> = { 31337: 'http://127.0.0.1:8545' }
  for (const [key, value] of Object.entries(env)) {
    const match = /^RPC_URL_(\d+)$/.exec(key)
    if (match?.[1] && value) overrides[Number(match[1])] = value
  }
  return overrides
}

/** Origins for SIWE checks: `APP_ORIGIN` (comma-separated exact origins), required in production. */
export function appOrigins(env: Env = process.env): string[] {
  const raw = env.APP_ORIGIN?.trim()
  if (!raw) {
    if (env.NODE_ENV === 'production') throw new Error('APP_ORIGIN is required in production (e.g. https://sigil.example).')
    return [`http://localhost:${env.PORT ?? '3000'}`, `http://127.0.0.1:${env.PORT ?? '3000'}`]
  }
  return raw.split(',').map((origin) => {
    const url = new URL(origin.trim())
    if (url.origin !== origin.trim().replace(/\/$/, '')) throw new Error(`APP_ORIGIN entries must be exact origins, got "${origin}".`)
    return url.origin
  })
}

/**
 * The embedded wallet's vault origin (server/config/vaultOrigin.mjs), or undefined where this deployment
 * has none (the embedded row then says the wallet is unavailable here). A value that breaks the rule
 * is no vault either: `next start` refuses to boot on it, `next dev` logs it once per process.
 */
function vaultOrigin(env: Env = process.env): string | undefined {
  const { origin, problem } = resolveVaultOrigin(env, appOrigins(env))
  if (problem && env.VAULT_ORIGIN?.trim() && !warnedVault) {
    warnedVault = true
    console.warn(`[sigil] ${problem} The embedded wallet is unavailable until it is fixed.`)
  }
  return origin
}
let warnedVault = false

function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]' || hostname.endsWith('.localhost')
}

/** `WALLETCONNECT_RELAY_URL`: `wss://` anywhere, `ws://` only on loopback (a test relay). */
function walletConnectRelayUrl(env: Env = process.env): string | undefined {
  const raw = env.WALLETCONNECT_RELAY_URL?.trim()
  if (!raw) return undefined
  const url = new URL(raw)
  if (url.protocol === 'wss:' || (url.protocol === 'ws:' && isLoopbackHost(url.hostname))) return raw
  throw new Error(`WALLETCONNECT_RELAY_URL must be a wss:// address (ws:// only on loopback), got "${raw}".`)
}

/**
 * `COINBASE_KEYS_URL`: a local stand-in for Coinbase's popup, for tests. Honoured only where the
 * local chain is enabled AND every origin the app answers on (`APP_ORIGIN`) is loopback, so a real
 * deployment — even one that opted into the local chain — can never send its users' smart wallet
 * handshake to another page; ignored otherwise. The address itself must be loopback too.
 */
export function coinbaseKeysUrl(env: Env = process.env): string | undefined {
  const raw = env.COINBASE_KEYS_URL?.trim()
  if (!raw || !isLocalChainEnabled(env)) return undefined
  if (!appOrigins(env).every((origin) => isLoopbackHost(new URL(origin).hostname))) return undefined
  const url = new URL(raw)
  if ((url.protocol === 'http:' || url.protocol === 'https:') && isLoopbackHost(url.hostname)) return url.href
  throw new Error(`COINBASE_KEYS_URL must be a loopback http(s) address, got "${raw}".`)
}

/**
 * `COINBASE_PREFERENCE`: which accounts Coinbase's popup offers — `smartWalletOnly` (default), `all`
 * or `eoaOnly` (lib/config/coinbasePreference.ts). Any other value is a deployment
 * mistake and stops the server with a clear message, instead of surfacing in the first connect.
 */
export function coinbasePreference(env: Env = process.env): CoinbasePreference | undefined {
  const raw = env.COINBASE_PREFERENCE?.trim()
  if (!raw) return undefined
  try {
    return parseCoinbasePreference(raw)
  } catch {
    throw new Error(`COINBASE_PREFERENCE must be one of all, smartWalletOnly, eoaOnly, got "${raw.slice(0, 40)}".`)
  }
}

function walletConnectProjectId(env: Env): string {
  return env.WALLETCONNECT_PROJECT_ID ?? env.NEXT_PUBLIC_WALLETCONNECT_PROJECT_ID ?? ''
}

/**
 * Server-only RPC per supported chain, for signature checks: `RPC_URL_<id>` as configured (often
 * with a provider key), else the WalletConnect endpoint or the public RPC. Never sent to the browser.
 */
export function serverRpcUrls(env: Env = process.env): Record<number, string> {
  const chains = getSupportedChains({ includeLocal: isLocalChainEnabled(env) })
  return buildRpcMap(chains, { projectId: walletConnectProjectId(env), overrides: rpcOverrides(env) })
}

/**
 * The server's mainnet RPC for ENS lookups (names live on mainnet whatever chains the page offers):
 * `RPC_URL_1`, else the WalletConnect endpoint, else mainnet's public RPC. Server only.
 */
export function ensRpcUrl(env: Env = process.env): string | undefined {
  return buildRpcMap([mainnet], { projectId: walletConnectProjectId(env), overrides: rpcOverrides(env) })[mainnet.id]
}

/** The chains the same-origin RPC proxy (and its broadcast endpoint) serves, each with the server-only URL it forwards to. */
export function rpcProxyTargets(env: Env = process.env): Record<number, string> {
  const chains = getSupportedChains({ includeLocal: isLocalChainEnabled(env) })
  return rpcProxyUpstreams(chains, { projectId: walletConnectProjectId(env), overrides: rpcOverrides(env) })
}

/**
 * Server-only RPC per supported chain for sign-in's contract-wallet checks (ERC-1271 / ERC-6492):
 * `SIGNIN_RPC_URL_<id>`, else `RPC_URL_<id>`, else the default (WalletConnect endpoint or public RPC).
 * A separate key (or provider) here keeps sign-in working when the browser's reads through the
 * proxy have spent the other key's quota. Never sent to the browser.
 */
export function signInRpcUrls(env: Env = process.env): Record<number, string> {
  const overrides = rpcOverrides(env)
  for (const [key, value] of Object.entries(env)) {
    const match = /^SIGNIN_RPC_URL_(\d+)$/.exec(key)
    if (match?.[1] && value?.trim()) overrides[Number(match[1])] = value.trim()
  }
  const chains = getSupportedChains({ includeLocal: isLocalChainEnabled(env) })
  return buildRpcMap(chains, { projectId: walletConnectProjectId(env), overrides })
}

/** A setting that is a whole number from 1 to `max`; unset or blank gives `fallback`, anything else throws. */
function positiveIntegerSetting(env: Env, name: string, fallback: number, max = Number.MAX_SAFE_INTEGER): number {
  const raw = env[name]?.trim()
  if (!raw) return fallback
  const value = Number(raw)
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(value) || value < 1 || value > max) {
    throw new Error(`${name} must be a whole number from 1 to ${max}, got "${raw.slice(0, 20)}".`)
  }
  return value
}

/**
 * A duration setting in seconds: a whole number of seconds, or a number with a unit (`90s`, `30m`,
 * `48h`, `7d`) from `min` to `max`; unset or blank gives `fallback`, anything else throws.
 */
function durationSetting(env: Env, name: string, fallback: number, min = 1, max = Number.MAX_SAFE_INTEGER): number {
  const raw = env[name]?.trim()
  if (!raw) return fallback
  const match = /^(\d+)\s*(s|m|h|d)?$/.exec(raw)
  const seconds = match ? Number(match[1]) * { s: 1, m: 60, h: 3600, d: 86_400 }[(match[2] ?? 's') as 's' | 'm' | 'h' | 'd'] : Number.NaN
  if (!Number.isSafeInteger(seconds) || seconds < min || seconds > max) {
    throw new Error(`${name} must be a duration from ${min} to ${max} seconds (e.g. 172800 or 48h), got "${raw.slice(0, 20)}".`)
  }
  return seconds
}

/** `EMBEDDED_RECOVERY_DELAY`'s default: 48 hours between an email recovery's start and its key's release. */
export const DEFAULT_EMBEDDED_RECOVERY_DELAY_SECONDS = 48 * 3600
/** The shortest delay a production build accepts on a public origin: below it the owner has no time to see the notice. */
const MIN_PRODUCTION_RECOVERY_DELAY_SECONDS = 3600

/**
 * `EMBEDDED_RECOVERY_DELAY`: how long after an email recovery starts its key is released (seconds or
 * `48h`; up to 30 days). Short delays (down to 0) are for development and tests: a production build
 * refuses less than an hour unless every app origin is a loopback address (a test deployment).
 */
export function embeddedRecoveryDelaySeconds(env: Env = process.env): number {
  const seconds = durationSetting(env, 'EMBEDDED_RECOVERY_DELAY', DEFAULT_EMBEDDED_RECOVERY_DELAY_SECONDS, 0, 30 * 86_400)
  if (env.NODE_ENV === 'production' && seconds < MIN_PRODUCTION_RECOVERY_DELAY_SECONDS) {
    const origins = appOrigins(env)
    const loopbackOnly = origins.length > 0 && origins.every((origin) => isLoopbackHost(new URL(origin).hostname))
    if (!loopbackOnly) throw new Error(`EMBEDDED_RECOVERY_DELAY must be at least ${MIN_PRODUCTION_RECOVERY_DELAY_SECONDS} seconds in production, got ${seconds}.`)
  }
  return seconds
}

const DEFAULT_RPC_PROXY_LIMIT_PER_MINUTE = 600
const DEFAULT_BROADCAST_LIMIT_PER_MINUTE = 30
const DEFAULT_RPC_PROXY_MAX_GAS = 3_000_000
const DEFAULT_RPC_PROXY_BUDGET_PER_MINUTE = 1200

/** `RPC_PROXY_RATE_LIMIT_PER_IP`: proxied calls per client per minute (a batch counts each call). */
export function rpcProxyLimitPerIp(env: Env = process.env): number {
  return positiveIntegerSetting(env, 'RPC_PROXY_RATE_LIMIT_PER_IP', DEFAULT_RPC_PROXY_LIMIT_PER_MINUTE)
}

/** `RPC_BROADCAST_RATE_LIMIT_PER_IP`: transactions broadcast per client per minute. */
export function rpcBroadcastLimitPerIp(env: Env = process.env): number {
  return positiveIntegerSetting(env, 'RPC_BROADCAST_RATE_LIMIT_PER_IP', DEFAULT_BROADCAST_LIMIT_PER_MINUTE)
}

/** `RPC_PROXY_MAX_GAS`: the gas cap of `eth_call` / `eth_estimateGas` through the proxy (at most 30,000,000). */
export function rpcProxyMaxGas(env: Env = process.env): number {
  return positiveIntegerSetting(env, 'RPC_PROXY_MAX_GAS', DEFAULT_RPC_PROXY_MAX_GAS, 30_000_000)
}

/** `RPC_PROXY_BUDGET_PER_MINUTE`: calls the proxy forwards per chain per minute, all instances and clients together. */
export function rpcProxyBudgetPerMinute(env: Env = process.env): number {
  return positiveIntegerSetting(env, 'RPC_PROXY_BUDGET_PER_MINUTE', DEFAULT_RPC_PROXY_BUDGET_PER_MINUTE)
}

export function getPublicConfig(env: Env = process.env): PublicConfig {
  const chains = getSupportedChains({ includeLocal: isLocalChainEnabled(env) })
  const projectId = walletConnectProjectId(env)
  return {
    chainIds: chains.map((chain) => chain.id),
    // Every chain is /api/rpc/<id> here: no RPC address (keyed or public) is the page's to request.
    rpcUrls: browserRpcMap(chains, { projectId, overrides: rpcOverrides(env) }),
    localChainNodeUrl: localChainNodeUrl(chains, { projectId, overrides: rpcOverrides(env) }),
    walletConnectProjectId: projectId,
    appOrigins: appOrigins(env),
    vaultOrigin: vaultOrigin(env),
    walletConnectRelayUrl: walletConnectRelayUrl(env),
    coinbaseKeysUrl: coinbaseKeysUrl(env),
    coinbasePreference: coinbasePreference(env),
  }
}
