import { describe, expect, it } from 'vitest'
import { sameSite, siteOf } from './originSite.mjs'

describe('siteOf / sameSite', () => {
  it('is the scheme and the registrable domain, the port ignored', () => {
    expect(siteOf('https://wallet.sigil.example:8443')).toBe('https://sigil.example')
    expect(sameSite('https://sigil.example', 'https://wallet.sigil.example')).toBe(true)
    expect(sameSite('https://www.sigil.co.uk', 'https://wallet.sigil.co.uk')).toBe(true)
    expect(sameSite('https://sigil.test:8443', 'https://wallet.sigil.test:8443')).toBe(true)
  })

  it('tells two sites apart: another domain, a private suffix, another scheme', () => {
    expect(sameSite('https://sigil.example', 'https://sigil-wallet.example')).toBe(false)
    expect(sameSite('https://a.github.io', 'https://b.github.io')).toBe(false)
    expect(sameSite('http://sigil.example', 'https://wallet.sigil.example')).toBe(false)
  })

  it('on loopback: app.localhost and wallet.app.localhost are one site, localhost and wallet.localhost two', () => {
    expect(sameSite('http://app.localhost:3000', 'http://wallet.app.localhost:3000')).toBe(true)
    expect(sameSite('http://localhost:3000', 'http://wallet.localhost:3000')).toBe(false)
    expect(siteOf('http://127.0.0.1:3000')).toBe('http://127.0.0.1')
    expect(siteOf('http://[::1]:3000')).toBe('http://[::1]')
  })

  it('has no site for what is no origin', () => {
    expect(siteOf('not a url')).toBeUndefined()
    expect(sameSite('not a url', 'not a url')).toBe(false)
  })
})
