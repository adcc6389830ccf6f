import { describe, expect, it } from 'vitest'
import { InAppBrowserBaseNotFoundError } from '@/lib/errors/wallet'
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
