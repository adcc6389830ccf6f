import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { randomBytes } from '@sigil/lib/embedded/crypto/bytes'
import { openFreshPgliteStore } from '@/tests/fixtures/pgliteFolders'
import { browser, ORIGIN, seedWallet } from '@/tests/fixtures/embeddedRoutes'
import { startMailCatcher } from '@/tests/fixtures/smtp'
import { MailConfigError } from './mailConfigError'
import { createMailer, OUTBOX_FOLDER } from './mailer'
import { maskEmail, redactForLog } from '@/server/http/logSafety'
import { recoveryKeyring } from './recoveryKey'
import { createEmbeddedRoutes } from './routes'

const folders: string[] = []
const folder = () => {
  const created = mkdtempSync(path.join(tmpdir(), 'sigil-mailer-'))
  folders.push(created)
  return created
}
afterAll(() => folders.forEach((created) => rmSync(created, { recursive: true, force: true })))

const PRODUCTION = { NODE_ENV: 'production', APP_ORIGIN: 'https://sigil.example' }
const mail = { to: 'ann.smith@example.test', subject: 'Your Sigil recovery code', text: 'Your Sigil wallet recovery code is 314159.' }

describe('where the mailer is made, in production', () => {
  it('refuses to exist without SMTP_URL on a public origin, and never falls back to an outbox folder', () => {
    const dataDir = folder()
    expect(() => createMailer({ env: PRODUCTION, dataDir })).toThrow(MailConfigError)
    expect(() => createMailer({ env: PRODUCTION, dataDir })).toThrow(/SMTP_URL is required in production/)
    expect(existsSync(path.join(dataDir, OUTBOX_FOLDER))).toBe(false)
  })

  it.each(['smtp://smtp.example:587', 'smtp://smtp.example:25/?ignoreTLS=true', 'smtp://smtp.example:587/?requireTLS=true&tls.rejectUnauthorized=false'])('refuses %s', (url) => {
    expect(() => createMailer({ env: { ...PRODUCTION, SMTP_URL: url }, dataDir: folder() })).toThrow(MailConfigError)
  })

  it('takes smtps:// and smtp:// with STARTTLS required', () => {
    expect(createMailer({ env: { ...PRODUCTION, SMTP_URL: 'smtps://u:p@smtp.example:465' }, dataDir: folder() }).kind).toBe('smtp')
    expect(createMailer({ env: { ...PRODUCTION, SMTP_URL: 'smtp://u:p@smtp.example:587/?requireTLS=true' }, dataDir: folder() }).kind).toBe('smtp')
  })

  it('sends nothing in plain text to a server that offers no STARTTLS: requireTLS=true really requires it', async () => {
    const plain = await startMailCatcher()
    try {
      const mailer = createMailer({ env: { ...PRODUCTION, SMTP_URL: `smtp://127.0.0.1:${plain.port}/?requireTLS=true` }, dataDir: folder() })
      await expect(mailer.send(mail)).rejects.toThrow()
      expect(plain.inbox).toEqual([])
    } finally {
      await plain.close()
    }
  })

  it('gives a production build on loopback origins without SMTP_URL the outbox, and the log says where', async () => {
    const dataDir = folder()
    const lines: string[] = []
    const mailer = createMailer({ env: { NODE_ENV: 'production', APP_ORIGIN: 'http://app.localhost:3300' }, dataDir, origins: ['http://app.localhost:3300'], log: (line) => lines.push(line) })
    expect(mailer.kind).toBe('outbox')
    await mailer.send(mail)
    const [file] = readdirSync(path.join(dataDir, OUTBOX_FOLDER))
    expect(readFileSync(path.join(dataDir, OUTBOX_FOLDER, file!), 'utf8')).toContain('314159')
    expect(lines).toEqual([expect.stringContaining('SMTP_URL is not set (a production build on loopback): an email to ')])
    expect(lines[0]).toContain(path.join(dataDir, OUTBOX_FOLDER))
    expect(lines[0]).not.toContain('314159')
  })

  it('refuses a production build on a public origin without SMTP_URL', () => {
    expect(() => createMailer({ env: { NODE_ENV: 'production', APP_ORIGIN: 'https://sigil.example' }, dataDir: folder(), origins: ['https://sigil.example'] })).toThrow(MailConfigError)
  })
})

describe('in development', () => {
  it('writes each email to the outbox folder, and logs where without the code or the whole address', async () => {
    const dataDir = folder()
    const lines: string[] = []
    const mailer = createMailer({ env: { NODE_ENV: 'development' }, dataDir, log: (line) => lines.push(line) })
    expect(mailer.kind).toBe('outbox')
    await mailer.send(mail)
    const [file] = readdirSync(path.join(dataDir, OUTBOX_FOLDER))
    expect(readFileSync(path.join(dataDir, OUTBOX_FOLDER, file!), 'utf8')).toContain('314159')
    expect(lines).toHaveLength(1)
    expect(lines[0]).toContain('a***@e***.test')
    expect(lines[0]).not.toContain('314159')
    expect(lines[0]).not.toContain('ann.smith')
  })

  it('names outbox files with no run of six digits, since the log line names the file', async () => {
    const dataDir = folder()
    const lines: string[] = []
    const mailer = createMailer({ env: { NODE_ENV: 'development' }, dataDir, log: (line) => lines.push(line) })
    for (let sent = 0; sent < 100; sent++) await mailer.send(mail)
    const names = readdirSync(path.join(dataDir, OUTBOX_FOLDER))
    expect(names).toHaveLength(100)
    for (const line of lines) expect(line).not.toMatch(/(?<!\d)\d{6}(?!\d)/)
  })
})

describe('log safety', () => {
  it('masks addresses and hides any 6-digit run', () => {
    expect(maskEmail('ann.smith@example.test')).toBe('a***@e***.test')
    expect(redactForLog('550 5.1.1 <ann@example.test>: unknown user; code 012345 at 127.0.0.1:2525')).toBe('550 5.1.1 <a***@e***.test>: unknown user; code [6 digits] at 127.0.0.1:2525')
  })
})

describe('what the embedded API prints, captured from the console', () => {
  it('never carries a code or a whole address, through a development outbox, a failing SMTP server and a 5xx', async () => {
    const output: string[] = []
    for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
      vi.spyOn(console, method).mockImplementation((...args: unknown[]) => void output.push(args.map(String).join(' ')))
    }
    const store = await openFreshPgliteStore()
    try {
      const keyring = await recoveryKeyring(randomBytes(32))
      const dataDir = folder()
      const outbox = createMailer({ env: { NODE_ENV: 'development' }, dataDir })
      const failing = { kind: 'smtp' as const, send: async (sent: { to: string; text: string }) => { throw new Error(`451 temporary failure for <${sent.to}>: ${sent.text}`) } }
      const routesWith = (mailer: typeof outbox | typeof failing) =>
        createEmbeddedRoutes({
          // No `log` or `background`: the defaults, which write to the console.
          config: () => ({ origins: [ORIGIN], recoveryKeys: async () => keyring, mailer, secureCookies: false }),
          store: async () => store,
          clientIp: () => '10.9.9.9',
        })
      const email = 'carol.owner@example.test'
      await seedWallet(store, keyring.current, email)
      const user = browser()
      expect((await routesWith(outbox).emailCode(user.request({ email }))).status).toBe(202)
      expect((await routesWith(outbox).recoveryCode(user.request({ email }))).status).toBe(202)
      expect((await routesWith(failing).emailCode(user.request({ email }))).status).toBe(503)
      expect((await routesWith(failing).recoveryCode(user.request({ email }))).status).toBe(202)
      await vi.waitFor(() => expect(output.filter((line) => line.includes('embedded_mail_failed'))).toHaveLength(2))
      await vi.waitFor(() => expect(readdirSync(path.join(dataDir, OUTBOX_FOLDER))).toHaveLength(2))
      const codes = readdirSync(path.join(dataDir, OUTBOX_FOLDER)).map((file) => /\b(\d{6})\b/.exec(readFileSync(path.join(dataDir, OUTBOX_FOLDER, file), 'utf8'))![1]!)

      expect(output.length).toBeGreaterThanOrEqual(3)
      for (const line of output) {
        expect(line).not.toContain(email)
        expect(line).not.toContain('carol.owner')
        for (const code of codes) expect(line).not.toContain(code)
        expect(line).not.toMatch(/(?<!\d)\d{6}(?!\d)/)
      }
      expect(output.some((line) => line.includes('c***@e***.test'))).toBe(true)
    } finally {
      await store.close()
    }
  })
})
