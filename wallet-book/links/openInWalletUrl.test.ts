import { describe, expect, it } from 'vitest'
import { InAppBrowserBaseNotFoundError } from '@sigil/lib/errors/wallet'
import { walletBook } from '../index'
import type { WalletBookEntry } from '../types'
import { openInWalletUrl } from './openInWalletUrl'

const entry = (key: string) => walletBook[key] as WalletBookEntry

describe('openInWalletUrl', () => {
  it('uses the in-app browser base for MetaMask', () => {
    expect(openInWalletUrl(entry('metamask'), 'https://site/path', { browser: 'safari' })).toBe(
      'https://metamask.app.link/dapp/https://site/path',
    )
  })

  it('uses the browse link for Phantom', () => {
    expect(openInWalletUrl(entry('phantom'), 'https://site/path', { browser: 'chrome' })).toBe(
      'https://phantom.app/ul/browse/https%3A%2F%2Fsite%2Fpath?ref=https%3A%2F%2Fsite',
    )
  })

  it('fails with "No inAppBrowserBase found for {wallet}." when the wallet has neither', () => {
    expect(() => openInWalletUrl(entry('zerion'), 'https://site/', { browser: 'safari' })).toThrow(
      new InAppBrowserBaseNotFoundError('Zerion'),
    )
  })
})

/**
 * Audit of docs/families/injected.md#opening-the-page-in-the-wallets-browser: every wallet-book entry
 * that has a phone app either opens the page in its in-app browser (in-app browser base or browse link)
 * or raises the catalogue error — on iOS and on Android, in every browser a phone user is likely to tap
 * from.
 */
describe('openInWalletUrl for every mobile wallet-book entry', () => {
  const PAGE = 'https://sigil.example/connect?chain=8453'
  const mobileEntries = Object.entries(walletBook).filter(([, entry]) => entry.mobile !== undefined || entry.mobileExperience !== undefined)

  it('covers the book’s phone wallets', () => {
    expect(mobileEntries.length).toBeGreaterThanOrEqual(30)
  })

  it.each(mobileEntries)('%s opens in its browser or raises "No inAppBrowserBase found for …"', (key, entry) => {
    for (const browser of ['safari', 'chrome', 'samsung'] as const) {
      let url: string | undefined
      try {
        url = openInWalletUrl(entry, PAGE, { browser })
      } catch (error) {
        expect(error, `${key} in ${browser}`).toBeInstanceOf(InAppBrowserBaseNotFoundError)
        expect((error as Error).message).toBe(`No inAppBrowserBase found for ${entry.name}.`)
        expect((error as InAppBrowserBaseNotFoundError).code).toBe('in_app_browser_base_not_found')
        // A wallet that says it is used in its own browser must have a way to get there.
        expect(entry.mobileExperience, `${key} is used in its in-app browser but cannot be opened there`).not.toBe('in-app-browser')
        expect(entry.mobile?.inAppBrowser ?? entry.mobile?.browseLink).toBeUndefined()
        continue
      }
      // Built from the wallet's own link, carrying this page.
      const { inAppBrowser, browseLink } = entry.mobile ?? {}
      const prefixes = [inAppBrowser && `${inAppBrowser}/`, browseLink?.universal, browseLink?.native]
        .filter((prefix): prefix is string => Boolean(prefix))
        .map((prefix) => prefix.split('{url}')[0]!)
      expect(prefixes.some((prefix) => url.startsWith(prefix)), `${key} in ${browser}: ${url}`).toBe(true)
      expect(url.includes(PAGE) || url.includes(encodeURIComponent(PAGE)), url).toBe(true)
    }
  })
})
