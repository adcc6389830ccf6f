import type { FamilySettings } from './familySettings'
import type { SigilConfig } from './sigilConfig'

/** The wallet list as sigil.config.ts chose it: wallet-book keys (lib/config/sigilConfig.ts). */
export type WalletListChoice = SigilConfig['wallets']

/**
 * The part of the public configuration every deployment has, whatever its wallet families: built on
 * the server from the environment (server/config/server.ts `getDeploymentConfig`).
 */
export type DeploymentConfig = {
  /** Supported chain ids, in menu order. */
  chainIds: readonly number[]
  /**
   * The RPC the browser uses per supported chain: always the same-origin read-only proxy path
   * `/api/rpc/<id>` (its upstream, whatever it is, stays on the server; docs/security/egress.md).
   * Made absolute in the browser (`absoluteRpcUrls`).
   */
  rpcUrls: Readonly<Record<number, string>>
  /**
   * The local chain's node (a plain loopback address), as data for a wallet asked to add the chain
   * (`wallet_addEthereumChain`); the page itself never requests it. Undefined without the local chain.
   */
  localChainNodeUrl?: string | undefined
  /**
   * The sign-in statement when the deployment chose its own (`signIn.statement` of sigil.config.ts);
   * undefined: the catalogue's English one. The server requires exactly the one the page writes.
   */
  signInStatement?: string | undefined
  /**
   * The wallet families offered (`families` of sigil.config.ts, by id); undefined: every family of
   * the build. Set by the root layout from the checked file.
   */
  families?: readonly string[] | undefined
  /** The wallet list's choices (`wallets` of sigil.config.ts); undefined: the book's order, all listed. */
  walletList?: WalletListChoice | undefined
  /** Origins this deployment answers on (for SIWE domain/uri). The first is the canonical one. */
  appOrigins: readonly string[]
  /**
   * The embedded wallet's own origin (`VAULT_ORIGIN`): its keys, passkeys and confirmation sheet live
   * there, in a frame or a popup the page talks to by `postMessage`. Undefined: no embedded wallet here.
   */
  vaultOrigin?: string | undefined
}

/**
 * Configuration the browser may see: the deployment's, and every wallet family's settings (each
 * declared and parsed by its manifest, lib/config/familySettings.ts). Built on the server from the
 * environment at request time (server/config/server.ts `getPublicConfig`, handed the families'
 * parsers by the root layout) and given to the client through the root layout, so one build serves
 * any deployment (and tests can point chains at a local anvil without rebuilding).
 * Never put secrets here.
 */
export type PublicConfig = DeploymentConfig & FamilySettings
