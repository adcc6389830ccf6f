// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/dom'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { EmbeddedApiError } from '@sigil/lib/embedded/errors'
import { nextWalletEvent, verifyWalletLog, type WalletEvent } from '@sigil/lib/embedded/walletLog'
import { embedded } from '@sigil/lib/i18n/embedded'
import { qrCodeSvg } from './qrCode'
import { createStrings } from './strings'
import type { EmbeddedWallet, WalletActivity } from './wallet'
import { activityExport, createWalletScreens, pairingLink } from './walletScreens'
import { alwaysLive } from '@/tests/fixtures/liveGuard'

/** Submits the form `field` is in as the user does: a click on its submit button (the screens' guard counts only a press). */
function submitAsUser(field: HTMLElement) {
  fireEvent.click(field.closest('form')!.querySelector<HTMLElement>('button[type="submit"]')!)
}

/**
 * The vault's "Add a device", joining and Activity screens against a scripted wallet (the real one
 * runs on the real routes in server/embedded/pairingRoutes.test.ts and end to end in
 * tests/e2e/embeddedDevices.spec.ts).
 */

const ADDRESS = '0x000000000000000000000000000000000000bEEF'
const WALLET_ID = 'w'.repeat(22)

function log(): WalletEvent[] {
  const first = nextWalletEvent(undefined, { walletId: WALLET_ID, kind: 'created', at: new Date('2030-01-01T00:00:00.000Z'), detail: { address: ADDRESS } })
  const second = nextWalletEvent(first, { walletId: WALLET_ID, kind: 'device_added', at: new Date('2030-01-02T00:00:00.000Z'), detail: { credentialId: 'c' } })
  return [first, second]
}

function activityOf(events: WalletEvent[]): WalletActivity {
  return { walletId: WALLET_ID, address: ADDRESS, events, check: verifyWalletLog(WALLET_ID, events) }
}

function render(wallet: Partial<Record<keyof EmbeddedWallet, unknown>>) {
  const root = document.createElement('main')
  document.body.append(root)
  const t = createStrings({ ui: { ...embedded.ui }, errors: { ...embedded.errors }, sheet: {} })
  const screens = createWalletScreens({ root, wallet: { list: vi.fn(async () => [{ address: ADDRESS, email: 'ann@example.test' }]), startedRecovery: vi.fn(async () => undefined), pendingRecoveries: vi.fn(async () => []), ...wallet } as unknown as EmbeddedWallet, t, locale: 'en', vaultOrigin: 'https://wallet.example', ...alwaysLive, manage: true })
  return screens
}

const step = () => screen.getByTestId('embedded-panel').getAttribute('data-step')

afterEach(() => {
  document.body.replaceChildren()
})

describe('the QR code of "Add a device"', () => {
  it('carries the vault link with the code in its fragment', () => {
    expect(pairingLink('https://wallet.example', 'ABCDE12345')).toBe('https://wallet.example/#pair=ABCDE-12345')
  })

  it('draws only unit squares: any other path from the server is refused', () => {
    const svg = qrCodeSvg({ size: 29, path: 'M4 4h1v1h-1zM5 4h1v1h-1z' }, 'https://wallet.example/#pair=X', 'label', 'qr')!
    expect(svg.querySelector('path')!.getAttribute('d')).toBe('M4 4h1v1h-1zM5 4h1v1h-1z')
    expect(svg.getAttribute('data-uri')).toBe('https://wallet.example/#pair=X')
    for (const path of ['M4 4L0 0z', 'M4 4h1v1h-1z"/><script>alert(1)</script>', 'M4 4h9v9h-9z']) expect(qrCodeSvg({ size: 29, path }, 'x', 'l', 'q')).toBeUndefined()
    expect(qrCodeSvg({ size: 5000, path: '' }, 'x', 'l', 'q')).toBeUndefined()
  })
})

describe('Activity', () => {
  it('lists the log newest first and says it is verified when the chain checks out here', async () => {
    const activity = vi.fn(async () => activityOf(log()))
    render({ activity }).open()
    await waitFor(() => expect(step()).toBe('home'))
    fireEvent.click(screen.getByTestId('embedded-activity-button'))
    await waitFor(() => expect(step()).toBe('activity'))
    expect(activity).toHaveBeenCalledWith(ADDRESS)
    const check = screen.getByTestId('embedded-activity-check')
    expect(check.dataset.verified).toBe('true')
    expect(check.textContent).toBe('Verified: 2 entries, the chain is unbroken.')
    expect(screen.getAllByTestId('embedded-activity-entry').map((entry) => entry.dataset.kind)).toEqual(['device_added', 'created'])
  })

  it('warns, naming the entry, when an entry was changed after it was chained', async () => {
    const events = log()
    events[0] = { ...events[0]!, detail: { address: '0x000000000000000000000000000000000000dEaD' } }
    render({ activity: vi.fn(async () => activityOf(events)) }).open()
    await waitFor(() => expect(step()).toBe('home'))
    fireEvent.click(screen.getByTestId('embedded-activity-button'))
    await waitFor(() => expect(step()).toBe('activity'))
    const check = screen.getByTestId('embedded-activity-check')
    expect(check.dataset.verified).toBe('false')
    expect(check.getAttribute('role')).toBe('alert')
    expect(check.textContent).toContain('from entry 1 on')
  })

  it("shows the recovery settings the log says are in force, and saves the owner's choice with the passkey", async () => {
    const events = log()
    events.push(nextWalletEvent(events[1], { walletId: WALLET_ID, kind: 'settings_changed', at: new Date('2030-01-03T00:00:00.000Z'), detail: { emailRecovery: false, recoveryDelaySeconds: 604_800 } }))
    const saveSettings = vi.fn(async (_address: string, settings: unknown) => settings)
    render({ activity: vi.fn(async () => activityOf(events)), saveSettings }).open()
    await waitFor(() => expect(step()).toBe('home'))
    fireEvent.click(screen.getByTestId('embedded-activity-button'))
    await waitFor(() => expect(step()).toBe('activity'))
    const email = screen.getByTestId('embedded-settings-email') as HTMLInputElement
    const delay = screen.getByTestId('embedded-settings-delay') as HTMLSelectElement
    expect(email.checked).toBe(false)
    expect(delay.value).toBe('604800')
    fireEvent.click(email)
    fireEvent.change(delay, { target: { value: '2592000' } })
    fireEvent.click(screen.getByTestId('embedded-settings-save'))
    await waitFor(() => expect(screen.getByTestId('embedded-settings-note').textContent).toBe('Saved. The change is in the activity log.'))
    expect(saveSettings).toHaveBeenCalledWith(ADDRESS, { emailRecovery: true, recoveryDelaySeconds: 2_592_000 })
  })

  it('offers no settings form over a log whose chain does not check out', async () => {
    const events = log()
    events[0] = { ...events[0]!, detail: { address: '0x000000000000000000000000000000000000dEaD' } }
    render({ activity: vi.fn(async () => activityOf(events)) }).open()
    await waitFor(() => expect(step()).toBe('home'))
    fireEvent.click(screen.getByTestId('embedded-activity-button'))
    await waitFor(() => expect(step()).toBe('activity'))
    expect(screen.queryByTestId('embedded-settings-save')).toBeNull()
  })

  it('exports every entry with its hashes, and what the check found', () => {
    const exported = activityExport(activityOf(log()), new Date('2030-02-01T00:00:00.000Z'))
    expect(exported).toMatchObject({ format: 'sigil-wallet-log/v1', walletId: WALLET_ID, address: ADDRESS, exportedAt: '2030-02-01T00:00:00.000Z', check: { ok: true, entries: 2 } })
    expect(exported.events[1]).toMatchObject({ seq: 2, kind: 'device_added', at: '2030-01-02T00:00:00.000Z', prevHash: exported.events[0]!.hash })
    expect(exported.events[1]!.hash).toMatch(/^[0-9a-f]{64}$/)
  })
})

describe('joining with a code', () => {
  it('shows a recovery under way before handing the joined wallet to the page, as any unlock does', async () => {
    const device = { pairingId: 'p', fingerprint: '1234 5678', waitForApproval: vi.fn(async () => ADDRESS), finish: vi.fn(async () => ADDRESS), dispose: vi.fn() }
    const pending = [{ recoveryId: 'r'.repeat(22), startedAt: '2030-01-01T00:00:00.000Z', releaseAt: '2030-01-03T00:00:00.000Z', browser: 'Chrome on Linux', place: null }]
    const pendingRecoveries = vi.fn(async () => pending)
    let done: string | undefined
    void render({ joinWithCode: vi.fn(async () => device), pendingRecoveries })
      .open()
      .then((address) => (done = address))
    await waitFor(() => expect(step()).toBe('home'))
    fireEvent.click(screen.getByTestId('embedded-join-button'))
    fireEvent.change(screen.getByTestId('embedded-pair-code-input'), { target: { value: 'abcde 12345' } })
    submitAsUser(screen.getByTestId('embedded-pair-code-input'))
    await waitFor(() => expect(step()).toBe('joinPasskey'))
    fireEvent.click(screen.getByTestId('embedded-join-passkey-button'))
    await waitFor(() => expect(step()).toBe('recoveryAlert'))
    expect(done).toBeUndefined()
    fireEvent.click(screen.getByTestId('embedded-keep-recovery-button'))
    await waitFor(() => expect(done).toBe(ADDRESS))
  })

  it('asks first when opened from a pairing link: nothing is claimed until the user adds this device', async () => {
    const joinWithCode = vi.fn(async () => {
      throw new EmbeddedApiError('embedded_pairing_used', { status: 409 })
    })
    const peekPairing = vi.fn(async () => ({ from: 'Firefox on Linux, Lisbon, PT' }))
    render({ joinWithCode, peekPairing }).open({ pairCode: 'ABCDE-12345' })
    await waitFor(() => expect(step()).toBe('joinConfirm'))
    expect(screen.getByTestId('embedded-pair-confirm').textContent).toBe(embedded.ui.pairConfirm)
    // It names the device that opened the pairing, so the user can tell it is their own.
    expect(peekPairing).toHaveBeenCalledWith('ABCDE-12345')
    expect(screen.getByTestId('embedded-pair-from').textContent).toBe('The other device: Firefox on Linux, Lisbon, PT.')
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(joinWithCode).not.toHaveBeenCalled()
    // "Not now": home, still nothing claimed.
    fireEvent.click(screen.getByTestId('embedded-back-button'))
    await waitFor(() => expect(step()).toBe('home'))
    expect(joinWithCode).not.toHaveBeenCalled()
  })

  it('shows why when the link’s code is no longer live, claiming nothing', async () => {
    const joinWithCode = vi.fn()
    const peekPairing = vi.fn(async () => {
      throw new EmbeddedApiError('embedded_pairing_expired', { status: 410 })
    })
    render({ joinWithCode, peekPairing }).open({ pairCode: 'ABCDE-12345' })
    await waitFor(() => expect(step()).toBe('join'))
    expect(screen.getByTestId('connect-error').textContent).toBe(embedded.errors.embedded_pairing_expired)
    expect(joinWithCode).not.toHaveBeenCalled()
  })

  it('claims the code from the link on the user’s click, and shows a refused code’s own message, the code kept to correct', async () => {
    const joinWithCode = vi.fn(async () => {
      throw new EmbeddedApiError('embedded_pairing_used', { status: 409 })
    })
    render({ joinWithCode, peekPairing: vi.fn(async () => ({ from: undefined })) }).open({ pairCode: 'ABCDE-12345' })
    await waitFor(() => expect(step()).toBe('joinConfirm'))
    expect(screen.queryByTestId('embedded-pair-from')).toBeNull()
    fireEvent.click(screen.getByTestId('embedded-pair-confirm-button'))
    await waitFor(() => expect(screen.queryByTestId('connect-error')).not.toBeNull())
    expect(joinWithCode).toHaveBeenCalledWith('ABCDE-12345')
    expect(step()).toBe('join')
    expect(screen.getByTestId('connect-error').textContent).toBe(embedded.errors.embedded_pairing_used)
    expect((screen.getByTestId('embedded-pair-code-input') as HTMLInputElement).value).toBe('ABCDE-12345')
  })

  it('shows the fingerprint while waiting, then asks for this device’s passkey once the other approved', async () => {
    let finished!: () => void
    const finish = vi.fn(() => new Promise<typeof ADDRESS>((resolve) => (finished = () => resolve(ADDRESS))))
    const device = { pairingId: 'p', fingerprint: '1234 5678', waitForApproval: vi.fn(async () => ADDRESS), finish, dispose: vi.fn() }
    let approve!: () => void
    device.waitForApproval = vi.fn(() => new Promise<typeof ADDRESS>((resolve) => (approve = () => resolve(ADDRESS))))
    const opened = render({ joinWithCode: vi.fn(async () => device) }).open()
    await waitFor(() => expect(step()).toBe('home'))
    fireEvent.click(screen.getByTestId('embedded-join-button'))
    fireEvent.change(screen.getByTestId('embedded-pair-code-input'), { target: { value: 'abcde 12345' } })
    submitAsUser(screen.getByTestId('embedded-pair-code-input'))
    await waitFor(() => expect(step()).toBe('joinWaiting'))
    expect(screen.getByTestId('embedded-pairing-fingerprint').textContent).toBe('1234 5678')
    approve()
    await waitFor(() => expect(step()).toBe('joinPasskey'))
    expect(finish).not.toHaveBeenCalled()
    fireEvent.click(screen.getByTestId('embedded-join-passkey-button'))
    // While the passkey is made, the catalogue's words (once the raw key "kit.state.joining").
    expect(screen.getByTestId('embedded-status').textContent).toBe(embedded.ui.joining)
    finished()
    expect(await opened).toBe(ADDRESS)
    expect(finish).toHaveBeenCalledTimes(1)
  })
})
