import { describe, expect, it } from 'vitest'
import { productionStartUp } from '@/tests/fixtures/productionStartUp'
import { isLoopbackOnly, productionMailProblem, smtpUrlProblem } from './mailPolicy.mjs'

/**
 * Production mail must be mail (issue 12, part 6): `next start` refuses to boot without TLS mail for
 * a deployment, and names the rule. The same rule serves the mailer (mailer.test.ts).
 */


const DEPLOYMENT = {
  NODE_ENV: 'production',
  APP_ORIGIN: 'https://sigil.example',
  SESSION_SECRET: 's'.repeat(40),
  EMBEDDED_RECOVERY_KEY: Buffer.alloc(32, 1).toString('base64'),
  TRUSTED_PROXY_HOPS: '1',
}

/** What `next start` says when it refuses (the thrown message), or '' when it starts. */
const startUp = (env: Record<string, string | undefined>) => productionStartUp(env, ['SMTP_URL', 'DATABASE_URL', 'COINBASE_PREFERENCE'])

describe('next start and production mail', () => {
  it('refuses to boot a deployment without SMTP_URL, naming the variable and a TLS example', () => {
    const refusal = startUp(DEPLOYMENT)
    expect(refusal).toContain('Sigil cannot start:')
    expect(refusal).toContain('- SMTP_URL is required in production')
    expect(refusal).toContain('smtps://user:pass@smtp.example:465')
    expect(refusal).toContain('?requireTLS=true')
  })

  it.each([
    ['plain smtp://', 'smtp://alice:hunter2@smtp.example:587'],
    ['smtp:// that ignores TLS', 'smtp://alice:hunter2@smtp.example:25/?ignoreTLS=true'],
    ['smtp:// with requireTLS=false', 'smtp://smtp.example:587/?requireTLS=false'],
    ['STARTTLS without checking the certificate', 'smtp://smtp.example:587/?requireTLS=true&tls.rejectUnauthorized=false'],
    ['smtps:// without checking the certificate', 'smtps://smtp.example:465/?tls.rejectUnauthorized=false'],
    ['another scheme', 'direct://smtp.example'],
  ])('refuses %s', (_, url) => {
    const refusal = startUp({ ...DEPLOYMENT, SMTP_URL: url })
    expect(refusal).toMatch(/SMTP_URL must (use TLS|not turn off certificate checks) in production/)
    expect(refusal).not.toContain('hunter2') // the refusal never prints the URL
  })

  it.each([
    ['smtps://', 'smtps://user:pass@smtp.example:465'],
    ['smtp:// with STARTTLS required', 'smtp://user:pass@smtp.example:587/?requireTLS=true'],
  ])('starts with %s', (_, url) => {
    expect(startUp({ ...DEPLOYMENT, SMTP_URL: url })).not.toContain('SMTP_URL')
  })

  it('lets a build tried on loopback origins only start without SMTP_URL (its email steps then say email is not set up)', () => {
    expect(startUp({ ...DEPLOYMENT, APP_ORIGIN: 'http://localhost:3000,http://127.0.0.1:3000' })).not.toContain('SMTP_URL')
    expect(startUp({ ...DEPLOYMENT, APP_ORIGIN: 'http://localhost:3000,https://sigil.example' })).toContain('SMTP_URL is required in production')
    expect(startUp({ ...DEPLOYMENT, APP_ORIGIN: 'https://localhost:3000' })).toContain('SMTP_URL is required in production')
  })
})

describe('the production mail rule', () => {
  it('knows a loopback-only site', () => {
    expect(isLoopbackOnly('http://localhost:3000')).toBe(true)
    expect(isLoopbackOnly(['http://127.0.0.1:3000', 'http://[::1]:3000'])).toBe(true)
    expect(isLoopbackOnly('')).toBe(false)
    expect(isLoopbackOnly(undefined)).toBe(false)
    expect(isLoopbackOnly('http://localhost.example')).toBe(false)
    expect(isLoopbackOnly('not a url')).toBe(false)
  })

  it('asks exactly one requireTLS=true of smtp://, and nothing of smtps://', () => {
    expect(smtpUrlProblem('smtps://smtp.example')).toBeUndefined()
    expect(smtpUrlProblem('smtp://smtp.example/?requireTLS=true')).toBeUndefined()
    expect(smtpUrlProblem('smtp://smtp.example/?requireTLS=true&requireTLS=false')).toMatch(/must use TLS/)
    expect(smtpUrlProblem('smtp://smtp.example/?requiretls=true')).toMatch(/must use TLS/)
    expect(smtpUrlProblem('::')).toMatch(/not a URL/)
    expect(productionMailProblem({ APP_ORIGIN: 'https://sigil.example' })).toMatch(/required/)
  })
})
