/**
 * What a sign-in must match on this deployment. Built per request from the server configuration
 * (`server/config/server.ts`), never from the request itself.
 */
export type SignInPolicy = {
  /** Exact origins from `APP_ORIGIN`; the message's domain and uri must name one of them. */
  origins: readonly string[]
  /** Supported chain ids; the message's chain must be one. */
  chainIds: readonly number[]
  /**
   * Server-only RPC per chain (`RPC_URL_<id>`, often carrying a provider key), used only for
   * contract (ERC-1271) and counterfactual (ERC-6492) signatures. Never sent to the browser.
   */
  rpcUrls: Readonly<Record<number, string>>
  /**
   * The sign-in statement the page writes (`signIn.statement` of sigil.config.ts); the catalogue's
   * English one by default. The message must carry it byte for byte.
   */
  statement?: string | undefined
  /** Per RPC request; no retries (a slow chain must not hold a sign-in for long). */
  rpcTimeoutMs?: number | undefined
  /**
   * The `Resources` a message may list, each exactly as written here (none by default: the page
   * lists none). A message may list some of them, each once; anything else is `resources_not_allowed`.
   */
  allowedResources?: readonly string[] | undefined
  /**
   * Allow the one ReCap of one-tap sign-in over WalletConnect (`lib/siwe/recap.ts`): `request/` of the
   * app's WalletConnect methods on `eip155`, for these chains, as the last resource, with the
   * statement it implies. No other ReCap.
   */
  signInRecap?: boolean | undefined
}

/** At most this many `Resources` lines in a message, whatever the policy allows. */
export const MAX_RESOURCES = 8

export const DEFAULT_RPC_TIMEOUT_MS = 3000

/** A nonce lives 5 minutes (EIP-4361 leaves it to the server; long enough to read the wallet prompt). */
export const NONCE_TTL_MS = 5 * 60 * 1000

/**
 * A link nonce lives as long as a sign-in nonce: it is fetched right before the second wallet signs.
 * @alias of NONCE_TTL_MS, named for its use
 */
export const LINK_NONCE_TTL_MS = NONCE_TTL_MS

/**
 * The page never uses a nonce fetched longer ago than this: a minute short of its life, so that the
 * signed message still reaches the server while the nonce lives. The sign-in panel fetches a fresh
 * one past it; a WalletConnect pairing that carries one (one-tap sign-in) is renewed with a fresh one.
 */
export const NONCE_MAX_AGE_MS = NONCE_TTL_MS - 60 * 1000

/** How long a signed message stays valid (EIP-4361 `Expiration Time`), as the page writes it. */
export const SIGN_IN_MESSAGE_TTL_MS = 10 * 60 * 1000

/** Clock difference tolerated between the user's device (which wrote the times) and the server. */
export const MAX_CLOCK_SKEW_MS = 60_000

/**
 * The furthest `Expiration Time` accepted, from the server's now: what the page asks for plus the
 * clock skew. A message valid for longer was not written by this page.
 */
export const MAX_EXPIRATION_AHEAD_MS = SIGN_IN_MESSAGE_TTL_MS + MAX_CLOCK_SKEW_MS

/**
 * `Request ID`: the page sends none; a client that does may use a short token of RFC 3986
 * unreserved characters (nothing a wallet could render as something else).
 */
export const REQUEST_ID_PATTERN = /^[A-Za-z0-9._~-]{1,64}$/
