import 'server-only'
import { randomBytes } from 'node:crypto'
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { maskEmail } from '@/server/http/logSafety'
import { envOf, type EnvInput } from '@/server/config/env'
import { isLoopbackOnly, SMTP_REQUIRED, smtpUrlProblem } from './mailPolicy.mjs'
import { MailConfigError } from './mailConfigError'

/**
 * A file name's random part in letters only: the log line names the file, and nothing logged may
 * hold a run of six digits, the shape of a code (hex had one now and then, e.g. `5f001059`).
 */
function letters(count: number): string {
  return Array.from(randomBytes(count), (byte) => String.fromCharCode(97 + (byte % 26))).join('')
}

export type Mail = { to: string; subject: string; text: string }
/**
 * `smtp`: a real mail server; `outbox`: files in the data folder (development, tests, and a
 * production build tried on loopback origins only).
 */
export type Mailer = { readonly kind: 'smtp' | 'outbox'; send(mail: Mail): Promise<void> }

export const OUTBOX_FOLDER = 'outbox'


/**
 * Where the embedded wallet's emails go.
 * - `SMTP_URL` set → nodemailer over SMTP, from `MAIL_FROM`. In production it must be TLS:
 *   `smtps://user:pass@smtp.example:465` or `smtp://…:587/?requireTLS=true` (STARTTLS or fail).
 * - Not set, under `next dev`, in tests, or in a production build whose every `APP_ORIGIN` is plain
 *   http on loopback (the README's line for trying one: no one else's browser reaches it) → each
 *   message is a file in `<DATA_DIR>/outbox/`, and the log says which file (the address masked), so
 *   the embedded wallet works with no mail account.
 * - Not set in production on any other origin → refused (`MailConfigError`); `next start` refuses it
 *   at boot already (mailPolicy.mjs), so a deployment never offers a wallet row it cannot serve.
 * No log line ever carries a code, an SMTP password or a whole address.
 */
export function createMailer(options: { env?: EnvInput; dataDir: string; origins?: readonly string[]; log?: (line: string) => void }): Mailer {
  const env = envOf(options.env)
  const log = options.log ?? ((line: string) => console.info(line))
  const production = env.production
  const from = env.mailFrom
  const url = env.smtpUrl
  if (url) {
    const problem = production ? smtpUrlProblem(url) : undefined
    if (problem) throw new MailConfigError(problem)
    let transport: Promise<import('nodemailer').Transporter> | undefined
    return {
      kind: 'smtp',
      async send(mail) {
        transport ??= import('nodemailer').then((nodemailer) => nodemailer.createTransport(url))
        await (await transport).sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text })
      },
    }
  }
  const development = env.nodeEnv === 'development' || env.nodeEnv === 'test'
  if (!development && !isLoopbackOnly(options.origins ?? env.appOriginSetting)) throw new MailConfigError(SMTP_REQUIRED)
  const why = development ? 'development' : 'a production build on loopback'
  const folder = path.join(options.dataDir, OUTBOX_FOLDER)
  return {
    kind: 'outbox',
    async send(mail) {
      mkdirSync(folder, { recursive: true, mode: 0o700 })
      const file = path.join(folder, `${new Date().toISOString().replace(/[:.]/g, '-')}-${letters(8)}.eml`)
      const message = [`From: ${from}`, `To: ${mail.to}`, `Subject: ${mail.subject}`, 'Content-Type: text/plain; charset=utf-8', '', mail.text, ''].join('\r\n')
      writeFileSync(file, message, { mode: 0o600 })
      log(`[sigil] SMTP_URL is not set (${why}): an email to ${maskEmail(mail.to)} was written to ${file}`)
    },
  }
}
