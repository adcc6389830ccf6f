import { afterEach, describe, expect, it, vi } from 'vitest'
import { productionStartUp } from '@/tests/fixtures/productionStartUp'

/**
 * `next start` refuses to boot unless the embedded wallet's vault has an origin of its own: https and
 * apart from every APP_ORIGIN (issue 25, part 8), naming the setting. A local try on loopback gets
 * the `wallet.` default and boots.
 */


const DEPLOYMENT = {
  NODE_ENV: 'production',
  APP_ORIGIN: 'https://sigil.example',
  SESSION_SECRET: 's'.repeat(40),
  EMBEDDED_RECOVERY_KEY: Buffer.alloc(32, 1).toString('base64'),
  TRUSTED_PROXY_HOPS: '1',
  SMTP_URL: 'smtps://user:pass@smtp.example:465',
  MAIL_FROM: 'Sigil <no-reply@sigil.example>',
}

const startUp = (env: Record<string, string | undefined>) => productionStartUp(env, ['VAULT_ORIGIN', 'DATABASE_URL', 'COINBASE_PREFERENCE'])

afterEach(() => {
  vi.unstubAllEnvs()
})

describe('next start and the vault origin', () => {
  it('refuses a deployment without VAULT_ORIGIN, naming it', () => {
    expect(startUp(DEPLOYMENT)).toContain('VAULT_ORIGIN is required')
  })

  it('refuses a plain-http vault, and a vault on the app’s own origin', () => {
    expect(startUp({ ...DEPLOYMENT, VAULT_ORIGIN: 'http://wallet.sigil.example' })).toContain('VAULT_ORIGIN must be https')
    expect(startUp({ ...DEPLOYMENT, VAULT_ORIGIN: 'https://sigil.example' })).toContain('VAULT_ORIGIN must differ from every APP_ORIGIN')
  })

  it('boots with an https vault of its own', () => {
    expect(startUp({ ...DEPLOYMENT, VAULT_ORIGIN: 'https://wallet.sigil.example' })).toBe('')
  })

  it('boots a local try on loopback with the default vault', () => {
    expect(startUp({ ...DEPLOYMENT, APP_ORIGIN: 'http://localhost:3000', SMTP_URL: undefined, MAIL_FROM: undefined })).toBe('')
  })
})
