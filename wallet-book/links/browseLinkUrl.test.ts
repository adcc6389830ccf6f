import { describe, expect, it } from 'vitest'
import { walletBook } from '../index'
import type { WalletBookEntry } from '../types'
import { WalletLinkInputError } from '../WalletLinkInputError'
import { browseLinkUrl } from './browseLinkUrl'

const phantom = walletBook.phantom as WalletBookEntry
const href = 'https://sigil.example/connect?x=1'
const encoded = 'https%3A%2F%2Fsigil.example%2Fconnect%3Fx%3D1'

describe('browseLinkUrl', () => {
  it('builds Phantom\u2019s universal browse link with the encoded page and origin', () => {
    expect(browseLinkUrl(phantom, href, { browser: 'safari' })).toBe(
      `https://phantom.app/ul/browse/${encoded}?ref=https%3A%2F%2Fsigil.example`,
    )
  })

  it('uses Phantom\u2019s native form in Samsung Internet, the only form it supports there', () => {
    expect(browseLinkUrl(phantom, href, { browser: 'samsung' })).toBe(
      `phantom://browse/${encoded}?ref=https%3A%2F%2Fsigil.example`,
    )
  })

  it.each([
    ['coinbase', `https://go.cb-w.com/dapp?cb_url=${encoded}`],
    ['trust', `https://link.trustwallet.com/open_url?coin_id=60&url=${encoded}`],
    ['okx', `okx://wallet/dapp/url?dappUrl=${encoded}`],
  ])('builds the browse link of %s', (key, expected) => {
    expect(browseLinkUrl(walletBook[key] as WalletBookEntry, href, { browser: 'chrome' })).toBe(expected)
  })

  it('returns undefined for a wallet that declares no browse link', () => {
    expect(browseLinkUrl(walletBook.metamask as WalletBookEntry, href, { browser: 'safari' })).toBeUndefined()
  })

  it('falls back to the native template when there is no universal one', () => {
    const entry: WalletBookEntry = { name: 'X', shortName: 'X', mobile: { browseLink: { native: 'x://open?u={url}' } } }
    expect(browseLinkUrl(entry, 'https://a.example/', { browser: 'safari' })).toBe('x://open?u=https%3A%2F%2Fa.example%2F')
  })

  it('rejects a page address that is not an absolute http(s) URL', () => {
    expect(() => browseLinkUrl(phantom, 'ftp://site/', { browser: 'safari' })).toThrow(WalletLinkInputError)
  })
})
