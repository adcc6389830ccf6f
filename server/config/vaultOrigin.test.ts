import { describe, expect, it } from 'vitest'
import { resolveVaultOrigin } from './vaultOrigin.mjs'

const refused = (result: { origin: string | undefined; problem: string | undefined }) => {
  expect(result.origin).toBeUndefined()
  expect(result.problem).toContain('VAULT_ORIGIN')
}

describe('resolveVaultOrigin without VAULT_ORIGIN', () => {
  it.each([
    [['http://localhost:3000'], 'http://wallet.localhost:3000'],
    [['http://127.0.0.1:3000'], 'http://wallet.localhost:3000'],
    [['http://[::1]:4000'], 'http://wallet.localhost:4000'],
    [['http://app.localhost:3000'], 'http://wallet.app.localhost:3000'],
    [['http://localhost'], 'http://wallet.localhost'],
    [['http://localhost:3000', 'http://127.0.0.1:3000'], 'http://wallet.localhost:3000'],
    [['http://127.0.0.1:5000', 'http://localhost:3000'], 'http://wallet.localhost:5000'],
  ])('defaults to a wallet.* name on loopback when every APP_ORIGIN is loopback http (%j → %s)', (appOrigins, expected) => {
    expect(resolveVaultOrigin({}, appOrigins)).toEqual({ origin: expected, problem: undefined })
  })

  it('treats a blank VAULT_ORIGIN as unset', () => {
    expect(resolveVaultOrigin({ VAULT_ORIGIN: '   ' }, ['http://localhost:3000'])).toEqual({ origin: 'http://wallet.localhost:3000', problem: undefined })
  })

  it('gives no default for a public https app, and says VAULT_ORIGIN is required', () => {
    const result = resolveVaultOrigin({}, ['https://sigil.example'])
    refused(result)
    expect(result.problem).toMatch(/required/)
  })

  it('gives no default when only some APP_ORIGIN entries are loopback', () => {
    refused(resolveVaultOrigin({}, ['http://localhost:3000', 'https://sigil.example']))
  })

  it('gives no default for https on localhost or plain http on a public name', () => {
    refused(resolveVaultOrigin({}, ['https://localhost:3000']))
    refused(resolveVaultOrigin({}, ['http://sigil.example']))
  })

  it('gives no default without any APP_ORIGIN', () => {
    refused(resolveVaultOrigin({}, []))
  })
})

describe('resolveVaultOrigin with VAULT_ORIGIN', () => {
  it('accepts an explicit https origin, normalised', () => {
    expect(resolveVaultOrigin({ VAULT_ORIGIN: 'https://wallet.sigil.example' }, ['https://sigil.example'])).toEqual({ origin: 'https://wallet.sigil.example', problem: undefined })
    expect(resolveVaultOrigin({ VAULT_ORIGIN: ' https://wallet.sigil.example/ ' }, ['https://sigil.example'])).toEqual({ origin: 'https://wallet.sigil.example', problem: undefined })
    expect(resolveVaultOrigin({ VAULT_ORIGIN: 'https://wallet.sigil.example:8443' }, ['https://sigil.example'])).toEqual({ origin: 'https://wallet.sigil.example:8443', problem: undefined })
  })

  it('accepts plain http on a *.localhost name (a secure context on loopback)', () => {
    expect(resolveVaultOrigin({ VAULT_ORIGIN: 'http://vault.localhost:3000' }, ['http://localhost:3000'])).toEqual({ origin: 'http://vault.localhost:3000', problem: undefined })
  })

  it.each(['http://wallet.sigil.example', 'http://127.0.0.1:3001', 'http://wallet.localhost.example'])('refuses plain http on a name that is not *.localhost (%s)', (value) => {
    const result = resolveVaultOrigin({ VAULT_ORIGIN: value }, ['https://sigil.example'])
    refused(result)
    expect(result.problem).toMatch(/https/)
  })

  it.each(['https://wallet.sigil.example/vault', 'https://wallet.sigil.example/?x=1', 'https://wallet.sigil.example#top', 'https://user@wallet.sigil.example'])('refuses a value that is more than an origin (%s)', (value) => {
    const result = resolveVaultOrigin({ VAULT_ORIGIN: value }, ['https://sigil.example'])
    refused(result)
    expect(result.problem).toMatch(/exact origin/)
  })

  it('refuses a value equal to an APP_ORIGIN entry', () => {
    const result = resolveVaultOrigin({ VAULT_ORIGIN: 'https://app2.sigil.example' }, ['https://sigil.example', 'https://app2.sigil.example'])
    refused(result)
    expect(result.problem).toMatch(/APP_ORIGIN/)
    refused(resolveVaultOrigin({ VAULT_ORIGIN: 'http://app.localhost:3000/' }, ['http://app.localhost:3000']))
  })

  it.each(['not a url', 'wallet.sigil.example', '://wallet', 'javascript:alert(1)', 'ftp://wallet.sigil.example'])('refuses garbage (%s)', (value) => {
    refused(resolveVaultOrigin({ VAULT_ORIGIN: value }, ['https://sigil.example']))
  })

  it('quotes at most 100 characters of a refused value', () => {
    const value = `not an origin ${'x'.repeat(500)}`
    const result = resolveVaultOrigin({ VAULT_ORIGIN: value }, ['https://sigil.example'])
    refused(result)
    expect(result.problem).toContain(value.slice(0, 100))
    expect(result.problem).not.toContain(value.slice(0, 101))
  })
})
