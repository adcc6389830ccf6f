/**
 * The embedded wallet's server-side constants (SPEC.md §9 where it names them).
 */

/** SPEC.md §9: a recovery code's credential must be younger than 900 seconds. Email-verification codes too. */
export const RECOVERY_CODE_TTL_SECONDS = 900
/** At most 5 tries per code; the 5th wrong one locks it. */
export const RECOVERY_CODE_MAX_ATTEMPTS = 5
export const RECOVERY_CODE_DIGITS = 6
/** SPEC.md §9: a recovery session counts for email recovery only and expires after 1800 seconds by default. */
export const RECOVERY_SESSION_TTL_SECONDS = 1800
/** A proven email (a right verification code) lets this browser create one wallet within this time. */
export const EMAIL_SESSION_TTL_SECONDS = 1800
/** Verified wallets per email: the recovery chooser lists them all, so a mailbox cannot be flooded. */
export const MAX_WALLETS_PER_EMAIL = 5
/**
 * How long after its key's release time a recovery may still be finished, and its cancel link (mailed
 * at the start) still works: past it, the recovering browser starts again.
 */
export const RECOVERY_CANCEL_TTL_SECONDS = 7 * 24 * 3600
/** A WebAuthn challenge is good for one ceremony of up to the passkey timeout (300 s), plus a margin. */
export const CHALLENGE_TTL_MS = 330_000

export type RateLimit = { max: number; windowMs: number }

const MINUTE = 60_000

/** Per client address and per email: sending email costs money and lands in someone's inbox. */
export const EMBEDDED_LIMITS = {
  walletOptionsPerIp: { max: 20, windowMs: MINUTE },
  // Its own key: asking for options must not use up the creations (and the other way round).
  createWalletPerIp: { max: 20, windowMs: MINUTE },
  codeEmailPerIp: { max: 10, windowMs: 10 * MINUTE },
  codeEmailPerEmail: { max: 5, windowMs: 60 * MINUTE },
  verificationEmailPerIp: { max: 10, windowMs: 10 * MINUTE },
  verificationEmailPerEmail: { max: 5, windowMs: 60 * MINUTE },
  verifyPerIp: { max: 30, windowMs: MINUTE },
  // Tries per email across all its codes, counted before each is judged: 5 codes an hour with 5 tries
  // each would otherwise allow 600 guesses a day at a 6-digit code. The 10th try locks the email's
  // recovery (or its verification) until the day is over.
  codeTriesPerEmail: { max: 10, windowMs: 24 * 60 * MINUTE },
  recoveryPerIp: { max: 30, windowMs: MINUTE },
} as const satisfies Record<string, RateLimit>

export type EmbeddedLimits = Record<keyof typeof EMBEDDED_LIMITS, RateLimit>
