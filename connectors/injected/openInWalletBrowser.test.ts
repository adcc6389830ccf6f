import { describe, expect, it, vi } from 'vitest'
import { InAppBrowserBaseNotFoundError } from '@sigil/lib/errors/wallet'
import { walletBook } from '@sigil/wallet-book/index'
import type { WalletBookEntry } from '@sigil/wallet-book/types'
import { openInWalletBrowser } from './openInWalletBrowser'

const PAGE = 'https://sigil.example/connect?x=1'

describe('openInWalletBrowser', () => {
  it('navigates to the in-app-browser base followed by the page address (MetaMask)', () => {
    const navigate = vi.fn()
    const url = openInWalletBrowser(walletBook.metamask!, PAGE, { navigate })
    expect(url).toBe(`https://metamask.app.link/dapp/${PAGE}`)
    expect(navigate).toHaveBeenCalledWith(url)
  })

  it('uses Phantom\'s browse link with the encoded page and origin', () => {
    const navigate = vi.fn()
    openInWalletBrowser(walletBook.phantom!, PAGE, { navigate, platform: { browser: 'safari' } })
    expect(navigate).toHaveBeenCalledWith(
      `https://phantom.app/ul/browse/${encodeURIComponent(PAGE)}?ref=${encodeURIComponent('https://sigil.example')}`,
    )
  })

  it('uses Phantom\'s native browse link in Samsung Internet', () => {
    const navigate = vi.fn()
    openInWalletBrowser(walletBook.phantom!, PAGE, { navigate, platform: { browser: 'samsung' } })
    expect(navigate.mock.calls[0]?.[0]).toMatch(/^phantom:\/\/browse\//)
  })

  it('throws "No inAppBrowserBase found for {wallet}." without navigating when the wallet has no base', () => {
    const navigate = vi.fn()
    const entry: WalletBookEntry = { name: 'Plain Wallet', shortName: 'Plain Wallet' }
    expect(() => openInWalletBrowser(entry, PAGE, { navigate })).toThrow(InAppBrowserBaseNotFoundError)
    expect(() => openInWalletBrowser(entry, PAGE, { navigate })).toThrow('No inAppBrowserBase found for Plain Wallet.')
    expect(navigate).not.toHaveBeenCalled()
  })

  it('navigates synchronously, inside the caller\'s tap', () => {
    const order: string[] = []
    openInWalletBrowser(walletBook.metamask!, PAGE, { navigate: () => order.push('navigated') })
    order.push('returned')
    expect(order).toEqual(['navigated', 'returned'])
  })
})
