// @vitest-environment jsdom
import type { Connector } from '@wagmi/core'
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { WalletList } from './WalletList'

const icon = 'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg"/%3E'
const options = [
  { key: 'metamask', name: 'MetaMask', icon, installed: false, installUrl: 'https://metamask.io/download/' },
  { key: 'sigiltestwallet', name: 'Sigil Test Wallet', icon, installed: true },
  { key: 'rabby', name: 'Rabby', icon, installed: false },
]

describe('WalletList', () => {
  afterEach(cleanup)

  it('lists installed wallets first, each a button with its icon (alt = name), name and installed flag', () => {
    render(<WalletList options={options} isMobile={false} onSelect={() => {}} />)
    const buttons = screen.getAllByRole('button')
    expect(buttons.map((b) => [b.dataset.testid, b.dataset.installed])).toEqual([
      ['wallet-option-sigiltestwallet', 'true'],
      ['wallet-option-metamask', 'false'],
      ['wallet-option-rabby', 'false'],
    ])
    const first = buttons[0]!
    expect(within(first).getByRole('img').getAttribute('alt')).toBe('Sigil Test Wallet')
    expect(first.textContent).toContain('Sigil Test Wallet')
    expect(first.textContent).toContain('Installed')
  })

  it('offers an install link in a new tab for a missing wallet on desktop', () => {
    render(<WalletList options={options} isMobile={false} onSelect={() => {}} />)
    const link = screen.getByTestId('wallet-install-metamask')
    expect(link.getAttribute('href')).toBe('https://metamask.io/download/')
    expect(link.getAttribute('target')).toBe('_blank')
    expect(link.getAttribute('rel')).toContain('noopener')
    expect(link.getAttribute('aria-label')).toBe('Install MetaMask (opens in a new tab)')
    // No link without an address to send the user to, and none for an installed wallet.
    expect(screen.queryByTestId('wallet-install-rabby')).toBeNull()
    expect(screen.queryByTestId('wallet-install-sigiltestwallet')).toBeNull()
  })

  it('shows no install links on a phone, and tells the wallet’s browser from its app', () => {
    const onPhone = options.map((o) =>
      o.key === 'metamask'
        ? { ...o, name: 'MetaMask', openInApp: () => {}, opens: 'wallet-browser' as const }
        : o.key === 'rabby'
          ? { ...o, installed: false, name: 'Rainbow', openInApp: () => {}, opens: 'wallet-app' as const }
          : o,
    )
    render(<WalletList options={onPhone} isMobile onSelect={() => {}} />)
    expect(screen.queryAllByRole('link')).toEqual([])
    expect(screen.getByTestId('wallet-option-metamask').textContent).toContain("Open in MetaMask's browser")
    expect(screen.getByTestId('wallet-option-metamask').getAttribute('data-opens')).toBe('wallet-browser')
    expect(screen.getByTestId('wallet-option-rabby').textContent).toContain('Connect with the Rainbow app')
    expect(screen.getByTestId('wallet-option-rabby').getAttribute('data-opens')).toBe('wallet-app')
    expect(document.body.textContent).not.toContain('Open in app')
  })

  it('hands the chosen wallet to onSelect', () => {
    const onSelect = vi.fn()
    render(<WalletList options={options} isMobile={false} onSelect={onSelect} />)
    fireEvent.click(screen.getByTestId('wallet-option-rabby'))
    expect(onSelect).toHaveBeenCalledWith(options[2])
  })

  it('says "Installed" only for a wallet detected here; listed families say what they are', () => {
    const families = [
      ...options,
      { key: 'walletconnect', name: 'WalletConnect', icon, installed: true, tagline: { desktop: 'connect.tagline.walletConnect', mobile: 'connect.tagline.walletConnectMobile' } as const },
      { key: 'coinbasesmartwallet', name: 'Coinbase Smart Wallet', icon, installed: true, tagline: { desktop: 'connect.tagline.coinbaseSmartWallet' } as const },
      { key: 'embedded', name: 'Email & passkey', icon, installed: true, tagline: { desktop: 'connect.tagline.embedded' } as const },
    ]
    const status = (key: string) => screen.getByTestId(`wallet-option-${key}`).querySelector('.wallet-status')!
    const { unmount } = render(<WalletList options={families} isMobile={false} onSelect={() => {}} />)
    expect(status('sigiltestwallet').textContent).toBe('Installed')
    expect(status('walletconnect').textContent).toBe('Scan with your phone')
    expect(status('coinbasesmartwallet').textContent).toBe('Passkey, no app needed')
    expect(status('embedded').textContent).toBe('Create with email')
    expect(screen.getAllByText('Installed')).toHaveLength(1)
    expect(status('walletconnect').classList.contains('installed')).toBe(false)
    unmount()
    render(<WalletList options={families} isMobile onSelect={() => {}} />)
    expect(status('walletconnect').textContent).toBe('Any wallet app')
  })

  it('passes a tap on a row still getting ready to the dialog (which keeps it), and shows "Getting ready…" busy only on the kept row', () => {
    const onSelect = vi.fn()
    const coinbase = { key: 'coinbasesmartwallet', name: 'Coinbase Smart Wallet', icon, installed: true, tagline: { desktop: 'connect.tagline.coinbaseSmartWallet' } as const }
    const list = (pendingKey?: string, preparing = true) => (
      <WalletList options={[coinbase, ...options]} isMobile={false} onSelect={onSelect} isPreparing={(o) => preparing && o.key === coinbase.key} pendingKey={pendingKey} />
    )
    const { rerender } = render(list())
    const row = screen.getByTestId('wallet-option-coinbasesmartwallet')
    expect(row.getAttribute('data-preparing')).toBe('true')
    expect(row.hasAttribute('aria-disabled')).toBe(false)
    expect(row.hasAttribute('aria-busy')).toBe(false)
    expect(screen.queryByText('Getting ready…')).toBeNull()
    fireEvent.click(row)
    expect(onSelect).toHaveBeenCalledWith(coinbase)
    rerender(list(coinbase.key))
    expect(row.getAttribute('aria-busy')).toBe('true')
    expect(row.textContent).toContain('Getting ready…')
    expect(screen.getAllByText('Getting ready…')).toHaveLength(1)
    rerender(list(undefined, false))
    expect(row.hasAttribute('aria-busy')).toBe(false)
    expect(row.textContent).toContain('Passkey, no app needed')
  })

  it('reports intent when the pointer moves over a row or a finger touches it, and not for a click alone', () => {
    const onIntent = vi.fn()
    render(<WalletList options={options} isMobile={false} onSelect={() => {}} onIntent={onIntent} />)
    const metamask = screen.getByTestId('wallet-option-metamask')
    fireEvent.click(metamask)
    expect(onIntent).not.toHaveBeenCalled()
    fireEvent.pointerMove(metamask)
    expect(onIntent).toHaveBeenLastCalledWith(options[0])
    fireEvent.touchStart(screen.getByTestId('wallet-option-rabby'))
    expect(onIntent).toHaveBeenLastCalledWith(options[2])
    expect(onIntent).toHaveBeenCalledTimes(2)
  })

  it('says so when there is no wallet at all', () => {
    render(<WalletList options={[]} isMobile={false} onSelect={() => {}} />)
    expect(screen.getByText('No wallets found.')).toBeTruthy()
  })

  describe('the last-used wallet', () => {
    // Only its presence matters to the list: the row can connect here.
    const connector = {} as Connector
    const withSecond = [...options, { key: 'secondtestwallet', name: 'Second Test Wallet', icon, installed: true }]
    const keys = () => screen.getAllByRole('button').filter((b) => b.dataset.testid?.startsWith('wallet-option-')).map((b) => b.dataset.testid!.slice('wallet-option-'.length))

    it('is listed first, marked "Last used", with a "Forget" button named after the wallet', () => {
      render(<WalletList options={withSecond} isMobile={false} onSelect={() => {}} lastUsedKey="secondtestwallet" onForgetLastUsed={() => {}} />)
      expect(keys()).toEqual(['secondtestwallet', 'sigiltestwallet', 'metamask', 'rabby'])
      const row = screen.getByTestId('wallet-option-secondtestwallet')
      expect(row.dataset.lastUsed).toBe('true')
      expect(within(row).getByTestId('wallet-last-used-secondtestwallet').textContent).toBe('Last used')
      // Part of the row button's name, so a screen reader hears it with the wallet.
      expect(row.textContent).toContain('Last used')
      const forget = screen.getByRole('button', { name: 'Forget Second Test Wallet as the last used wallet' })
      expect(forget.textContent).toBe('Forget')
      expect(forget.dataset.testid).toBe('wallet-forget-secondtestwallet')
      // Only one row is marked.
      expect(screen.getAllByText('Last used')).toHaveLength(1)
      expect(screen.getAllByText('Forget')).toHaveLength(1)
    })

    it('forgets on "Forget", and focus stays on that wallet, back in its usual place', () => {
      const onForget = vi.fn()
      const { rerender } = render(<WalletList options={withSecond} isMobile={false} onSelect={() => {}} lastUsedKey="secondtestwallet" onForgetLastUsed={onForget} />)
      const forget = screen.getByTestId('wallet-forget-secondtestwallet')
      forget.focus()
      fireEvent.click(forget)
      expect(onForget).toHaveBeenCalledOnce()
      rerender(<WalletList options={withSecond} isMobile={false} onSelect={() => {}} lastUsedKey={undefined} onForgetLastUsed={onForget} />)
      expect(keys()).toEqual(['sigiltestwallet', 'secondtestwallet', 'metamask', 'rabby'])
      expect(screen.queryByText('Last used')).toBeNull()
      expect(screen.queryByText('Forget')).toBeNull()
      expect(document.activeElement).toBe(screen.getByTestId('wallet-option-secondtestwallet'))
    })

    it('leaves the list as it was when that wallet is gone or cannot connect here', () => {
      render(<WalletList options={withSecond} isMobile={false} onSelect={() => {}} lastUsedKey="removedwallet" onForgetLastUsed={() => {}} />)
      expect(keys()).toEqual(['sigiltestwallet', 'secondtestwallet', 'metamask', 'rabby'])
      cleanup()
      // MetaMask's extension was removed: its row only offers the install link now.
      render(<WalletList options={withSecond} isMobile={false} onSelect={() => {}} lastUsedKey="metamask" onForgetLastUsed={() => {}} />)
      expect(keys()).toEqual(['sigiltestwallet', 'secondtestwallet', 'metamask', 'rabby'])
      expect(screen.queryByText('Last used')).toBeNull()
      expect(screen.getByRole('heading', { name: 'More wallets' })).toBeTruthy()
    })

    it('lists a wallet used over WalletConnect first, above the installed ones, with its install link kept', () => {
      const overWalletConnect = options.map((o) => (o.key === 'metamask' ? { ...o, connector, panel: 'walletconnect' as const } : o))
      render(<WalletList options={overWalletConnect} isMobile={false} onSelect={() => {}} lastUsedKey="metamask" onForgetLastUsed={() => {}} />)
      expect(keys()).toEqual(['metamask', 'sigiltestwallet', 'rabby'])
      const [firstList, moreList] = screen.getAllByRole('list')
      expect(within(firstList!).getAllByRole('listitem')).toHaveLength(2)
      expect(within(moreList!).getByTestId('wallet-option-rabby')).toBeTruthy()
      expect(screen.getByTestId('wallet-install-metamask')).toBeTruthy()
    })
  })
})
