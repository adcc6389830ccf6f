import { describe, expect, it } from 'vitest'
import { walletKey } from './walletKey'
import { walletBrowserTokens } from '@sigil/lib/platform/walletBrowserTokens'
import { getWalletBookEntry, walletBook, walletBookEntries } from './index'
import { walletBookSources, withSources } from './sources'
import { validateWalletBookEntry } from './validateWalletBookEntry'

const entries = walletBookEntries()

describe('the wallet-book registry', () => {
  it.each(entries.map(({ key, entry }) => [key, entry] as const))('has a valid entry for %s', (key, entry) => {
    expect(validateWalletBookEntry(key, withSources(key, entry))).toEqual([])
  })

  it('keeps each entry’s sources beside it, not in it: one list per key, none for a key the book lacks, none in an entry the dialog ships', () => {
    expect(Object.keys(walletBookSources)).toEqual(entries.map(({ key }) => key))
    for (const { key, entry } of entries) expect(entry, key).not.toHaveProperty('sources')
  })

  it('holds at least the wallets of issue 2', () => {
    for (const key of ['metamask', 'coinbase', 'rabby', 'brave', 'trust', 'rainbow', 'zerion', 'phantom', 'okx', 'exodus']) {
      expect(getWalletBookEntry(key), key).toBeDefined()
    }
  })

  it('uses each key once and each key is its shortName normalised', () => {
    const keys = entries.map(({ key }) => key)
    expect(new Set(keys).size).toBe(keys.length)
    for (const { key, entry } of entries) expect(walletKey(entry.shortName)).toBe(key)
  })

  it('gives each EIP-6963 rdns to one wallet only', () => {
    const rdns = entries.flatMap(({ entry }) => entry.eip6963Config?.rdns ?? []).map((id) => id.toLowerCase())
    expect(rdns.length).toBeGreaterThan(0)
    expect(new Set(rdns).size).toBe(rdns.length)
  })

  it('holds at least 40 wallets, as the peer kits do (issue 15)', () => {
    expect(entries.length).toBeGreaterThanOrEqual(40)
  })

  it('gives each deep-link scheme to one wallet only (a shared scheme would open the wrong app)', () => {
    const owner = new Map<string, string>()
    for (const { key, entry } of entries) {
      const links = [entry.mobile?.native, entry.mobile?.browseLink?.native, entry.desktop?.native]
      const schemes = new Set(links.flatMap((link) => (link === undefined ? [] : [link.slice(0, link.indexOf(':')).toLowerCase()])))
      for (const scheme of schemes) {
        expect(owner.get(scheme), `${scheme}:// of ${key}`).toBeUndefined()
        owner.set(scheme, key)
      }
    }
    expect(owner.size).toBeGreaterThan(10)
  })

  it('gives each universal link, in-app browser base and browse link to one wallet only', () => {
    const owner = new Map<string, string>()
    for (const { key, entry } of entries) {
      const links = [entry.mobile?.universal, entry.mobile?.inAppBrowser, entry.mobile?.browseLink?.universal, entry.desktop?.universal]
      for (const link of new Set(links.filter((link) => link !== undefined))) {
        expect(owner.get(link), `${link} of ${key}`).toBeUndefined()
        owner.set(link, key)
      }
    }
  })

  it('claims each legacy flag for one wallet only', () => {
    const owner = new Map<string, string>()
    for (const { key, entry } of entries) {
      const flags = new Set((entry.injectedConfig ?? []).flatMap((config) => config.extensionLocators.filter(({ value }) => value).map(({ flag }) => flag)))
      for (const flag of flags) {
        expect(owner.get(flag), `${flag} of ${key}`).toBeUndefined()
        owner.set(flag, key)
      }
    }
  })

  it('says MetaMask switches networks only from the wallet over WalletConnect, and not in its extension', () => {
    expect(walletBook.metamask?.walletConnect?.switchNetworkOnlyFromWallet).toBe(true)
    expect(walletBook.metamask?.switchNetworkOnlyFromWallet).toBeUndefined()
  })

  it('gives each name to one wallet only', () => {
    const names = entries.map(({ entry }) => entry.name.toLowerCase())
    expect(new Set(names).size).toBe(names.length)
  })

  it('never points an icon at a remote host', () => {
    for (const { key, entry } of entries) expect(entry.brand?.icon, key).toMatch(/^data:image\/svg\+xml,/)
  })

  it('keeps MetaMask from being claimed by wallets that impersonate it', () => {
    const locators = walletBook.metamask?.injectedConfig?.[0]?.extensionLocators ?? []
    const falseFlags = locators.filter(({ value }) => !value).map(({ flag }) => flag)
    expect(locators).toContainEqual({ flag: 'isMetaMask', value: true })
    expect(falseFlags.length).toBeGreaterThanOrEqual(16)
    // Every other wallet in the book that is claimed by a flag must be among MetaMask's false flags.
    for (const { key, entry } of entries) {
      if (key === 'metamask') continue
      for (const config of entry.injectedConfig ?? []) {
        for (const { flag, value } of config.extensionLocators) if (value) expect(falseFlags, `${key}.${flag}`).toContain(flag)
      }
    }
  })

  it('reaches Coinbase Wallet without WalletConnect, as the reference does', () => {
    expect(walletBook.coinbase?.walletConnect).toBeUndefined()
  })

  it('knows every wallet whose in-app browser platform detection can name', () => {
    const keys = new Set(entries.map(({ key }) => key))
    const missing = walletBrowserTokens.map(([key]) => key).filter((key) => !keys.has(key))
    expect(missing).toEqual([])
  })

  it('returns undefined for a key it does not know, including inherited property names', () => {
    expect(getWalletBookEntry('nosuchwallet')).toBeUndefined()
    expect(getWalletBookEntry('constructor')).toBeUndefined()
    expect(getWalletBookEntry('__proto__')).toBeUndefined()
  })

  it('lists entries in a stable order', () => {
    expect(walletBookEntries().map(({ key }) => key)).toEqual(Object.keys(walletBook))
    expect(walletBookEntries()[0]?.key).toBe('metamask')
  })
})
