import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  APP_VALUES,
  appStorageKey,
  bindingCookieName,
  EMBEDDED_VAULT_DB,
  emailCookieName,
  LOCALE_COOKIE,
  nonceCookieName,
  PERSISTED_VALUES,
  recoveryCookieName,
  sessionCookieName,
  storageKey,
  storageKeys,
  WAGMI_STORAGE_KEY,
} from '@/lib/storageNames'

describe('storageKeys', () => {
  it('names the four persisted values sigil.<value>.<connectorKey>', () => {
    expect(storageKeys('trustwallet')).toEqual({
      activeAccount: 'sigil.activeAccount.trustwallet',
      sessionTopic: 'sigil.sessionTopic.trustwallet',
      switchedNetwork: 'sigil.switchedNetwork.trustwallet',
      currentChain: 'sigil.currentChain.trustwallet',
    })
  })
  it('declares exactly the four values of the spec', () => {
    expect([...PERSISTED_VALUES].sort()).toEqual(['activeAccount', 'currentChain', 'sessionTopic', 'switchedNetwork'])
  })
  it('gives two connectors disjoint key sets', () => {
    const a = Object.values(storageKeys('metamask'))
    const b = Object.values(storageKeys('rabby'))
    expect(a.filter((key) => b.includes(key))).toEqual([])
    expect(storageKey('currentChain', 'rabby')).toBe('sigil.currentChain.rabby')
  })
  it('names the app values sigil.<value>, apart from every connector name', () => {
    expect(appStorageKey('lastUsedWallet')).toBe('sigil.lastUsedWallet')
    const connectorNames = ['metamask', 'lastusedwallet', 'embedded'].flatMap((key) => Object.values(storageKeys(key)))
    for (const value of APP_VALUES) {
      expect(connectorNames).not.toContain(appStorageKey(value))
      // Ending a session clears the names ending with the connector key; an app value is not one of them.
      expect(appStorageKey(value).split('.')).toHaveLength(2)
    }
  })
})

describe('cookies', () => {
  const named = [sessionCookieName, nonceCookieName, bindingCookieName, emailCookieName, recoveryCookieName]

  it('gives every cookie its own name, in both modes', () => {
    for (const secure of [false, true]) {
      const names = [...named.map((name) => name(secure)), LOCALE_COOKIE, `${WAGMI_STORAGE_KEY}.store`]
      expect(new Set(names).size).toBe(names.length)
    }
  })

  it('prefixes the server’s cookies when secure (__Host- for Path=/, __Secure- for path-scoped ones)', () => {
    expect([sessionCookieName, nonceCookieName, bindingCookieName].map((name) => name(true))).toEqual(['__Host-sigil_session', '__Host-sigil_nonce', '__Host-sigil_code_binding'])
    expect([emailCookieName, recoveryCookieName].map((name) => name(true))).toEqual(['__Secure-sigil_email', '__Secure-sigil_recovery'])
    for (const name of named) expect(name(false)).toBe(name(true).replace(/^__(Host|Secure)-/, ''))
  })
})

/** Every source file of the product (not tests), as [path, text]. */
function sources(folder: string): [string, string][] {
  return readdirSync(folder).flatMap((entry): [string, string][] => {
    const path = join(folder, entry)
    if (statSync(path).isDirectory()) return entry === 'node_modules' || entry === 'dist' ? [] : sources(path)
    if (!/\.(ts|tsx)$/.test(entry) || /\.test\.tsx?$/.test(entry)) return []
    return [[path, readFileSync(path, 'utf8')]]
  })
}

describe('one module names them all', () => {
  it('no other source file spells a cookie, storage key or database name', () => {
    const spelled = /['"`](__Host-|__Secure-)?sigil(_(session|nonce|code_binding|email|recovery)\b|\.(locale|recentConnectorId|lastUsedWallet|activeAccount|sessionTopic|switchedNetwork|currentChain)\b)/
    const code = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '')
    const offenders = ['app', 'connectors', 'lib', 'wallet-book']
      .flatMap((folder) => sources(folder))
      .filter(([path, text]) => path !== join('lib', 'storageNames.ts') && (spelled.test(code(text)) || /indexedDB\.open\(\s*['"`]/.test(code(text))))
      .map(([path]) => path)
    expect(offenders).toEqual([])
    expect(EMBEDDED_VAULT_DB.name).toBe('sigil-embedded')
  })
})
