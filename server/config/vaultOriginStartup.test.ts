import { afterEach, describe, expect, it, vi } from 'vitest'
import { productionStartUp } from '@/tests/fixtures/productionStartUp'

/**
 * `next start` refuses to boot unless the embedded wallet's vault has an origin of its own: https and
 * apart from every APP_ORIGIN (issue 25, part 8), naming the setting. A local try on loopback gets
 * the `wallet.` default and boots. Origins that cannot work together stop it too, naming the setting:
 * a vault of another site than the app (unless VAULT_CROSS_SITE=1 says it is deliberate: a warning),
 * and a loopback APP_ORIGIN on another port than the one the server listens on.
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

const startUp = (env: Record<string, string | undefined>) => productionStartUp(env, ['VAULT_ORIGIN', 'VAULT_CROSS_SITE', 'PORT', 'DATABASE_URL', 'COINBASE_PREFERENCE'])

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

  it('refuses a vault of another site than the app, naming VAULT_ORIGIN; VAULT_CROSS_SITE=1 boots with a warning saying what it costs', () => {
    const warnings = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const other = { ...DEPLOYMENT, VAULT_ORIGIN: 'https://wallet.sigil-vault.example' }
    const refusal = startUp(other)
    expect(refusal).toContain('VAULT_ORIGIN https://wallet.sigil-vault.example is another site than https://sigil.example')
    expect(refusal).toContain('VAULT_CROSS_SITE=1')
    // A private suffix is a site boundary too.
    expect(startUp({ ...DEPLOYMENT, APP_ORIGIN: 'https://sigil.github.io', VAULT_ORIGIN: 'https://wallet.github.io' })).toContain('is another site than https://sigil.github.io')
    expect(warnings).not.toHaveBeenCalled()
    expect(startUp({ ...other, VAULT_CROSS_SITE: '1' })).toBe('')
    expect(warnings).toHaveBeenCalledWith(expect.stringContaining('(VAULT_CROSS_SITE=1): in browsers that keep no data for other sites\' frames, the embedded wallet opens in a window of its own'))
  })

  it('warns, and boots, when the loopback default vault is another site (plain localhost); app.localhost needs no warning', () => {
    const warnings = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const local = { ...DEPLOYMENT, SMTP_URL: undefined, MAIL_FROM: undefined }
    expect(startUp({ ...local, APP_ORIGIN: 'http://localhost:3000', PORT: '3000' })).toBe('')
    expect(warnings).toHaveBeenCalledWith(expect.stringContaining('VAULT_ORIGIN defaults to http://wallet.localhost:3000, another site than http://localhost:3000'))
    warnings.mockClear()
    expect(startUp({ ...local, APP_ORIGIN: 'http://app.localhost:3000', PORT: '3000' })).toBe('')
    expect(warnings).not.toHaveBeenCalled()
  })

  it('refuses a loopback APP_ORIGIN on another port than the server listens on, naming both and the fix', () => {
    const local = { ...DEPLOYMENT, SMTP_URL: undefined, MAIL_FROM: undefined, APP_ORIGIN: 'http://app.localhost:3000' }
    expect(startUp({ ...local, PORT: '3300' })).toContain('APP_ORIGIN http://app.localhost:3000 is on port 3000, but this server listens on 3300')
    expect(startUp({ ...local, PORT: '3300' })).toContain('Set APP_ORIGIN=http://app.localhost:3300, or PORT=3000.')
    expect(startUp({ ...local, APP_ORIGIN: 'http://localhost', PORT: '3000' })).toContain('is on port 80')
    expect(startUp({ ...local, PORT: '3000' })).toBe('')
    // A public origin is behind a proxy: its port says nothing of the server's.
    expect(startUp({ ...DEPLOYMENT, VAULT_ORIGIN: 'https://wallet.sigil.example', PORT: '3000' })).toBe('')
  })
})
