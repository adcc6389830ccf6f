import type { CoinbasePreference } from './coinbasePreference'

/**
 * Configuration the browser may see. Built on the server from the environment at request time
 * (server/config/server.ts) and handed to the client through the root layout, so one build serves any
 * deployment (and tests can point chains at a local anvil without rebuilding).
 * Never put secrets here.
 */
export type PublicConfig = {
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
  /** WalletConnect Cloud project id; empty when not configured (extension wallets still work). */
  walletConnectProjectId: string
  /** Origins this deployment answers on (for SIWE domain/uri). The first is the canonical one. */
  appOrigins: readonly string[]
  /**
   * The embedded wallet's own origin (`VAULT_ORIGIN`): its keys, passkeys and confirmation sheet live
   * there, in a frame or a popup the page talks to by `postMessage`. Undefined: no embedded wallet here.
   */
  vaultOrigin?: string | undefined
  /** A self-hosted WalletConnect relay (`wss://…`; `ws://` on loopback); the SDK's default relay when unset. */
  walletConnectRelayUrl?: string | undefined
  /**
   * The Coinbase Smart Wallet popup address (`preference.keysUrl`). Only ever set outside production
   * builds, to a loopback page (tests); unset means Coinbase's own keys service.
   */
  coinbaseKeysUrl?: string | undefined
  /** Which accounts Coinbase's popup offers (`COINBASE_PREFERENCE`); unset means `smartWalletOnly`. */
  coinbasePreference?: CoinbasePreference | undefined
}
