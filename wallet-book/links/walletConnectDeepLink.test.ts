import { describe, expect, it } from 'vitest'
import type { OperatingSystem } from '@sigil/lib/platform/detectPlatform'
import { walletBook } from '../index'
import type { WalletBookEntry } from '../types'
import { WalletLinkInputError } from '../WalletLinkInputError'
import { walletConnectDeepLink } from './walletConnectDeepLink'
import type { DeepLinkPreference } from './walletLinkBase'

const wcUri = 'wc:7f6e504bfad60b485450578e05678ed3e8e8c4751d3c6160be17160d63ec90f9@2?relay-protocol=irn&symKey=587d5484ce2a2a6ee3ba1962fdd7e8588e06200c46823bd18fbd67def96ad303'
const enc = encodeURIComponent(wcUri)

// wallet × platform × preference → link (docs/families/walletConnect.md#deep-links).
const table: readonly [key: string, os: OperatingSystem, preference: DeepLinkPreference, expected: string | undefined][] = [
  ['metamask', 'ios', 'native', `metamask://wc?uri=${enc}`],
  ['metamask', 'ios', 'universal', `https://metamask.app.link/wc?uri=${enc}`],
  ['metamask', 'android', 'native', wcUri],
  ['metamask', 'android', 'universal', wcUri],
  ['metamask', 'other', 'native', `metamask://wc?uri=${enc}`],
  ['metamask', 'macos', 'native', undefined],
  ['trust', 'ios', 'native', `trust://wc?uri=${enc}`],
  ['trust', 'ios', 'universal', `https://link.trustwallet.com/wc?uri=${enc}`],
  ['rainbow', 'ios', 'native', `rainbow://wc?uri=${enc}`],
  ['rainbow', 'ios', 'universal', `https://rnbwapp.com/wc?uri=${enc}`],
  ['zerion', 'ios', 'native', `zerion://wc?uri=${enc}`],
  // Only a native link: the universal preference falls back to it.
  ['zerion', 'ios', 'universal', `zerion://wc?uri=${enc}`],
  ['okx', 'ios', 'native', `okex://main/wc?uri=${enc}`],
  ['exodus', 'ios', 'universal', `https://exodus.com/m/wc?uri=${enc}`],
  // Only a universal link: the native preference falls back to it.
  ['mew', 'ios', 'native', `https://mewwallet.com/wc?uri=${enc}`],
  ['ledger', 'ios', 'native', `ledgerlive://wc?uri=${enc}`],
  ['ledger', 'windows', 'native', `ledgerlive://wc?uri=${enc}`],
  ['ledger', 'macos', 'universal', `ledgerlive://wc?uri=${enc}`],
  ['argent', 'ios', 'native', `argent://app/wc?uri=${enc}`],
  ['uniswap', 'ios', 'native', `uniswap://wc?uri=${enc}`],
  ['1inch', 'ios', 'universal', `oneinch://wc?uri=${enc}`],
  ['kraken', 'ios', 'native', `krakenwallet://wc?uri=${enc}`],
  ['imtoken', 'ios', 'native', `imtokenv2://wc?uri=${enc}`],
  ['safepal', 'ios', 'native', `safepalwallet://wc?uri=${enc}`],
  ['tokenpocket', 'ios', 'native', `tpoutside://wc?uri=${enc}`],
  ['bitget', 'ios', 'native', `bitkeep://wc?uri=${enc}`],
  ['rainbow', 'android', 'universal', wcUri],
  ['zerion', 'android', 'native', wcUri],
  ['uniswap', 'android', 'native', wcUri],
  // A desktop without a desktop app: no link (the QR code is the way there).
  ['rainbow', 'windows', 'native', undefined],
  ['zerion', 'linux', 'universal', undefined],
  // No WalletConnect at all.
  ['coinbase', 'ios', 'native', undefined],
  ['coinbase', 'android', 'native', undefined],
  ['phantom', 'ios', 'universal', undefined],
  ['rabby', 'android', 'native', undefined],
]

describe('walletConnectDeepLink', () => {
  it.each(table)('%s on %s preferring %s', (key, os, preference, expected) => {
    expect(walletConnectDeepLink(walletBook[key] as WalletBookEntry, wcUri, { os, preference })).toBe(expected)
  })

  it('prefers the native link when no preference is given', () => {
    expect(walletConnectDeepLink(walletBook.metamask as WalletBookEntry, wcUri, { os: 'ios' })).toBe(`metamask://wc?uri=${enc}`)
  })

  it('never produces a bare "?uri=" link for a WalletConnect wallet without links', () => {
    const entry: WalletBookEntry = { name: 'Linkless', shortName: 'Linkless', walletConnect: { sdks: ['sign_v2'] } }
    expect(walletConnectDeepLink(entry, wcUri, { os: 'ios', preference: 'native' })).toBeUndefined()
    expect(walletConnectDeepLink(entry, wcUri, { os: 'ios', preference: 'universal' })).toBeUndefined()
    expect(walletConnectDeepLink(entry, wcUri, { os: 'android' })).toBe(wcUri)
  })

  it('rejects a pairing URI that is not a wc: URI', () => {
    for (const bad of ['', 'https://example.com', 'WC:abc', undefined]) {
      expect(() => walletConnectDeepLink(walletBook.metamask as WalletBookEntry, bad as string, { os: 'ios' })).toThrow(WalletLinkInputError)
    }
  })
})

describe('walletConnectDeepLink with a full platform', () => {
  it('uses the desktop links on a desktop it cannot name (ChromeOS) and the mobile links on a phone', () => {
    const ledger = walletBook.ledger as WalletBookEntry
    const metamask = walletBook.metamask as WalletBookEntry
    expect(walletConnectDeepLink(metamask, wcUri, { os: 'other', isMobile: false })).toBeUndefined()
    expect(walletConnectDeepLink(ledger, wcUri, { os: 'other', isMobile: false })).toBe(`ledgerlive://wc?uri=${enc}`)
    expect(walletConnectDeepLink(metamask, wcUri, { os: 'other', isMobile: true })).toBe(`metamask://wc?uri=${enc}`)
    // An iPad reports iOS and mobile: the app's links.
    expect(walletConnectDeepLink(metamask, wcUri, { os: 'ios', isMobile: true, preference: 'universal' })).toBe(
      `https://metamask.app.link/wc?uri=${enc}`,
    )
  })
})
