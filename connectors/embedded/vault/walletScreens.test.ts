// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/dom'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { EmbeddedApiError } from '@/lib/embedded/shared/errors'
import { embedded } from '@/lib/i18n/embedded'
import { createStrings } from './strings'
import type { EmbeddedWallet } from './wallet'
import { createWalletScreens } from './walletScreens'

/**
 * The vault's wallet screens against a scripted wallet (the real one, its API and passkeys are in
 * wallet.test.ts, lib/embedded/routes.test.ts and the e2e spec): the screens' own decisions — creation
 * waits for the emailed code, and recovery never picks a wallet for the user.
 */

const ADDRESS = '0x000000000000000000000000000000000000bEEF'

function scriptedWallet(options: { wallets?: { walletId: string; address: `0x${string}`; createdAt: string }[]; createFails?: number } = {}) {
  let failures = options.createFails ?? 0
  return {
    list: vi.fn(async () => []),
    requestEmailCode: vi.fn(async () => ({ requestId: 'v'.repeat(22), expiresInSeconds: 900 })),
    verifyEmailCode: vi.fn(async () => ({ email: 'ann@example.test', expiresAt: '' })),
    create: vi.fn(async () => {
      if (failures-- > 0) throw new EmbeddedApiError('embedded_passkey_cancelled', { status: 0 })
      return ADDRESS
    }),
    requestRecoveryCode: vi.fn(async () => ({ requestId: 'r'.repeat(22), expiresInSeconds: 900 })),
    verifyRecoveryCode: vi.fn(async () => ({ wallets: options.wallets ?? [], expiresAt: '' })),
    prepareRecovery: vi.fn(async (walletId: string) => ({ walletId, address: ADDRESS, finish: vi.fn(), dispose: vi.fn() })),
  }
}

function renderPanel(wallet: ReturnType<typeof scriptedWallet>) {
  const root = document.createElement('main')
  document.body.append(root)
  const screens = createWalletScreens({ root, wallet: wallet as unknown as EmbeddedWallet, t: createStrings({ ui: { ...embedded.ui }, errors: { ...embedded.errors }, sheet: {} }), locale: 'en' })
  return screens.open()
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20))
const step = () => screen.getByTestId('embedded-panel').getAttribute('data-step')

afterEach(() => {
  document.body.replaceChildren()
})

describe('the vault\'s wallet screens', () => {
  it('creates a wallet only after the code mailed to the email is entered: email → code → passkey', async () => {
    const wallet = scriptedWallet()
    renderPanel(wallet)
    await waitFor(() => expect(step()).toBe('home'))
    fireEvent.change(screen.getByTestId('embedded-email-input'), { target: { value: 'ann@example.test' } })
    fireEvent.submit(screen.getByTestId('embedded-email-input').closest('form')!)
    await waitFor(() => expect(step()).toBe('createCode'))
    expect(wallet.requestEmailCode).toHaveBeenCalledWith('ann@example.test')
    expect(wallet.create).not.toHaveBeenCalled()
    // Announced to assistive technology, and the code field has the focus and its label.
    const sent = screen.getByTestId('embedded-confirm-code-sent')
    expect(sent.getAttribute('role')).toBe('status')
    expect(sent.textContent).toBe('Check your email: we sent a 6-digit code to ann@example.test. Enter it here to confirm your email.')
    const input = screen.getByTestId('embedded-confirm-code-input') as HTMLInputElement
    expect(document.activeElement).toBe(input)
    expect(screen.getByLabelText('Code')).toBe(input)
    expect(input.autocomplete).toBe('one-time-code')

    fireEvent.change(input, { target: { value: '123456' } })
    fireEvent.submit(input.closest('form')!)
    await waitFor(() => expect(wallet.create).toHaveBeenCalledWith('ann@example.test'))
    expect(wallet.verifyEmailCode).toHaveBeenCalledWith('v'.repeat(22), '123456')
    expect(wallet.verifyEmailCode.mock.invocationCallOrder[0]!).toBeLessThan(wallet.create.mock.invocationCallOrder[0]!)
  })

  it('keeps the code step, with the error, when the code is wrong', async () => {
    const wallet = scriptedWallet()
    wallet.verifyEmailCode.mockRejectedValueOnce(new EmbeddedApiError('embedded_code_invalid', { status: 401, attemptsLeft: 4 }))
    renderPanel(wallet)
    await waitFor(() => expect(step()).toBe('home'))
    fireEvent.change(screen.getByTestId('embedded-email-input'), { target: { value: 'ann@example.test' } })
    fireEvent.submit(screen.getByTestId('embedded-email-input').closest('form')!)
    await waitFor(() => expect(step()).toBe('createCode'))
    fireEvent.change(screen.getByTestId('embedded-confirm-code-input'), { target: { value: '000000' } })
    fireEvent.submit(screen.getByTestId('embedded-confirm-code-input').closest('form')!)
    await waitFor(() => expect(screen.getByTestId('connect-error').textContent).toBe('That code is not right. 4 attempts left.'))
    expect(step()).toBe('createCode')
    expect(wallet.create).not.toHaveBeenCalled()
  })

  it('after a cancelled passkey prompt offers the passkey again, focused, without a new code', async () => {
    const wallet = scriptedWallet({ createFails: 1 })
    renderPanel(wallet)
    await waitFor(() => expect(step()).toBe('home'))
    fireEvent.change(screen.getByTestId('embedded-email-input'), { target: { value: 'ann@example.test' } })
    fireEvent.submit(screen.getByTestId('embedded-email-input').closest('form')!)
    await waitFor(() => expect(step()).toBe('createCode'))
    fireEvent.change(screen.getByTestId('embedded-confirm-code-input'), { target: { value: '123456' } })
    fireEvent.submit(screen.getByTestId('embedded-confirm-code-input').closest('form')!)
    await waitFor(() => expect(step()).toBe('createVerified'))
    expect(screen.getByTestId('connect-error').textContent).toBe(embedded.errors.embedded_passkey_cancelled)
    const again = screen.getByTestId('embedded-create-passkey-button')
    expect(document.activeElement).toBe(again)
    fireEvent.click(again)
    await waitFor(() => expect(wallet.create).toHaveBeenCalledTimes(2))
    expect(wallet.requestEmailCode).toHaveBeenCalledTimes(1)
    expect(wallet.verifyEmailCode).toHaveBeenCalledTimes(1)
  })

  it('never picks the wallet to recover, even when the email has only one', async () => {
    const wallet = scriptedWallet({ wallets: [{ walletId: 'w'.repeat(22), address: ADDRESS, createdAt: '2030-01-01T00:00:00.000Z' }] })
    renderPanel(wallet)
    await waitFor(() => expect(step()).toBe('home'))
    fireEvent.click(screen.getByTestId('embedded-recover-button'))
    fireEvent.change(screen.getByTestId('embedded-recover-email-input'), { target: { value: 'ann@example.test' } })
    fireEvent.submit(screen.getByTestId('embedded-recover-email-input').closest('form')!)
    await waitFor(() => expect(step()).toBe('recoverCode'))
    fireEvent.change(screen.getByTestId('embedded-code-input'), { target: { value: '123456' } })
    fireEvent.submit(screen.getByTestId('embedded-code-input').closest('form')!)
    await waitFor(() => expect(step()).toBe('recoverChoose'))
    await settle()
    const choice = screen.getByTestId(`embedded-wallet-choice-${ADDRESS}`) as HTMLInputElement
    expect(choice.checked).toBe(false)
    expect(wallet.prepareRecovery).not.toHaveBeenCalled()
    fireEvent.click(choice)
    fireEvent.submit(choice.closest('form')!)
    await waitFor(() => expect(wallet.prepareRecovery).toHaveBeenCalledWith('w'.repeat(22)))
  })

  it('answers the address once the wallet is made, and nothing when the user cancels', async () => {
    const wallet = scriptedWallet()
    const connected = renderPanel(wallet)
    await waitFor(() => expect(step()).toBe('home'))
    fireEvent.change(screen.getByTestId('embedded-email-input'), { target: { value: 'ann@example.test' } })
    fireEvent.submit(screen.getByTestId('embedded-email-input').closest('form')!)
    await waitFor(() => expect(step()).toBe('createCode'))
    fireEvent.change(screen.getByTestId('embedded-confirm-code-input'), { target: { value: '123456' } })
    fireEvent.submit(screen.getByTestId('embedded-confirm-code-input').closest('form')!)
    expect(await connected).toBe(ADDRESS)
    expect(screen.queryByTestId('embedded-panel')).toBeNull()

    const cancelled = renderPanel(scriptedWallet())
    await waitFor(() => expect(step()).toBe('home'))
    fireEvent.keyDown(screen.getByTestId('embedded-email-input'), { key: 'Escape' })
    expect(await cancelled).toBeUndefined()
  })
})
