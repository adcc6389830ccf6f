import { describe, expect, it } from 'vitest'
import { walletBook } from '../index'
import type { WalletBookEntry } from '../types'
import { openInWalletUrl } from './openInWalletUrl'
import { phoneRoute } from './phoneRoute'
import { walletConnectDeepLink } from './walletConnectDeepLink'

const entry = (key: string) => walletBook[key] as WalletBookEntry
const PAGE = 'https://sigil.example/connect'
const URI = `wc:${'ab'.repeat(32)}@2?relay-protocol=irn&symKey=${'cd'.repeat(32)}`
const withWalletConnect = { walletConnect: true }
const withoutWalletConnect = { walletConnect: false }

describe('phoneRoute', () => {
  it('opens a wallet with an in-app browser base or a browse link in its browser, with or without WalletConnect', () => {
    for (const key of ['metamask', 'phantom', 'coinbase', 'trust', 'okx', 'bitget']) {
      expect(phoneRoute(entry(key), withWalletConnect), key).toBe('wallet-browser')
      expect(phoneRoute(entry(key), withoutWalletConnect), key).toBe('wallet-browser')
    }
  })

  it('pairs a wallet used by redirect with its app, and offers it not at all without WalletConnect', () => {
    for (const key of ['rainbow', 'zerion', 'uniswap', 'exodus', 'ledger']) {
      expect(phoneRoute(entry(key), withWalletConnect), key).toBe('wallet-app')
      expect(phoneRoute(entry(key), withoutWalletConnect), key).toBeUndefined()
    }
  })

  it('pairs a wallet without a browser of its own but with an app link (TokenPocket) with its app', () => {
    expect(phoneRoute(entry('tokenpocket'), withWalletConnect)).toBe('wallet-app')
    expect(phoneRoute(entry('tokenpocket'), withoutWalletConnect)).toBeUndefined()
  })

  it('offers none of the wallets that had only "No inAppBrowserBase found for …" to give on a phone', () => {
    const deadEnds = ['binance', 'safe', 'onekey', 'core', 'cryptocom', 'zengo', 'coin98', 'ronin', 'subwallet', 'frontier', 'mathwallet', 'alphawallet']
    for (const key of deadEnds) {
      expect(phoneRoute(entry(key), withWalletConnect), key).toBeUndefined()
      expect(phoneRoute(entry(key), withoutWalletConnect), key).toBeUndefined()
    }
  })

  it('never pairs a wallet the book hides from WalletConnect', () => {
    const filtered: WalletBookEntry = { ...entry('rainbow'), filterFromWalletConnect: true }
    expect(phoneRoute(filtered, withWalletConnect)).toBeUndefined()
  })

  // The rule and the link builders agree for every wallet of the book: a route is a link.
  it.each(Object.entries(walletBook))('%s: each route it is given builds a link on iOS and Android', (_key, wallet) => {
    for (const walletConnect of [true, false]) {
      const route = phoneRoute(wallet, { walletConnect })
      for (const os of ['ios', 'android'] as const) {
        if (route === 'wallet-browser') expect(openInWalletUrl(wallet, PAGE, { browser: os === 'ios' ? 'safari' : 'chrome' })).toMatch(/^[a-z]+:/)
        if (route === 'wallet-app') expect(walletConnectDeepLink(wallet, URI, { os, isMobile: true })).toMatch(/^[a-z0-9]+:/)
        if (route === undefined) {
          // Only the wallet's browser could have opened the page, and it has none: the error the
          // connector still raises when asked directly.
          if (!walletConnect || !wallet.walletConnect) expect(() => openInWalletUrl(wallet, PAGE, { browser: 'chrome' })).toThrow(`No inAppBrowserBase found for ${wallet.name}.`)
        }
      }
    }
  })
})
