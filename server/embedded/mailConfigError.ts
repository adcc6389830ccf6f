import { BaseError } from '@sigil/lib/errors/BaseError'

/**
 * The mail settings break the production rules (server/embedded/mailPolicy.mjs); `next start`
 * refuses them too. Thrown by the mailer's construction (./mailer.ts), answered by the routes as
 * `embedded_mail_unavailable` (./routeShared.ts): a module of its own, so that the routes reach it
 * without the mailer, which reads the environment.
 */
export class MailConfigError extends BaseError {
  override name = 'MailConfigError'
  override readonly code = 'embedded_mail_misconfigured'
}
