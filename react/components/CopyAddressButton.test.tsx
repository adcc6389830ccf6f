// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { en } from '@sigil/lib/i18n/en'
import { CopyAddressButton } from './CopyAddressButton'

/**
 * The copy button says what happened to a screen reader too: the result is announced (a status),
 * and the button's name is the result it shows, not still "Copy address" under a visible "Copied".
 */
describe('CopyAddressButton', () => {
  afterEach(() => {
    cleanup()
    vi.unstubAllGlobals()
  })

  it('announces "Copied" and is named by it; back to "Copy address" after', async () => {
    const writeText = vi.fn(async () => undefined)
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } })
    render(<CopyAddressButton address="0x70997970C51812dc3A010C7d01b50e0d17dc79C8" />)
    const button = screen.getByTestId('copy-address')
    expect(screen.getByRole('button', { name: en.ui['account.copy'] })).toBe(button)
    expect(screen.getByRole('status').textContent).toBe('')
    fireEvent.click(button)
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(en.ui['account.copied']))
    expect(screen.getByRole('button', { name: en.ui['account.copied'] })).toBe(button)
    expect(writeText).toHaveBeenCalledWith('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')
    await waitFor(() => expect(screen.getByRole('button', { name: en.ui['account.copy'] })).toBe(button), { timeout: 3_000 })
  })

  it('announces a failed copy', async () => {
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText: async () => Promise.reject(new Error('denied')) } })
    document.execCommand = () => false
    render(<CopyAddressButton address="0x70997970C51812dc3A010C7d01b50e0d17dc79C8" />)
    fireEvent.click(screen.getByTestId('copy-address'))
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(en.ui['account.copyFailed']))
  })
})
