import type { RateLimit } from '@/server/http/routeKit'

export type AuthLimits = {
  /** Nonces one client may ask for: each is a row in the store until it expires. */
  noncePerIp: RateLimit
  /**
   * Nonces one browser may ask for (its nonce-binding cookie, nonceBinding.ts), counted besides the
   * IP's: one browser past its own limit is refused before it spends its IP's shared budget.
   */
  noncePerBrowser: RateLimit
  /** Verify attempts from one client. */
  verifyPerIp: RateLimit
  /** Verify attempts naming one address, whatever client they come from. */
  verifyPerAddress: RateLimit
}

const MINUTE = 60_000

export const DEFAULT_AUTH_LIMITS: AuthLimits = {
  noncePerIp: { max: 120, windowMs: MINUTE },
  noncePerBrowser: { max: 60, windowMs: MINUTE },
  verifyPerIp: { max: 30, windowMs: MINUTE },
  verifyPerAddress: { max: 10, windowMs: MINUTE },
}

/** `limit` per minute as set (server/config/env.ts checks the value), else `fallback`. */
function perMinute(limit: number | undefined, fallback: RateLimit): RateLimit {
  return limit === undefined ? fallback : { max: limit, windowMs: MINUTE }
}

/** Per-minute counts a deployment set; each one left out keeps its default. */
export type AuthLimitsPerMinute = {
  readonly noncePerIp?: number | undefined
  readonly noncePerBrowser?: number | undefined
  readonly verifyPerIp?: number | undefined
  readonly verifyPerAddress?: number | undefined
}

/**
 * Per-minute limits, overridable for load tests and busy deployments (this app: the variables
 * `AUTH_NONCE_RATE_LIMIT_PER_IP`, `AUTH_NONCE_RATE_LIMIT_PER_BROWSER`, `AUTH_RATE_LIMIT_PER_IP`,
 * `AUTH_RATE_LIMIT_PER_ADDRESS`, read by the wiring, server/siwe/server.ts).
 */
export function authLimitsPerMinute(limits: AuthLimitsPerMinute): AuthLimits {
  return {
    noncePerIp: perMinute(limits.noncePerIp, DEFAULT_AUTH_LIMITS.noncePerIp),
    noncePerBrowser: perMinute(limits.noncePerBrowser, DEFAULT_AUTH_LIMITS.noncePerBrowser),
    verifyPerIp: perMinute(limits.verifyPerIp, DEFAULT_AUTH_LIMITS.verifyPerIp),
    verifyPerAddress: perMinute(limits.verifyPerAddress, DEFAULT_AUTH_LIMITS.verifyPerAddress),
  }
}
