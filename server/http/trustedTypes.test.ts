import { describe, expect, it } from 'vitest'
import { installTrustedTypesPolicy, isChunkScriptUrl, type PolicyOptions } from './trustedTypes'

const ORIGIN = 'https://sigil.example'

describe('isChunkScriptUrl', () => {
  it("admits this origin's build chunks, relative or absolute", () => {
    expect(isChunkScriptUrl('/_next/static/chunks/0cz1d0mv5g_q7.js', ORIGIN)).toBe(true)
    expect(isChunkScriptUrl(`${ORIGIN}/_next/static/chunks/turbopack-077hmtqrhcoji.js`, ORIGIN)).toBe(true)
  })

  it('refuses every other script address', () => {
    for (const url of [
      'https://evil.example/_next/static/chunks/a.js',
      '/api/ens/0x0/avatar',
      '/_next/static/chunks/a.css',
      '/_next/static/../../api/x.js',
      'data:text/javascript,alert(1)',
      'javascript:alert(1)',
      '//evil.example/_next/static/a.js',
      'blob:https://sigil.example/1234',
    ]) {
      expect(isChunkScriptUrl(url, ORIGIN), url).toBe(false)
    }
  })
})

describe('installTrustedTypesPolicy', () => {
  it('installs a default policy that makes chunk URLs only, never HTML or script text', () => {
    let installed: { name: string; options: PolicyOptions } | undefined
    const win = { location: { origin: ORIGIN }, trustedTypes: { createPolicy: (name: string, options: PolicyOptions) => (installed = { name, options }) } }
    expect(installTrustedTypesPolicy(win)).toBe(true)
    expect(installed?.name).toBe('default')
    expect(installed?.options.createHTML('<img src=x onerror=alert(1)>')).toBeNull()
    expect(installed?.options.createHTML('')).toBeNull()
    expect(installed?.options.createScript('alert(1)')).toBeNull()
    expect(installed?.options.createScriptURL('/_next/static/chunks/a.js')).toBe('/_next/static/chunks/a.js')
    expect(installed?.options.createScriptURL('https://evil.example/a.js')).toBeNull()
  })

  it('does nothing without Trusted Types, or when a default policy exists', () => {
    expect(installTrustedTypesPolicy({ location: { origin: ORIGIN } })).toBe(false)
    expect(installTrustedTypesPolicy({ location: { origin: ORIGIN }, trustedTypes: { createPolicy: () => undefined, defaultPolicy: {} } })).toBe(false)
  })
})
