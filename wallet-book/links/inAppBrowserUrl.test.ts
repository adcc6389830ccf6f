import { describe, expect, it } from 'vitest'
import { InAppBrowserBaseNotFoundError } from '@sigil/lib/errors/wallet'
import { walletBook } from '../index'
import type { WalletBookEntry } from '../types'
import { WalletLinkInputError } from '../WalletLinkInputError'
import { inAppBrowserUrl } from './inAppBrowserUrl'

const metamask = walletBook.metamask as WalletBookEntry

describe('inAppBrowserUrl', () => {
  it('appends the page address to the in-app browser base after a slash', () => {
    expect(inAppBrowserUrl(metamask, 'https://site/path')).toBe('https://metamask.app.link/dapp/https://site/path')
  })

  it('keeps the page address as it is, query and fragment included', () => {
    expect(inAppBrowserUrl(metamask, 'https://sigil.example/connect?chain=8453#top')).toBe(
      'https://metamask.app.link/dapp/https://sigil.example/connect?chain=8453#top',
    )
  })

  it('fails with the catalogue error naming the wallet when it has no in-app browser base', () => {
    const rainbow = walletBook.rainbow as WalletBookEntry
    expect(() => inAppBrowserUrl(rainbow, 'https://site/')).toThrow(InAppBrowserBaseNotFoundError)
    expect(() => inAppBrowserUrl(rainbow, 'https://site/')).toThrow('No inAppBrowserBase found for Rainbow.')
  })

  it('rejects a page address that is not an absolute http(s) URL', () => {
    for (const bad of ['/relative', 'javascript:alert(1)', '', 'not a url']) {
      expect(() => inAppBrowserUrl(metamask, bad)).toThrow(WalletLinkInputError)
    }
  })
})
