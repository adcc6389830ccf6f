// @vitest-environment jsdom
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'

/**
 * What `popupHandOver.ts` relies on in `@coinbase/wallet-sdk`, checked on the installed SDK's own
 * modules (not a stand-in), so that an upgrade that changes any of it fails here, by name, before a
 * user meets a popup that never opens or a connect that never ends:
 *
 * 1. the SDK is the version the design pins (its popup protocol is internal);
 * 2. its popup is opened by `window.open`, synchronously inside the call that needs it, and the
 *    window `window.open` returns is the one it talks to (the hand-over returns the window opened in
 *    the user's tap);
 * 3. it listens for `PopupLoaded` and `PopupUnload` from the popup's origin, and a `PopupUnload`
 *    ends what it waits for (the hand-over sends one when a popup never loaded).
 */

const repoRoot = path.resolve(__dirname, '..', '..')
const KEYS_URL = 'http://127.0.0.1:4999/connect'

type FakeWindow = { closed: boolean; focus: () => void; close: () => void; postMessage: ReturnType<typeof vi.fn> }

function fakeWindow(): FakeWindow {
  const popup: FakeWindow = { closed: false, focus: () => undefined, close: () => (popup.closed = true), postMessage: vi.fn() }
  return popup
}

function fromPopup(data: unknown) {
  window.dispatchEvent(new MessageEvent('message', { origin: new URL(KEYS_URL).origin, data }))
}

afterEach(() => vi.restoreAllMocks())

describe('@coinbase/wallet-sdk internals the popup hand-over relies on', () => {
  it('is the pinned version', () => {
    const pinned = (JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { dependencies: Record<string, string> }).dependencies['@coinbase/wallet-sdk']
    const installed = (JSON.parse(readFileSync(path.join(repoRoot, 'node_modules', '@coinbase', 'wallet-sdk', 'package.json'), 'utf8')) as { version: string }).version
    expect(pinned).toBe('4.4.0')
    expect(installed).toBe(pinned)
  })

  it('opens its popup with window.open inside the call, and talks to the window window.open returned', async () => {
    const { Communicator } = await import('@coinbase/wallet-sdk/dist/core/communicator/Communicator.js')
    const handedOver = fakeWindow()
    const open = vi.spyOn(window, 'open').mockImplementation(() => handedOver as unknown as Window)
    const communicator = new Communicator({ url: KEYS_URL, metadata: { appName: 'Sigil', appLogoUrl: null, appChainIds: [1] }, preference: { options: 'smartWalletOnly' } })
    const loaded = communicator.waitForPopupLoaded()
    // Synchronously: before the call returned its promise, the window was asked for.
    expect(open).toHaveBeenCalledTimes(1)
    expect(String(open.mock.calls[0]![0])).toMatch(/^http:\/\/127\.0\.0\.1:4999\/connect/)
    await Promise.resolve()
    fromPopup({ event: 'PopupLoaded', id: 'loaded-1' })
    await expect(loaded).resolves.toBe(handedOver)
    // Its config goes to that window, at the popup's origin.
    await vi.waitFor(() => expect(handedOver.postMessage).toHaveBeenCalledWith(expect.objectContaining({ requestId: 'loaded-1' }), new URL(KEYS_URL).origin))
  })

  it('ends what it waits for when the popup says PopupUnload', async () => {
    const { Communicator } = await import('@coinbase/wallet-sdk/dist/core/communicator/Communicator.js')
    const popup = fakeWindow()
    vi.spyOn(window, 'open').mockImplementation(() => popup as unknown as Window)
    const communicator = new Communicator({ url: KEYS_URL, metadata: { appName: 'Sigil', appLogoUrl: null, appChainIds: [1] }, preference: { options: 'smartWalletOnly' } })
    const loaded = communicator.waitForPopupLoaded()
    loaded.catch(() => undefined)
    await Promise.resolve()
    fromPopup({ event: 'PopupUnload' })
    await expect(loaded).rejects.toMatchObject({ code: 4001 })
    expect(popup.closed).toBe(true)
  })
})
