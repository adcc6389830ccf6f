import 'server-only'
import type { Chain } from 'viem'
import { mainnet } from 'viem/chains'
import { getSupportedChains, localChain } from '@sigil/lib/chains'
import { EnvError } from '@sigil/lib/config/envError'
import type { FamilySettings, FamilySettingsSlot } from '@sigil/lib/config/familySettings'
import { browserRpcMap, buildRpcMap, localChainNodeUrl, rpcProxyUpstreams } from '@sigil/lib/config/rpc'
import type { DeploymentConfig } from '@sigil/lib/config/public'
import { deepFreeze } from '@sigil/lib/deepFreeze'
import { envOf, variablesOf, type EnvInput, type ServerEnv } from './env'
import { serverSigilConfig } from './sigilConfig'

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

/** `RPC_PROXY_RATE_LIMIT_PER_IP`: proxied calls per client per minute (a batch counts each call, a block with its full transactions as 10). */
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

/**
 * `TRUSTED_PROXY_HOPS`: how many proxies in front of the app append the address they saw to
 * `X-Forwarded-For`. 0 = none: the socket's peer address is the client. Required in production,
 * where a wrong guess either lets clients choose their own rate-limit key (too many hops) or puts
 * everyone behind one proxy into one bucket (too few); 0 outside production (server/config/env.ts).
 * What `clientIp` (server/http/clientIp.ts) and the embedded wallet's place header are given.
 */
export function trustedProxyHops(input?: EnvInput): number {
  return envOf(input).trustedProxyHops
}

/**
 * What the page may know of this deployment's configuration, whatever its wallet families
 * (lib/config/public.ts). The server's own callers need only this (origins, chains, the vault).
 */
export function getDeploymentConfig(input?: EnvInput): DeploymentConfig {
  const env = envOf(input)
  const sigil = serverSigilConfig()
  const chains = deploymentChains(getSupportedChains({ includeLocal: env.localChain }), sigil.chains)
  // The server's project id: the WalletConnect RPC is an upstream, never the page's to request.
  const rpc = { projectId: env.walletConnectProjectId, overrides: rpcOverrides(env) }
  return {
    chainIds: chains.map((chain) => chain.id),
    // Every chain is /api/rpc/<id> here: no RPC address (keyed or public) is the page's to request.
    rpcUrls: browserRpcMap(chains, rpc),
    localChainNodeUrl: localChainNodeUrl(chains, rpc),
    appOrigins: [...env.appOrigins],
    vaultOrigin: vaultOrigin(env),
    ...(sigil.signIn.statement ? { signInStatement: sigil.signIn.statement } : {}),
  }
}

/**
 * The deployment's chains: those `sigil.config.ts` lists, in its order, of the ones served here
 * (the local chain only with `ENABLE_LOCAL_CHAIN`, which then also joins a list that leaves it out,
 * last: development and tests run on it); every served chain without a list.
 */
export function deploymentChains(served: readonly Chain[], configured: readonly number[] | undefined): readonly Chain[] {
  if (!configured) return served
  const listed = configured.flatMap((id) => served.filter((chain) => chain.id === id))
  const local = served.find((chain) => chain.id === localChain.id)
  const chains = local && !listed.includes(local) ? [...listed, local] : listed
  if (chains.length === 0) throw new EnvError('ENABLE_LOCAL_CHAIN', `sigil.config.ts chains: none of ${configured.join(', ')} is served here (chain ${localChain.id} needs ENABLE_LOCAL_CHAIN=1)`)
  return chains
}

/**
 * The wallet families' settings: each family's parser (its manifest's `settings`, handed here by the
 * composition roots as one slot, connectors/settings.ts) given its own variables from this reader's
 * copy of the environment and the deployment's context. A bad value throws the family's `EnvError`
 * naming the variable, as a bad setting of the server's own does.
 */
function getFamilySettings<Settings extends object>(families: FamilySettingsSlot<Settings>, input?: EnvInput): Settings {
  const env = envOf(input)
  return families.parse(variablesOf(env, families.variables), { production: env.production, localChain: env.localChain, appOrigins: env.appOrigins })
}

/**
 * What the page may know of this deployment's configuration (lib/config/public.ts): the deployment's,
 * and the families' settings parsed by the parsers the caller hands in (the root layout, proxy.ts and
 * the egress manifest's route hand the registry's, connectors/settings.ts `familySettings`).
 */
export function getPublicConfig<Settings extends object = FamilySettings>(families: FamilySettingsSlot<Settings>, input?: EnvInput): DeploymentConfig & Settings {
  const env = envOf(input)
  // The root layout asks on every request: kept per parsed environment (readEnv's stays the same
  // object until the environment changes) and per families' parsers, frozen since it is shared. A
  // read that throws is not kept, so every request meets the misconfiguration.
  let bySlot = publicConfigs.get(env)
  if (!bySlot) publicConfigs.set(env, (bySlot = new WeakMap()))
  const kept = bySlot.get(families) as (DeploymentConfig & Settings) | undefined
  if (kept) return kept
  const config = deepFreeze({ ...getDeploymentConfig(env), ...getFamilySettings(families, env) })
  bySlot.set(families, config)
  return config
}

const publicConfigs = new WeakMap<ServerEnv, WeakMap<object, object>>()

