// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/dom'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { PendingRecovery, RecoveryStatus } from '@sigil/lib/embedded/apiTypes'
import { EmbeddedApiError } from '@sigil/lib/embedded/errors'
import { embedded } from '@sigil/lib/i18n/embedded'
import { createStrings } from './strings'
import type { EmbeddedWallet } from './wallet'
import { createWalletScreens, formatWait } from './walletScreens'
import { alwaysLive } from '@/tests/fixtures/liveGuard'

/** Submits the form `field` is in as the user does: a click on its submit button (the screens' guard counts only a press). */
function submitAsUser(field: HTMLElement) {
  fireEvent.click(field.closest('form')!.querySelector<HTMLElement>('button[type="submit"]')!)
}

/**
 * The vault's wallet screens against a scripted wallet (the real one, its API and passkeys are in
 * wallet.test.ts, server/embedded/routes.test.ts and the e2e spec): the screens' own decisions — creation
 * waits for the emailed code, and recovery never picks a wallet for the user.
 */

const ADDRESS = '0x000000000000000000000000000000000000bEEF'

function scriptedWallet(
  options: {
    wallets?: { walletId: string; address: `0x${string}`; createdAt: string }[]
    createFails?: number
    onDevice?: { address: `0x${string}`; email: string }[]
    started?: RecoveryStatus
    pending?: PendingRecovery[]
  } = {},
) {
  let failures = options.createFails ?? 0
  return {
    list: vi.fn(async () => options.onDevice ?? []),
    unlock: vi.fn(async (_address: string): Promise<unknown> => undefined),
    requestEmailCode: vi.fn(async () => ({ requestId: 'v'.repeat(22), expiresInSeconds: 900 })),
    verifyEmailCode: vi.fn(async () => ({ email: 'ann@example.test', expiresAt: '' })),
    prepareCreate: vi.fn(async (_email: string) => undefined),
    create: vi.fn(async () => {
      if (failures-- > 0) throw new EmbeddedApiError('embedded_passkey_cancelled', { status: 0 })
      return ADDRESS
    }),
    requestRecoveryCode: vi.fn(async () => ({ requestId: 'r'.repeat(22), expiresInSeconds: 900 })),
    verifyRecoveryCode: vi.fn(async () => ({ wallets: options.wallets ?? [], expiresAt: '' })),
    prepareRecovery: vi.fn(async (walletId: string) => ({ walletId, address: ADDRESS, finish: vi.fn(), dispose: vi.fn() })),
    startRecovery: vi.fn(async (walletId: string) => ({ ...(options.started ?? status(walletId, 0)), walletId })),
    startedRecovery: vi.fn(async (): Promise<RecoveryStatus | undefined> => options.started),
    pendingRecoveries: vi.fn(async (): Promise<PendingRecovery[]> => options.pending ?? []),
    cancelRecovery: vi.fn(async (_recoveryId: string) => undefined),
  }
}

/** A started recovery of ADDRESS, `secondsLeft` before its key's release. */
function status(walletId: string, secondsLeft: number): RecoveryStatus {
  return { walletId, address: ADDRESS, state: 'started', startedAt: '2030-01-01T00:00:00.000Z', releaseAt: '2030-01-03T00:00:00.000Z', secondsLeft }
}

/** `manage`: the vault's own tab (management shown, no page to answer: no Cancel); else a page's frame. */
function renderPanel(wallet: ReturnType<typeof scriptedWallet>, options: { resendCooldownSeconds?: number; ui?: Record<string, string>; manage?: boolean } = {}) {
  const root = document.createElement('main')
  document.body.append(root)
  const t = createStrings({ ui: { ...embedded.ui, ...options.ui }, errors: { ...embedded.errors }, sheet: {} })
  const screens = createWalletScreens({ root, wallet: wallet as unknown as EmbeddedWallet, t, locale: 'en', resendCooldownSeconds: options.resendCooldownSeconds, ...alwaysLive, manage: options.manage ?? true })
  return screens.open()
}

async function toCreateCode(wallet: ReturnType<typeof scriptedWallet>, options: Parameters<typeof renderPanel>[1] = {}) {
  renderPanel(wallet, options)
  await waitFor(() => expect(step()).toBe('home'))
  fireEvent.change(screen.getByTestId('embedded-email-input'), { target: { value: 'ann@example.test' } })
  submitAsUser(screen.getByTestId('embedded-email-input'))
  await waitFor(() => expect(step()).toBe('createCode'))
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20))
const step = () => screen.getByTestId('embedded-panel').getAttribute('data-step')

/** From the panel's home: the email for a new wallet, then `code` as the emailed code. */
async function createWithCode(wallet: ReturnType<typeof scriptedWallet>, code: string) {
  renderPanel(wallet)
  await waitFor(() => expect(step()).toBe('home'))
  fireEvent.change(screen.getByTestId('embedded-email-input'), { target: { value: 'ann@example.test' } })
  submitAsUser(screen.getByTestId('embedded-email-input'))
  await waitFor(() => expect(step()).toBe('createCode'))
  fireEvent.change(screen.getByTestId('embedded-confirm-code-input'), { target: { value: code } })
  submitAsUser(screen.getByTestId('embedded-confirm-code-input'))
}

afterEach(() => {
  document.body.replaceChildren()
})

describe('the vault\'s wallet screens', () => {
  it('creates a wallet only after the code mailed to the email is entered: email → code → passkey', async () => {
    const wallet = scriptedWallet()
    renderPanel(wallet)
    await waitFor(() => expect(step()).toBe('home'))
    fireEvent.change(screen.getByTestId('embedded-email-input'), { target: { value: 'ann@example.test' } })
    submitAsUser(screen.getByTestId('embedded-email-input'))
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
    submitAsUser(input)
    await waitFor(() => expect(wallet.create).toHaveBeenCalledWith('ann@example.test'))
    expect(wallet.verifyEmailCode).toHaveBeenCalledWith('v'.repeat(22), '123456')
    expect(wallet.verifyEmailCode.mock.invocationCallOrder[0]!).toBeLessThan(wallet.create.mock.invocationCallOrder[0]!)
  })

  it('keeps the code step, with the error, when the code is wrong', async () => {
    const wallet = scriptedWallet()
    wallet.verifyEmailCode.mockRejectedValueOnce(new EmbeddedApiError('embedded_code_invalid', { status: 401, attemptsLeft: 4 }))
    await createWithCode(wallet, '000000')
    await waitFor(() => expect(screen.getByTestId('connect-error').textContent).toBe('That code is not right. 4 attempts left.'))
    expect(step()).toBe('createCode')
    expect(wallet.create).not.toHaveBeenCalled()
  })

  it('after a cancelled passkey prompt offers the passkey again, focused, without a new code', async () => {
    const wallet = scriptedWallet({ createFails: 1 })
    await createWithCode(wallet, '123456')
    await waitFor(() => expect(step()).toBe('createVerified'))
    expect(screen.getByTestId('connect-error').textContent).toBe(embedded.errors.embedded_passkey_cancelled)
    const again = screen.getByTestId('embedded-create-passkey-button')
    expect(document.activeElement).toBe(again)
    fireEvent.click(again)
    await waitFor(() => expect(wallet.create).toHaveBeenCalledTimes(2))
    expect(wallet.requestEmailCode).toHaveBeenCalledTimes(1)
    expect(wallet.verifyEmailCode).toHaveBeenCalledTimes(1)
  })

  describe('the tap the passkey prompt needs (navigator.userActivation)', () => {
    const activation = { isActive: true }
    afterEach(() => {
      Reflect.deleteProperty(navigator, 'userActivation')
    })

    async function confirmCode(wallet: ReturnType<typeof scriptedWallet>) {
      Object.defineProperty(navigator, 'userActivation', { value: activation, configurable: true })
      await createWithCode(wallet, '123456')
    }

    it('still counting when the code is confirmed: the passkey is asked at once, with no second tap', async () => {
      activation.isActive = true
      const wallet = scriptedWallet()
      await confirmCode(wallet)
      await waitFor(() => expect(wallet.create).toHaveBeenCalledTimes(1))
    })

    it('run out while the server confirmed the code: a new tap is asked for, with no error, and that tap creates the wallet', async () => {
      activation.isActive = true
      const wallet = scriptedWallet()
      wallet.verifyEmailCode.mockImplementationOnce(async () => {
        activation.isActive = false
        return { email: 'ann@example.test', expiresAt: '' }
      })
      await confirmCode(wallet)
      await waitFor(() => expect(step()).toBe('createVerified'))
      expect(wallet.create).not.toHaveBeenCalled()
      expect(screen.queryByTestId('connect-error')?.textContent ?? '').toBe('')
      const create = screen.getByTestId('embedded-create-passkey-button')
      expect(document.activeElement).toBe(create)
      activation.isActive = true
      fireEvent.click(create)
      await waitFor(() => expect(wallet.create).toHaveBeenCalledTimes(1))
      expect(wallet.verifyEmailCode).toHaveBeenCalledTimes(1)
    })

    it('run out while the passkey options were fetched: the same, and the options are fetched before the tap is judged', async () => {
      activation.isActive = true
      const wallet = scriptedWallet()
      wallet.prepareCreate.mockImplementationOnce(async () => {
        activation.isActive = false
      })
      await confirmCode(wallet)
      await waitFor(() => expect(step()).toBe('createVerified'))
      expect(wallet.prepareCreate).toHaveBeenCalledWith('ann@example.test')
      expect(wallet.create).not.toHaveBeenCalled()
      expect(screen.queryByTestId('connect-error')?.textContent ?? '').toBe('')
      activation.isActive = true
      fireEvent.click(screen.getByTestId('embedded-create-passkey-button'))
      await waitFor(() => expect(wallet.create).toHaveBeenCalledTimes(1))
    })
  })

  it('options that cannot be fetched after the code is confirmed: "Create wallet" with the error, and no new code asked', async () => {
    const wallet = scriptedWallet()
    wallet.prepareCreate.mockRejectedValueOnce(new EmbeddedApiError('embedded_network_error', { status: 0 }))
    await createWithCode(wallet, '123456')
    await waitFor(() => expect(step()).toBe('createVerified'))
    expect(screen.getByTestId('connect-error').textContent).toBe(embedded.errors.embedded_network_error)
    expect(wallet.create).not.toHaveBeenCalled()
    fireEvent.click(screen.getByTestId('embedded-create-passkey-button'))
    await waitFor(() => expect(wallet.create).toHaveBeenCalledTimes(1))
    expect(wallet.verifyEmailCode).toHaveBeenCalledTimes(1)
  })

  it('never picks the wallet to recover, even when the email has only one', async () => {
    const wallet = scriptedWallet({ wallets: [{ walletId: 'w'.repeat(22), address: ADDRESS, createdAt: '2030-01-01T00:00:00.000Z' }] })
    renderPanel(wallet)
    await waitFor(() => expect(step()).toBe('home'))
    fireEvent.click(screen.getByTestId('embedded-recover-button'))
    fireEvent.change(screen.getByTestId('embedded-recover-email-input'), { target: { value: 'ann@example.test' } })
    submitAsUser(screen.getByTestId('embedded-recover-email-input'))
    await waitFor(() => expect(step()).toBe('recoverCode'))
    fireEvent.change(screen.getByTestId('embedded-code-input'), { target: { value: '123456' } })
    submitAsUser(screen.getByTestId('embedded-code-input'))
    await waitFor(() => expect(step()).toBe('recoverChoose'))
    await settle()
    const choice = screen.getByTestId(`embedded-wallet-choice-${ADDRESS}`) as HTMLInputElement
    expect(choice.checked).toBe(false)
    expect(wallet.prepareRecovery).not.toHaveBeenCalled()
    fireEvent.click(choice)
    submitAsUser(choice)
    await waitFor(() => expect(wallet.prepareRecovery).toHaveBeenCalledWith('w'.repeat(22)))
  })

  it('answers the address once the wallet is made, and nothing when the user cancels', async () => {
    const wallet = scriptedWallet()
    const connected = renderPanel(wallet)
    await waitFor(() => expect(step()).toBe('home'))
    fireEvent.change(screen.getByTestId('embedded-email-input'), { target: { value: 'ann@example.test' } })
    submitAsUser(screen.getByTestId('embedded-email-input'))
    await waitFor(() => expect(step()).toBe('createCode'))
    fireEvent.change(screen.getByTestId('embedded-confirm-code-input'), { target: { value: '123456' } })
    submitAsUser(screen.getByTestId('embedded-confirm-code-input'))
    expect(await connected).toBe(ADDRESS)
    expect(screen.queryByTestId('embedded-panel')).toBeNull()

    // In a page's frame, where Cancel answers the page.
    const cancelled = renderPanel(scriptedWallet(), { manage: false })
    await waitFor(() => expect(step()).toBe('home'))
    fireEvent.keyDown(screen.getByTestId('embedded-email-input'), { key: 'Escape' })
    expect(await cancelled).toBeUndefined()
  })

  it('keeps a wrong code in its field, focused and selected, so the user can correct it', async () => {
    const wallet = scriptedWallet()
    wallet.verifyRecoveryCode.mockRejectedValueOnce(new EmbeddedApiError('embedded_code_invalid', { status: 401, attemptsLeft: 4 }))
    renderPanel(wallet)
    await waitFor(() => expect(step()).toBe('home'))
    fireEvent.click(screen.getByTestId('embedded-recover-button'))
    fireEvent.change(screen.getByTestId('embedded-recover-email-input'), { target: { value: 'ann@example.test' } })
    submitAsUser(screen.getByTestId('embedded-recover-email-input'))
    await waitFor(() => expect(step()).toBe('recoverCode'))
    fireEvent.change(screen.getByTestId('embedded-code-input'), { target: { value: '123465' } })
    submitAsUser(screen.getByTestId('embedded-code-input'))
    await waitFor(() => expect(screen.getByTestId('connect-error').textContent).toBe('That code is not right. 4 attempts left.'))
    const input = screen.getByTestId('embedded-code-input') as HTMLInputElement
    expect(step()).toBe('recoverCode')
    expect(input.value).toBe('123465')
    expect(document.activeElement).toBe(input)
    expect([input.selectionStart, input.selectionEnd]).toEqual([0, 6])
  })

  it('offers "Resend code" after the cooldown, counting down until then; a resent code replaces the first', async () => {
    const wallet = scriptedWallet()
    wallet.requestEmailCode.mockResolvedValueOnce({ requestId: 'a'.repeat(22), expiresInSeconds: 900 }).mockResolvedValueOnce({ requestId: 'b'.repeat(22), expiresInSeconds: 900 })
    await toCreateCode(wallet, { resendCooldownSeconds: 1 })
    const resend = screen.getByTestId('embedded-resend-code-button')
    expect(resend.getAttribute('aria-disabled')).toBe('true')
    expect(resend.textContent).toBe('Resend code in 0:01')
    // Pressed during the cooldown: nothing is sent.
    fireEvent.click(resend)
    expect(wallet.requestEmailCode).toHaveBeenCalledTimes(1)
    await waitFor(() => expect(screen.getByTestId('embedded-resend-code-button').getAttribute('aria-disabled')).toBeNull(), { timeout: 2500 })
    expect(screen.getByTestId('embedded-resend-code-button').textContent).toBe('Resend code')

    fireEvent.click(screen.getByTestId('embedded-resend-code-button'))
    await waitFor(() => expect(screen.getByTestId('embedded-confirm-code-sent').textContent).toBe('We sent a new code to ann@example.test. Only the newest code works.'))
    expect(wallet.requestEmailCode).toHaveBeenCalledTimes(2)
    expect(wallet.requestEmailCode).toHaveBeenLastCalledWith('ann@example.test')
    // The cooldown starts again, and the new code is the one checked.
    expect(screen.getByTestId('embedded-resend-code-button').getAttribute('aria-disabled')).toBe('true')
    fireEvent.change(screen.getByTestId('embedded-confirm-code-input'), { target: { value: '654321' } })
    submitAsUser(screen.getByTestId('embedded-confirm-code-input'))
    await waitFor(() => expect(wallet.verifyEmailCode).toHaveBeenCalledWith('b'.repeat(22), '654321'))
  })

  it('when the server refuses another code, says so in the page\'s language and waits as long as it says', async () => {
    const wallet = scriptedWallet()
    await toCreateCode(wallet, { resendCooldownSeconds: 0, ui: { codeLimit: 'Zu viele Codes: neuer Code in {minutes} Min.', resendIn: 'Erneut senden ({time})' } })
    wallet.requestEmailCode.mockRejectedValueOnce(new EmbeddedApiError('embedded_rate_limited', { status: 429, retryAfterSeconds: 1500 }))
    fireEvent.click(screen.getByTestId('embedded-resend-code-button'))
    await waitFor(() => expect(screen.getByTestId('connect-error').textContent).toBe('Zu viele Codes: neuer Code in 25 Min.'))
    expect(step()).toBe('createCode')
    const resend = screen.getByTestId('embedded-resend-code-button')
    expect(resend.getAttribute('aria-disabled')).toBe('true')
    expect(resend.textContent).toMatch(/^Erneut senden \((25:00|24:59)\)$/)
    // The first code still works: it is the one checked.
    fireEvent.change(screen.getByTestId('embedded-confirm-code-input'), { target: { value: '123456' } })
    submitAsUser(screen.getByTestId('embedded-confirm-code-input'))
    await waitFor(() => expect(wallet.verifyEmailCode).toHaveBeenCalledWith('v'.repeat(22), '123456'))
  })

  it('after a failed unlock points to "Recover by email", whose button starts it for the wallet\'s email', async () => {
    const wallet = scriptedWallet({ onDevice: [{ address: ADDRESS, email: 'ann@example.test' }] })
    wallet.unlock.mockRejectedValueOnce(new EmbeddedApiError('embedded_passkey_cancelled', { status: 0 }))
    renderPanel(wallet)
    await waitFor(() => expect(step()).toBe('home'))
    expect(screen.queryByTestId('embedded-lost-passkey')).toBeNull()
    fireEvent.click(screen.getByTestId('embedded-unlock-button'))
    await waitFor(() => expect(screen.getByTestId('connect-error').textContent).toBe(embedded.errors.embedded_passkey_cancelled))
    expect(screen.getByTestId('embedded-lost-passkey').textContent).toBe(embedded.ui.lostPasskey)
    const recover = screen.getByTestId('embedded-lost-passkey-recover-button')
    expect(recover.textContent).toBe('Recover by email')
    expect(document.activeElement).toBe(recover)

    fireEvent.click(recover)
    expect(step()).toBe('recoverEmail')
    expect((screen.getByTestId('embedded-recover-email-input') as HTMLInputElement).value).toBe('ann@example.test')
    expect(document.activeElement).toBe(screen.getByTestId('embedded-send-code-button'))
    submitAsUser(screen.getByTestId('embedded-recover-email-input'))
    await waitFor(() => expect(step()).toBe('recoverCode'))
    expect(wallet.requestRecoveryCode).toHaveBeenCalledWith('ann@example.test')
  })

  it('starts a chosen recovery and, before the delay, shows when the key is released instead of asking for it', async () => {
    const wallet = scriptedWallet({ wallets: [{ walletId: 'w'.repeat(22), address: ADDRESS, createdAt: '2030-01-01T00:00:00.000Z' }], started: status('w'.repeat(22), 48 * 3600) })
    renderPanel(wallet)
    // Coming back: the recovery first, "Finish recovery" focused, no other form above it.
    await waitFor(() => expect(step()).toBe('recoverWaiting'))
    expect(document.activeElement).toBe(screen.getByTestId('embedded-recovery-finish-button'))
    expect(screen.queryByTestId('embedded-email-input')).toBeNull()
    // Back: the home screen, the way back to the recovery under its form.
    fireEvent.click(screen.getByTestId('embedded-back-button'))
    await waitFor(() => expect(step()).toBe('home'))
    const here = screen.getByTestId('embedded-recovery-here')
    expect(here.textContent).toContain(`This browser is recovering ${ADDRESS}.`)
    expect(screen.getByTestId('embedded-email-input').compareDocumentPosition(here) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    fireEvent.click(screen.getByTestId('embedded-recovery-resume-button'))
    expect(step()).toBe('recoverWaiting')
    const waiting = screen.getByTestId('embedded-recovery-waiting')
    expect(waiting.getAttribute('data-release-at')).toBe('2030-01-03T00:00:00.000Z')
    expect(waiting.textContent).toContain('in 48:00:00')
    // Asked too early: the server's refusal redraws the wait with the time it says is left.
    wallet.prepareRecovery.mockRejectedValueOnce(new EmbeddedApiError('embedded_recovery_pending', { status: 425, values: { releaseAt: '2030-01-03T00:00:00.000Z', secondsLeft: 30 } }))
    fireEvent.click(screen.getByTestId('embedded-recovery-finish-button'))
    await waitFor(() => expect(screen.getByTestId('embedded-recovery-waiting').textContent).toContain('in 0:30'))
    fireEvent.click(screen.getByTestId('embedded-recovery-finish-button'))
    await waitFor(() => expect(step()).toBe('recoverPasskey'))
    expect(wallet.prepareRecovery).toHaveBeenLastCalledWith('w'.repeat(22))
  })

  it("a recovery finished here shows another one under way (a stranger's) before the wallet goes to the page", async () => {
    const other = { recoveryId: 'o'.repeat(22), startedAt: '2030-01-01T00:00:00.000Z', releaseAt: '2030-01-03T00:00:00.000Z', browser: 'Firefox on Windows', place: null }
    const wallet = scriptedWallet({ wallets: [{ walletId: 'w'.repeat(22), address: ADDRESS, createdAt: '2030-01-01T00:00:00.000Z' }], started: status('w'.repeat(22), 0), pending: [other] })
    let done: string | undefined
    void renderPanel(wallet).then((address) => (done = address))
    await waitFor(() => expect(step()).toBe('recoverWaiting'))
    fireEvent.click(screen.getByTestId('embedded-recovery-finish-button'))
    await waitFor(() => expect(step()).toBe('recoverPasskey'))
    fireEvent.click(screen.getByTestId('embedded-new-passkey-button'))
    await waitFor(() => expect(step()).toBe('recoveryAlert'))
    expect(screen.getByTestId('embedded-recovery-alert').textContent).toContain('Firefox on Windows')
    expect(done).toBeUndefined()
    fireEvent.click(screen.getByTestId('embedded-keep-recovery-button'))
    await waitFor(() => expect(done).toBe(ADDRESS))
  })

  it('after an unlock shows a pending recovery of the wallet, and cancels it on "Cancel the recovery"', async () => {
    const pending = { recoveryId: 'r'.repeat(22), startedAt: '2030-01-01T00:00:00.000Z', releaseAt: '2030-01-03T00:00:00.000Z', browser: 'Chrome on Linux', place: 'DE' }
    const wallet = scriptedWallet({ onDevice: [{ address: ADDRESS, email: 'ann@example.test' }], pending: [pending] })
    const connected = renderPanel(wallet)
    await waitFor(() => expect(step()).toBe('home'))
    fireEvent.click(screen.getByTestId('embedded-unlock-button'))
    await waitFor(() => expect(step()).toBe('recoveryAlert'))
    expect(screen.getByTestId('embedded-recovery-alert').textContent).toMatch(/^A recovery of this wallet started on .+ from Chrome on Linux, DE\. If it was not you, cancel it now/)
    fireEvent.click(screen.getByTestId('embedded-veto-button'))
    await waitFor(() => expect(step()).toBe('recoveryCancelled'))
    expect(wallet.cancelRecovery).toHaveBeenCalledWith('r'.repeat(22))
    fireEvent.click(screen.getByTestId('embedded-continue-button'))
    expect(await connected).toBe(ADDRESS)
  })

  it('shows every pending recovery in turn: cancelling the first leads to the second, kept or cancelled, before the wallet goes on', async () => {
    const recovery = (id: string, browser: string) => ({ recoveryId: id.repeat(22), startedAt: '2030-01-01T00:00:00.000Z', releaseAt: '2030-01-03T00:00:00.000Z', browser, place: null })
    let waiting = [recovery('a', 'Chrome on Linux'), recovery('b', 'Firefox on Windows')]
    const wallet = scriptedWallet({ onDevice: [{ address: ADDRESS, email: 'ann@example.test' }] })
    wallet.pendingRecoveries.mockImplementation(async () => waiting)
    wallet.cancelRecovery.mockImplementation(async (id: string) => {
      waiting = waiting.filter((one) => one.recoveryId !== id)
    })
    const connected = renderPanel(wallet)
    await waitFor(() => expect(step()).toBe('home'))
    fireEvent.click(screen.getByTestId('embedded-unlock-button'))
    await waitFor(() => expect(step()).toBe('recoveryAlert'))
    expect(screen.getByTestId('embedded-recovery-alert').textContent).toContain('Chrome on Linux')
    fireEvent.click(screen.getByTestId('embedded-veto-button'))
    await waitFor(() => expect(step()).toBe('recoveryCancelled'))
    fireEvent.click(screen.getByTestId('embedded-continue-button'))
    // The second one, not the page: it would have gone through on its own schedule.
    await waitFor(() => expect(step()).toBe('recoveryAlert'))
    expect(screen.getByTestId('embedded-recovery-alert').textContent).toContain('Firefox on Windows')
    fireEvent.click(screen.getByTestId('embedded-veto-button'))
    await waitFor(() => expect(step()).toBe('recoveryCancelled'))
    expect(wallet.cancelRecovery.mock.calls).toEqual([['a'.repeat(22)], ['b'.repeat(22)]])
    fireEvent.click(screen.getByTestId('embedded-continue-button'))
    expect(await connected).toBe(ADDRESS)
  })

  it('"Keep it" on one pending recovery still shows the next', async () => {
    const recovery = (id: string, browser: string) => ({ recoveryId: id.repeat(22), startedAt: '2030-01-01T00:00:00.000Z', releaseAt: '2030-01-03T00:00:00.000Z', browser, place: null })
    const wallet = scriptedWallet({ onDevice: [{ address: ADDRESS, email: 'ann@example.test' }], pending: [recovery('a', 'Chrome on Linux'), recovery('b', 'Firefox on Windows')] })
    const connected = renderPanel(wallet)
    await waitFor(() => expect(step()).toBe('home'))
    fireEvent.click(screen.getByTestId('embedded-unlock-button'))
    await waitFor(() => expect(step()).toBe('recoveryAlert'))
    fireEvent.click(screen.getByTestId('embedded-keep-recovery-button'))
    await waitFor(() => expect(screen.getByTestId('embedded-recovery-alert').textContent).toContain('Firefox on Windows'))
    fireEvent.click(screen.getByTestId('embedded-keep-recovery-button'))
    expect(await connected).toBe(ADDRESS)
    expect(wallet.cancelRecovery).not.toHaveBeenCalled()
  })

  it('counts the wait down by the second, without announcing each second', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'Date'] })
    try {
      const wallet = scriptedWallet({ started: status('w'.repeat(22), 48 * 3600) })
      renderPanel(wallet)
      await waitFor(() => expect(step()).toBe('recoverWaiting'))
      const waiting = screen.getByTestId('embedded-recovery-waiting')
      expect(waiting.textContent).toContain('in 48:00:00')
      expect(waiting.getAttribute('aria-live')).toBe('off')
      vi.advanceTimersByTime(3_000)
      expect(waiting.textContent).toContain('in 47:59:57')
      vi.advanceTimersByTime(60_000)
      expect(waiting.textContent).toContain('in 47:58:57')
    } finally {
      vi.useRealTimers()
    }
  })

  it('a recovery the owner cancelled shows one state, on "Finish recovery" or found by itself: "Cancelled by the owner", "Start a new recovery" (focused) and "Back"', async () => {
    const wallet = scriptedWallet({ started: status('w'.repeat(22), 3600) })
    renderPanel(wallet)
    await waitFor(() => expect(step()).toBe('recoverWaiting'))
    wallet.prepareRecovery.mockRejectedValueOnce(new EmbeddedApiError('embedded_recovery_cancelled', { status: 409 }))
    fireEvent.click(screen.getByTestId('embedded-recovery-finish-button'))
    await waitFor(() => expect(step()).toBe('recoverVetoed'))
    expect(screen.getByTestId('embedded-recovery-vetoed').textContent).toBe(`Cancelled by the owner: a device that holds ${ADDRESS} cancelled this recovery, so its key will not be released here.`)
    // Nothing of the wait is left: no countdown, no "Finish recovery", no error line under it.
    for (const gone of ['embedded-recovery-waiting', 'embedded-recovery-finish-button', 'connect-error']) expect(screen.queryByTestId(gone)).toBeNull()
    const restart = screen.getByTestId('embedded-recovery-restart-button')
    expect(document.activeElement).toBe(restart)
    fireEvent.click(restart)
    expect(step()).toBe('recoverEmail')

    // Found without a press: the waiting screen asks every 30 s.
    document.body.replaceChildren()
    vi.useFakeTimers({ toFake: ['setInterval', 'Date'] })
    try {
      const watching = scriptedWallet({ started: status('w'.repeat(22), 3600) })
      renderPanel(watching)
      await waitFor(() => expect(step()).toBe('recoverWaiting'))
      watching.startedRecovery.mockResolvedValue({ ...status('w'.repeat(22), 3500), state: 'cancelled' })
      vi.advanceTimersByTime(30_000)
      await waitFor(() => expect(step()).toBe('recoverVetoed'))
    } finally {
      vi.useRealTimers()
    }
  })

  it('closed on a recovery’s wait, the screens say when its key is released; closed anywhere else, nothing', async () => {
    const wallet = scriptedWallet({ started: status('w'.repeat(22), 3600) })
    const root = document.createElement('main')
    document.body.append(root)
    const t = createStrings({ ui: { ...embedded.ui }, errors: { ...embedded.errors }, sheet: {} })
    const screens = createWalletScreens({ root, wallet: wallet as unknown as EmbeddedWallet, t, locale: 'en', ...alwaysLive, manage: false })
    const closedOnWait = screens.open()
    await waitFor(() => expect(step()).toBe('recoverWaiting'))
    fireEvent.click(screen.getByTestId('embedded-cancel-button'))
    expect(await closedOnWait).toBeUndefined()
    expect(screens.recoveryWaitingUntil()).toBe('2030-01-03T00:00:00.000Z')

    // Opened again, and closed from the home screen: a plain close.
    const closedAtHome = screens.open()
    await waitFor(() => expect(step()).toBe('recoverWaiting'))
    fireEvent.click(screen.getByTestId('embedded-back-button'))
    await waitFor(() => expect(step()).toBe('home'))
    fireEvent.click(screen.getByTestId('embedded-cancel-button'))
    expect(await closedAtHome).toBeUndefined()
    expect(screens.recoveryWaitingUntil()).toBeUndefined()
  })

  it('in the vault\'s own tab: no Cancel (no page to answer), and Unlock says what it did, with what can be done there', async () => {
    const wallet = scriptedWallet({ onDevice: [{ address: ADDRESS, email: 'ann@example.test' }] })
    renderPanel(wallet, { manage: true })
    await waitFor(() => expect(step()).toBe('home'))
    expect(screen.queryByTestId('embedded-cancel-button')).toBeNull()
    fireEvent.click(screen.getByTestId('embedded-unlock-button'))
    await waitFor(() => expect(screen.getByTestId('embedded-unlocked').textContent).toBe(`${ADDRESS} is unlocked in this tab, and no recovery of it is pending.`))
    expect(step()).toBe('home')
    expect(document.activeElement).toBe(screen.getByTestId('embedded-add-device-button'))
    expect(screen.getByTestId('embedded-reveal-button')).toBeTruthy()
  })

  it('writes waits of an hour or more as h:mm:ss', () => {
    expect([formatWait(59), formatWait(3599), formatWait(3600), formatWait(172_800)]).toEqual(['0:59', '59:59', '1:00:00', '48:00:00'])
  })
})
