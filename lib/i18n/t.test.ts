import { describe, expect, it } from 'vitest'
import { en } from './en'
import { t } from './t'

describe('t', () => {
  it('returns the catalogue text for a key', () => {
    expect(t('connect.button')).toBe('Connect wallet')
  })

  it('fills placeholders with the given values', () => {
    expect(t('connect.opening', { wallet: 'MetaMask' })).toBe('Opening MetaMask…')
    expect(t('chain.unknown', { id: 11297108109 })).toBe('Unknown network (11297108109)')
  })

  it('leaves a placeholder visible when its value is missing', () => {
    expect(t('connect.opening')).toBe('Opening {wallet}…')
  })
})

describe('the ui catalogue', () => {
  it('has no empty strings and no stray whitespace', () => {
    for (const [key, text] of Object.entries(en.ui)) {
      expect(text.length, key).toBeGreaterThan(0)
      expect(text.trim(), key).toBe(text)
    }
  })

  it('keeps the UI contract texts the end-to-end tests read', () => {
    expect(en.ui['connect.title']).toBe('Connect a wallet')
    expect(en.ui['connect.close']).toBe('Close')
    expect(en.ui['account.copy']).toBe('Copy address')
    expect(en.ui['account.copied']).toBe('Copied')
    expect(en.ui['sign.label']).toBe('Message')
    expect(en.ui['sign.verified']).toBe('Signature verified')
    expect(en.ui['sign.notVerified']).toBe('Signature does not verify')
    expect(en.ui['auth.signIn']).toBe('Sign in')
    expect(en.ui['auth.cancelled']).toBe('Signature request cancelled.')
    expect(en.ui['disconnect.button']).toBe('Disconnect')
  })

  it('keeps the error texts docs/errors.md requires verbatim', () => {
    expect(en.errors.connection_rejected).toBe('Connection rejected. Please try again.')
    expect(en.errors.network_switching_only_available_in_wallet).toBe(
      'Network switching is not available at this time. The user should manually switch network in their wallet',
    )
    expect(en.errors.in_app_browser_base_not_found).toBe('No inAppBrowserBase found for {wallet}.')
  })
})

describe('the catalogue sections', () => {
  it('are the modules t() and the errors read, so each part loads only its own strings', async () => {
    const { errors } = await import('./errors')
    const { ui } = await import('./ui')
    expect(en.errors).toBe(errors)
    expect(en.ui).toBe(ui)
  })
})
