import type { RateLimit } from '@/server/http/routeKit'
type Env = Record<string, string | undefined>



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

function perMinute(value: string | undefined, fallback: RateLimit): RateLimit {
  if (value === undefined || value.trim() === '') return fallback
  const max = Number(value)
  if (!Number.isSafeInteger(max) || max < 1) throw new Error(`Rate limits must be positive integers (attempts per minute), got "${value}".`)
  return { max, windowMs: MINUTE }
}

/**
 * Per-minute limits, overridable for load tests and busy deployments:
 * `AUTH_NONCE_RATE_LIMIT_PER_IP`, `AUTH_NONCE_RATE_LIMIT_PER_BROWSER`, `AUTH_RATE_LIMIT_PER_IP`,
 * `AUTH_RATE_LIMIT_PER_ADDRESS`.
 */
export function authLimitsFromEnv(env: Env = process.env): AuthLimits {
  return {
    noncePerIp: perMinute(env.AUTH_NONCE_RATE_LIMIT_PER_IP, DEFAULT_AUTH_LIMITS.noncePerIp),
    noncePerBrowser: perMinute(env.AUTH_NONCE_RATE_LIMIT_PER_BROWSER, DEFAULT_AUTH_LIMITS.noncePerBrowser),
    verifyPerIp: perMinute(env.AUTH_RATE_LIMIT_PER_IP, DEFAULT_AUTH_LIMITS.verifyPerIp),
    verifyPerAddress: perMinute(env.AUTH_RATE_LIMIT_PER_ADDRESS, DEFAULT_AUTH_LIMITS.verifyPerAddress),
  }
}
