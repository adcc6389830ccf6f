import 'server-only'
import { randomBytes } from 'node:crypto'
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'

type Env = Record<string, string | undefined>

export type Mail = { to: string; subject: string; text: string }
export type Mailer = { readonly kind: 'smtp' | 'outbox'; send(mail: Mail): Promise<void> }

export const DEFAULT_MAIL_FROM = 'Sigil <no-reply@localhost>'
export const OUTBOX_FOLDER = 'outbox'

/**
 * Where recovery emails go. `SMTP_URL` set (e.g. `smtps://user:pass@smtp.example:465`, or
 * `smtp://127.0.0.1:2525/?ignoreTLS=true` for a local catcher) → nodemailer over SMTP, from `MAIL_FROM`.
 * Not set → each message is written as a file to `<DATA_DIR>/outbox/` and the server log says where,
 * so `npm run dev` works with no mail account. Neither the code nor the SMTP password is ever logged.
 */
export function createMailer(options: { env?: Env; dataDir: string; log?: (line: string) => void }): Mailer {
  const env = options.env ?? process.env
  const log = options.log ?? ((line: string) => console.info(line))
  const from = env.MAIL_FROM?.trim() || DEFAULT_MAIL_FROM
  const url = env.SMTP_URL?.trim()
  if (url) {
    let transport: Promise<import('nodemailer').Transporter> | undefined
    return {
      kind: 'smtp',
      async send(mail) {
        transport ??= import('nodemailer').then((nodemailer) => nodemailer.createTransport(url))
        await (await transport).sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text })
      },
    }
  }
  const folder = path.join(options.dataDir, OUTBOX_FOLDER)
  return {
    kind: 'outbox',
    async send(mail) {
      mkdirSync(folder, { recursive: true, mode: 0o700 })
      const file = path.join(folder, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`)
      const message = [`From: ${from}`, `To: ${mail.to}`, `Subject: ${mail.subject}`, 'Content-Type: text/plain; charset=utf-8', '', mail.text, ''].join('\r\n')
      writeFileSync(file, message, { mode: 0o600 })
      log(`[sigil] SMTP_URL is not set: the email to ${mail.to} was written to ${file}`)
    },
  }
}
