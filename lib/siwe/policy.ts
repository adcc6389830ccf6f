/**
 * What a sign-in must match on this deployment. Built per request from the server configuration
 * (`lib/config/server.ts`), never from the request itself.
 */
export type SignInPolicy = {
  /** Exact origins from `APP_ORIGIN`; the message's domain and uri must name one of them. */
  origins: readonly string[]
  /** Supported chain ids; the message's chain must be one. */
  chainIds: readonly number[]
  /** RPC per chain, used only for contract (ERC-1271) and counterfactual (ERC-6492) signatures. */
  rpcUrls: Readonly<Record<number, string>>
  /** Per RPC request; no retries (a slow chain must not hold a sign-in for long). */
  rpcTimeoutMs?: number | undefined
}

export const DEFAULT_RPC_TIMEOUT_MS = 3000
