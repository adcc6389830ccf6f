type Env = Record<string, string | undefined>

export type RateLimit = { max: number; windowMs: number }

export type AuthLimits = {
  /** Nonces one client may ask for: each is a row in the store until it expires. */
  noncePerIp: RateLimit
  /** Verify attempts from one client. */
  verifyPerIp: RateLimit
  /** Verify attempts naming one address, whatever client they come from. */
  verifyPerAddress: RateLimit
}

const MINUTE = 60_000

export const DEFAULT_AUTH_LIMITS: AuthLimits = {
  noncePerIp: { max: 120, windowMs: MINUTE },
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
 * `AUTH_NONCE_RATE_LIMIT_PER_IP`, `AUTH_RATE_LIMIT_PER_IP`, `AUTH_RATE_LIMIT_PER_ADDRESS`.
 */
export function authLimitsFromEnv(env: Env = process.env): AuthLimits {
  return {
    noncePerIp: perMinute(env.AUTH_NONCE_RATE_LIMIT_PER_IP, DEFAULT_AUTH_LIMITS.noncePerIp),
    verifyPerIp: perMinute(env.AUTH_RATE_LIMIT_PER_IP, DEFAULT_AUTH_LIMITS.verifyPerIp),
    verifyPerAddress: perMinute(env.AUTH_RATE_LIMIT_PER_ADDRESS, DEFAULT_AUTH_LIMITS.verifyPerAddress),
  }
}
