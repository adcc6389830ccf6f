/**
 * What counts as real mail in production, in one place for both checks: `next start`'s refusal
 * (next.config.mjs, before anything is served) and the mailer (server/embedded/mailer.ts, where mail is
 * sent). Plain JavaScript so next.config.mjs can import it; types in mailPolicy.d.mts.
 *
 * The embedded wallet's codes (email verification, recovery) travel by email, so in production:
 * - `SMTP_URL` is required, and must use TLS: `smtps://` (TLS from the start) or `smtp://…?requireTLS=true`
 *   (nodemailer's STARTTLS-or-fail option), with the server's certificate checked;
 * - the one exception is a production build tried on one's own machine (every `APP_ORIGIN` is plain
 *   http on loopback: no one else's browser can reach it). There, without `SMTP_URL`, each email is
 *   a file in `DATA_DIR/outbox/` and the log says which, as under `next dev` (server/embedded/mailer.ts).
 */

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]'])

/** True when there is at least one origin and every one is plain http on a loopback host. */
export function isLoopbackOnly(origins) {
  const list = Array.isArray(origins) ? origins : String(origins ?? '').split(',')
  const trimmed = list.map((origin) => origin.trim()).filter(Boolean)
  return (
    trimmed.length > 0 &&
    trimmed.every((origin) => {
      try {
        const url = new URL(origin)
        return url.protocol === 'http:' && (LOOPBACK_HOSTS.has(url.hostname) || url.hostname.endsWith('.localhost'))
      } catch {
        return false
      }
    })
  )
}

export const SMTP_EXAMPLES = 'smtps://user:pass@smtp.example:465, or smtp://user:pass@smtp.example:587/?requireTLS=true (STARTTLS required)'

export const SMTP_REQUIRED = `SMTP_URL is required in production: the embedded wallet's verification and recovery codes are sent by email. Use ${SMTP_EXAMPLES}.`

/** Why `url` is not acceptable mail transport in production, or undefined when it is. */
export function smtpUrlProblem(url) {
  let parsed
  try {
    parsed = new URL(url)
  } catch {
    return `SMTP_URL is not a URL. Use ${SMTP_EXAMPLES}.`
  }
  const query = parsed.searchParams
  if (query.getAll('tls.rejectUnauthorized').some((value) => value !== 'true')) {
    return 'SMTP_URL must not turn off certificate checks in production (tls.rejectUnauthorized); to trust a private CA, give Node its certificate with NODE_EXTRA_CA_CERTS.'
  }
  if (parsed.protocol === 'smtps:') return undefined
  const requireTLS = query.getAll('requireTLS')
  if (parsed.protocol === 'smtp:' && requireTLS.length === 1 && requireTLS[0] === 'true') return undefined
  return `SMTP_URL must use TLS in production: ${SMTP_EXAMPLES}. Plain smtp:// would carry the codes readable on the network.`
}

/** The production rule for `env` (`SMTP_URL`, `APP_ORIGIN`): a problem to refuse to start with, or undefined. */
export function productionMailProblem(env) {
  const url = env.SMTP_URL?.trim()
  if (url) return smtpUrlProblem(url)
  if (isLoopbackOnly(env.APP_ORIGIN)) return undefined
  return SMTP_REQUIRED
}
