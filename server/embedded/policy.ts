import type { RateLimit } from '@/server/http/routeKit'
/**
 * The embedded wallet's server-side constants (docs/connectors/retries-and-timeouts.md#embedded-wallet-the-server).
 */

/** docs/connectors/retries-and-timeouts.md#embedded-wallet-the-server: a recovery code's credential must be younger than 900 seconds. Email-verification codes too. */
export const RECOVERY_CODE_TTL_SECONDS = 900
/** At most 5 tries per code; the 5th wrong one locks it. */
export const RECOVERY_CODE_MAX_ATTEMPTS = 5
export const RECOVERY_CODE_DIGITS = 6
/** docs/connectors/retries-and-timeouts.md#embedded-wallet-the-server: a recovery session counts for email recovery only and expires after 1800 seconds by default. */
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
/** An "add a device" code works once, for 10 minutes (docs/embedded/threat-model.md, "Adding a device"). */
export const PAIRING_TTL_SECONDS = 600
/** `EMBEDDED_RECOVERY_DELAY`'s default: 48 hours between an email recovery's start and its key's release. */
export const DEFAULT_EMBEDDED_RECOVERY_DELAY_SECONDS = 48 * 3600

/** The longest minimum delay an owner may set before a recovery's key is released: 30 days. */
export const MAX_OWNER_RECOVERY_DELAY_SECONDS = 30 * 86_400

/**
 * How long a recovery waits from its start before its key is released: the server's delay or the
 * owner's own (walletSettings), the longer. Applied at the start, and to a recovery already waiting
 * when the owner changes the setting.
 */
export function recoveryReleaseDelaySeconds(serverDelaySeconds: number | undefined, ownerDelaySeconds: number | null): number {
  return Math.max(serverDelaySeconds ?? DEFAULT_EMBEDDED_RECOVERY_DELAY_SECONDS, ownerDelaySeconds ?? 0)
}
/** A WebAuthn challenge is good for one ceremony of up to the passkey timeout (300 s), plus a margin. */
export const CHALLENGE_TTL_MS = 330_000

export type { RateLimit }

const MINUTE = 60_000

/**
 * Per client address, per email and browser, and per email. Sending email costs money and lands in
 * someone's inbox; but nothing a stranger does may lock the owner out (docs/embedded/threat-model.md,
 * "Lockout by strangers"):
 * - code requests are capped per (email, browser binding — or the client address when the request
 *   brings no binding cookie), so a stranger's requests use up the stranger's allowance only;
 * - above that, a ceiling per email: reaching it mails the owner an alert (once per window), and
 *   past it only browsers that used a code of this email in the last 30 days still get codes;
 * - tries are counted per code and per (email, browser) — only from the browser the code was issued
 *   to: a try from any other browser is refused (`embedded_code_other_browser`) and counted nowhere
 *   but the client address's `verifyPerIp`.
 */
export const EMBEDDED_LIMITS = {
  walletOptionsPerIp: { max: 20, windowMs: MINUTE },
  // Its own key: asking for options must not use up the creations (and the other way round).
  createWalletPerIp: { max: 20, windowMs: MINUTE },
  codeEmailPerIp: { max: 10, windowMs: 10 * MINUTE },
  codeEmailPerBrowser: { max: 5, windowMs: 60 * MINUTE },
  codeEmailCeilingPerEmail: { max: 10, windowMs: 60 * MINUTE },
  verificationEmailPerIp: { max: 10, windowMs: 10 * MINUTE },
  verificationEmailPerBrowser: { max: 5, windowMs: 60 * MINUTE },
  verificationEmailCeilingPerEmail: { max: 10, windowMs: 60 * MINUTE },
  verifyPerIp: { max: 30, windowMs: MINUTE },
  // Tries per (email, browser) across the codes that browser asked for, counted before each is
  // judged: 5 codes an hour with 5 tries each would otherwise allow 600 guesses a day from one
  // browser. The 10th locks that browser's tries at the email until the day is over — never another browser's.
  codeTriesPerBrowser: { max: 10, windowMs: 24 * 60 * MINUTE },
  // Tries at the email's codes from every browser it does not know, over all its codes (sign-up and
  // recovery) and every instance: 10 a day. A browser that used a code of the email in the last 30
  // days (the owner's) is neither counted nor refused here, so strangers spending it lock out nobody
  // who already proved the email; the owner's passkeys need no code at all.
  codeTriesPerEmail: { max: 10, windowMs: 24 * 60 * MINUTE },
  recoveryPerIp: { max: 30, windowMs: MINUTE },
  // Passkey challenges and the steps that verify them (a pairing opened, approved; the log read).
  devicePasskeyPerIp: { max: 30, windowMs: MINUTE },
  // Codes tried by new devices, right or wrong, per client address for a code's whole life: 10 tries
  // at 2^50 codes (docs/embedded/threat-model.md has the arithmetic).
  pairingClaimPerIp: { max: 10, windowMs: 10 * MINUTE },
  // Both devices ask every 1.5 s while they wait for the other.
  pairingPollPerIp: { max: 240, windowMs: MINUTE },
} as const satisfies Record<string, RateLimit>

export type EmbeddedLimits = Record<keyof typeof EMBEDDED_LIMITS, RateLimit>

/** How long a browser that used a code of an email is known to it (past the ceiling it still gets codes). */
export { KNOWN_BINDING_RETENTION_MS as KNOWN_BINDING_TTL_MS } from '@/server/store/embeddedSql'
