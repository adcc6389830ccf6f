import { describe, expect, it } from 'vitest'
import type { Platform } from '@sigil/lib/platform/detectPlatform'
import { walletLogo } from '../icons/walletLogo'
import { walletBook } from '../index'
import type { WalletBook, WalletBookEntry } from '../types'
import { genericBrowserWallet, listWallets } from './listWallets'
import { announcement, fakeProvider } from './testProviders'

const iphone: Platform = { os: 'ios', isMobile: true, browser: 'safari' }
const desktopChrome: Platform = { os: 'macos', isMobile: false, browser: 'chrome' }
const keys = (list: { key: string }[]) => list.map(({ key }) => key)

/** A small book so orderings are easy to read; entries are the real ones. */
const book: WalletBook = {
  metamask: walletBook.metamask as WalletBookEntry,
  coinbase: walletBook.coinbase as WalletBookEntry,
  rabby: walletBook.rabby as WalletBookEntry,
  zerion: walletBook.zerion as WalletBookEntry,
  brave: walletBook.brave as WalletBookEntry,
}

describe('listWallets', () => {
  it('lists announced wallets first in announcement order, then the book\u2019s others in book order', () => {
    const list = listWallets({ announced: [announcement('io.rabby', 'Rabby'), announcement('io.metamask', 'MetaMask')], book })
    expect(keys(list)).toEqual(['rabby', 'metamask', 'coinbase', 'zerion'])
    expect(list.map(({ installed, source }) => [installed, source])).toEqual([
      [true, 'eip6963'],
      [true, 'eip6963'],
      [false, 'book'],
      [false, 'book'],
    ])
  })

  it('lists a wallet announced twice once', () => {
    const list = listWallets({ announced: [announcement('io.metamask', 'MetaMask'), announcement('io.metamask', 'MetaMask')], book })
    expect(keys(list).filter((key) => key === 'metamask')).toHaveLength(1)
  })

  it('lists window-only wallets after announced ones, and a wallet found both ways once', () => {
    const metamask = fakeProvider({ isMetaMask: true })
    const coinbase = fakeProvider({ isCoinbaseWallet: true })
    const list = listWallets({
      announced: [announcement('io.metamask', 'MetaMask', metamask)],
      win: { ethereum: metamask, coinbaseWalletExtension: coinbase },
      book,
    })
    expect(list.slice(0, 2).map(({ key, source, provider }) => [key, source, provider])).toEqual([
      ['metamask', 'eip6963', metamask],
      ['coinbase', 'window', coinbase],
    ])
    expect(keys(list)).toEqual(['metamask', 'coinbase', 'rabby', 'zerion'])
  })

  it('lists two announced wallets and an impersonator of MetaMask correctly', () => {
    const rabbyImpersonating = fakeProvider({ isMetaMask: true, isRabby: true })
    const list = listWallets({
      announced: [announcement('io.rabby', 'Rabby', rabbyImpersonating), announcement('io.zerion.wallet', 'Zerion')],
      win: { ethereum: rabbyImpersonating },
      book,
    })
    const installed = list.filter(({ installed }) => installed)
    expect(keys(installed)).toEqual(['rabby', 'zerion'])
    expect(list.find(({ key }) => key === 'metamask')?.installed).toBe(false)
  })

  it('does not take an impersonating window.ethereum for MetaMask', () => {
    const list = listWallets({ win: { ethereum: fakeProvider({ isMetaMask: true, isRabby: true }) }, book })
    expect(list.filter(({ installed }) => installed).map(({ key }) => key)).toEqual(['rabby'])
  })

  it('lists an announced wallet the book does not know under connectorKey(name), with its data-URI icon', () => {
    const detail = announcement('com.example.wallet', 'Example Wallet')
    const [first] = listWallets({ announced: [detail], book })
    expect(first).toMatchObject({ key: 'examplewallet', name: 'Example Wallet', icon: detail.info.icon, installed: true, source: 'eip6963' })
    expect(first?.entry).toBeUndefined()
  })

  it('gives an unknown wallet whose name collides with a book key its rdns-based key instead', () => {
    const list = listWallets({ announced: [announcement('io.fake.metamask', 'MetaMask')], book })
    expect(keys(list)).toEqual(['iofakemetamask', 'metamask', 'coinbase', 'rabby', 'zerion'])
    expect(list.find(({ key }) => key === 'metamask')?.installed).toBe(false)
  })

  it("gives an unknown wallet named like one of the families (WalletConnect, Coinbase Smart Wallet, the embedded wallet, the generic Browser wallet) its rdns-based key, never the family row's", () => {
    const names = ['WalletConnect', 'Coinbase Smart Wallet', 'Embedded', 'Browser wallet', 'Injected']
    const list = listWallets({ announced: names.map((name, index) => announcement(`com.evil.${index}`, name)), book })
    expect(keys(list).slice(0, names.length)).toEqual(['comevil0', 'comevil1', 'comevil2', 'comevil3', 'comevil4'])
  })

  it('lists a wallet whose name starts with an emoji or holds a broken surrogate, with a monogram where its icon is unusable', () => {
    const withIcon = (rdns: string, name: string, icon: string) => ({ info: { uuid: `${rdns}-uuid`, name, rdns, icon }, provider: fakeProvider() })
    const list = listWallets({ announced: [withIcon('com.fox', '🦊 Fox Wallet', 'https://fox.example/i.png'), withIcon('com.half', '\ud83dHalf', '')], book })
    expect(list.slice(0, 2).map(({ name }) => name)).toEqual(['🦊 Fox Wallet', '\ud83dHalf'])
    for (const { icon } of list.slice(0, 2)) expect(icon).toMatch(/^data:image\/svg\+xml,/)
    expect(decodeURIComponent(list[0]!.icon)).toContain('>🦊</text>')
  })

  it('never uses an announced icon from another host', () => {
    const detail = announcement('io.rabby', 'Rabby')
    const remote = { ...detail, info: { ...detail.info, icon: 'https://cdn.example.com/rabby.png' } }
    const unknown = announcement('com.example', 'Example')
    const unknownRemote = { ...unknown, info: { ...unknown.info, icon: 'https://cdn.example.com/x.png' } }
    const list = listWallets({ announced: [remote, unknownRemote], book })
    // Not the remote address: the book's logo for Rabby, served by this site.
    expect(list[0]?.icon).toBe(walletLogo(book.rabby))
    expect(list[0]?.icon).toBe('/wallet-logos/rabby.svg')
    expect(list[1]?.icon).toMatch(/^data:image\/svg\+xml,/)
  })

  it('shows the book wallets’ logos from the icon package, and the monogram where there is none', () => {
    const withoutLogo: WalletBook = { plain: { name: 'Plain Wallet', shortName: 'Plain Wallet', brand: { icon: 'data:image/svg+xml,%3Csvg%2F%3E' }, walletConnect: { sdks: ['sign_v2'] } } }
    const list = listWallets({ book: { ...book, ...withoutLogo } })
    expect(list.find(({ key }) => key === 'metamask')?.icon).toBe(walletLogo(walletBook.metamask))
    expect(list.find(({ key }) => key === 'metamask')?.icon).not.toBe(walletBook.metamask?.brand?.icon)
    expect(list.find(({ key }) => key === 'plain')?.icon).toBe('data:image/svg+xml,%3Csvg%2F%3E')
  })

  it('lists an unclaimed window.ethereum as the generic Browser wallet', () => {
    const ethereum = fakeProvider({ isSomethingNew: true })
    const list = listWallets({ win: { ethereum }, book })
    expect(list[0]).toMatchObject({ ...genericBrowserWallet, installed: true, source: 'window', provider: ethereum })
    expect(list[0]?.icon).toMatch(/^data:image\//)
  })

  it('does not add the generic wallet when window.ethereum is an announced wallet', () => {
    const ethereum = fakeProvider({ isSomethingNew: true })
    const list = listWallets({ announced: [announcement('com.example', 'Example', ethereum)], win: { ethereum }, book })
    expect(keys(list)).not.toContain(genericBrowserWallet.key)
  })

  it('does not add the generic wallet when window.ethereum is not a provider', () => {
    expect(keys(listWallets({ win: { ethereum: { isMetaMask: true } }, book }))).not.toContain(genericBrowserWallet.key)
  })

  it('hides showOnlyIfInstalled wallets unless installed', () => {
    expect(keys(listWallets({ book }))).not.toContain('brave')
    const list = listWallets({ announced: [announcement('com.brave.wallet', 'Brave Wallet')], book })
    expect(list[0]).toMatchObject({ key: 'brave', installed: true })
  })

  it('drops, on a phone, book wallets that cannot be reached from the page', () => {
    const list = listWallets({ book, platform: iphone })
    // Rabby is an extension only; MetaMask (in-app browser), Coinbase (browse link) and Zerion (WalletConnect) are reachable.
    expect(keys(list)).toEqual(['metamask', 'coinbase', 'zerion'])
  })

  it('keeps an installed wallet on a phone even if the book could not reach it', () => {
    const list = listWallets({ win: { ethereum: fakeProvider({ isRabby: true }) }, book, platform: iphone })
    expect(list[0]).toMatchObject({ key: 'rabby', installed: true })
  })

  it('adds the install link for the platform to not-installed wallets', () => {
    const desktop = listWallets({ book, platform: desktopChrome })
    expect(desktop.find(({ key }) => key === 'metamask')?.installUrl).toBe('https://chromewebstore.google.com/detail/nkbihfbeogaeaoehlefnkodbefgpgknn')
    const phone = listWallets({ book, platform: iphone })
    expect(phone.find(({ key }) => key === 'metamask')?.installUrl).toBe('https://apps.apple.com/app/id1438144202')
    expect(listWallets({ book }).find(({ key }) => key === 'metamask')?.installUrl).toBeUndefined()
  })

  it('uses Sigil\u2019s wallet-book by default and runs on the server without a window', () => {
    const list = listWallets()
    expect(list.length).toBeGreaterThanOrEqual(10)
    expect(list.every(({ installed }) => !installed)).toBe(true)
    expect(new Set(keys(list)).size).toBe(list.length)
  })

  it('survives malformed announcements', () => {
    const list = listWallets({ announced: [null, { info: {} }] as never, book })
    expect(keys(list)).toEqual(['metamask', 'coinbase', 'rabby', 'zerion'])
  })
})
