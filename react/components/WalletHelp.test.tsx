// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { WalletHelp } from './WalletHelp'

describe('WalletHelp', () => {
  afterEach(cleanup)

  it('is a collapsed disclosure: a button with aria-expanded that controls a hidden panel', () => {
    render(<WalletHelp onCreateWallet={() => {}} />)
    const toggle = screen.getByRole('button', { name: 'What is a wallet?' })
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
    const panel = document.getElementById(toggle.getAttribute('aria-controls')!)!
    expect(panel.dataset.testid).toBe('wallet-help-panel')
    expect(panel.hidden).toBe(true)
    // Hidden content is out of the accessibility tree and the tab order.
    expect(screen.queryByRole('button', { name: /No wallet\?/ })).toBeNull()
  })

  it('opens and closes, showing two sentences and the way to the embedded wallet, right after the toggle', () => {
    const onCreateWallet = vi.fn()
    render(<WalletHelp onCreateWallet={onCreateWallet} />)
    const toggle = screen.getByRole('button', { name: 'What is a wallet?' })
    fireEvent.click(toggle)
    expect(toggle.getAttribute('aria-expanded')).toBe('true')
    const panel = screen.getByTestId('wallet-help-panel')
    expect(panel.hidden).toBe(false)
    const text = panel.querySelector('p')!.textContent!
    expect(text.match(/[.!?](\s|$)/g)).toHaveLength(2)
    const create = screen.getByRole('button', { name: 'No wallet? Create one with your email and a passkey' })
    // The focus order: the toggle, then the panel's control.
    expect(toggle.compareDocumentPosition(create) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    fireEvent.click(create)
    expect(onCreateWallet).toHaveBeenCalledOnce()
    fireEvent.click(toggle)
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
    expect(panel.hidden).toBe(true)
  })

  it('offers no link when the page has no embedded wallet', () => {
    render(<WalletHelp />)
    fireEvent.click(screen.getByRole('button', { name: 'What is a wallet?' }))
    expect(screen.getByTestId('wallet-help-panel').textContent).toContain('A wallet holds the keys')
    expect(screen.queryByTestId('wallet-help-create')).toBeNull()
  })
})
