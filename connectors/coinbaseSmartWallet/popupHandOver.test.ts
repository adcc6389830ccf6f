import { afterEach, describe, expect, it, vi } from 'vitest'
import { ConnectionRejectedError, RequestTimeoutError } from '@sigil/lib/errors/wallet'
import { createFakePopupHost, type FakePopup } from '@/tests/fixtures/connectors/fakePopupHost'
import { askThroughPopup, POPUP_LOAD_TIMEOUT_MS } from './popupHandOver'
import { openPopupWindow } from './popupWindow'

const KEYS_ORIGIN = 'http://127.0.0.1:4999'
const KEYS_URL = `${KEYS_ORIGIN}/connect?sdkName=%40coinbase%2Fwallet-sdk`

/** The SDK's `eth_requestAccounts` as far as the popup goes: `window.open` in the call, then an answer it is given. */
function sdkAsk(host: ReturnType<typeof createFakePopupHost>['host']) {
  let answer!: (accounts: string[]) => void
  let refuse!: (error: unknown) => void
  const ask = vi.fn(() => {
    host.open(new URL(KEYS_URL), 'wallet_x', 'width=420, height=540')
    return new Promise<string[]>((resolve, reject) => {
      answer = resolve
      refuse = reject
    })
  })
  return { ask, answer: (accounts: string[]) => answer(accounts), refuse: (error: unknown) => refuse(error) }
}

afterEach(() => vi.useRealTimers())

describe('askThroughPopup: the hand-over', () => {
  it('without a window from the tap, the SDK opens its own popup (as before) and window.open is given back', async () => {
    const fake = createFakePopupHost()
    const open = fake.host.open
    const sdk = sdkAsk(fake.host)
    const pending = askThroughPopup({ ask: sdk.ask, keysOrigin: KEYS_ORIGIN, host: fake.host })
    expect(fake.opened.map((call) => call.url)).toEqual([KEYS_URL])
    expect(fake.host.open).toBe(open)
    fake.loaded(KEYS_ORIGIN)
    sdk.answer(['0xabc'])
    await expect(pending).resolves.toEqual(['0xabc'])
  })

  it("with a window opened in the tap, the SDK's popup opens in it: it is sent to the SDK's address and no other window opens", async () => {
    const fake = createFakePopupHost()
    const preopened = openPopupWindow(fake.host) as unknown as FakePopup
    expect(fake.opened.map((call) => call.url)).toEqual(['about:blank'])
    const sdk = sdkAsk(fake.host)
    const pending = askThroughPopup({ ask: sdk.ask, preopened: preopened as unknown as Window, keysOrigin: KEYS_ORIGIN, host: fake.host })
    expect(fake.opened).toHaveLength(1)
    expect(preopened.navigations).toEqual([KEYS_URL])
    fake.loaded(KEYS_ORIGIN)
    sdk.answer(['0xabc'])
    await expect(pending).resolves.toEqual(['0xabc'])
    expect(preopened.closed).toBe(false)
  })

  it('gives window.open back even when the SDK throws in the call', async () => {
    const fake = createFakePopupHost()
    const open = fake.host.open
    const pending = askThroughPopup({
      ask: () => {
        throw new Error('invalid request')
      },
      keysOrigin: KEYS_ORIGIN,
      host: fake.host,
    })
    expect(fake.host.open).toBe(open)
    await expect(pending).rejects.toThrow('invalid request')
  })

  it('closes the window from the tap when the SDK did not need it (its popup was already open)', async () => {
    const fake = createFakePopupHost()
    const preopened = openPopupWindow(fake.host) as unknown as FakePopup
    const pending = askThroughPopup({ ask: async () => ['0xabc'], preopened: preopened as unknown as Window, keysOrigin: KEYS_ORIGIN, host: fake.host })
    expect(preopened.closed).toBe(true)
    await expect(pending).resolves.toEqual(['0xabc'])
  })

  it('a window from the tap the user already closed is their refusal: connection_rejected, and the SDK is not asked', async () => {
    const fake = createFakePopupHost()
    const preopened = openPopupWindow(fake.host) as unknown as FakePopup
    preopened.close()
    const ask = vi.fn(async () => ['0xabc'])
    const error = await askThroughPopup({ ask, preopened: preopened as unknown as Window, keysOrigin: KEYS_ORIGIN, host: fake.host }).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ConnectionRejectedError)
    expect(ask).not.toHaveBeenCalled()
  })
})

describe('askThroughPopup: a popup that does not come up', () => {
  it('fails with request_timeout when the page never says PopupLoaded, closes it and tells the SDK it is gone', async () => {
    vi.useFakeTimers()
    const fake = createFakePopupHost()
    const sdk = sdkAsk(fake.host)
    const pending = askThroughPopup({ ask: sdk.ask, keysOrigin: KEYS_ORIGIN, host: fake.host })
    const outcome = pending.catch((caught: unknown) => caught)
    await vi.advanceTimersByTimeAsync(POPUP_LOAD_TIMEOUT_MS - 1)
    expect(fake.messages).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    const error = await outcome
    expect(error).toBeInstanceOf(RequestTimeoutError)
    expect(error).toMatchObject({ code: 'request_timeout', message: 'The wallet did not answer in time.' })
    expect(fake.opened[0]!.popup!.closed).toBe(true)
    // The SDK's own Communicator disconnects on this message (rejecting what it waited for).
    expect(fake.messages).toEqual([{ event: 'PopupUnload' }])
    // Its late refusal changes nothing.
    sdk.refuse(new Error('Request rejected'))
    await vi.advanceTimersByTimeAsync(0)
    expect(POPUP_LOAD_TIMEOUT_MS).toBeLessThan(10_000)
  })

  it('a page that said PopupLoaded is not timed out: the user may take their time in it', async () => {
    vi.useFakeTimers()
    const fake = createFakePopupHost()
    const sdk = sdkAsk(fake.host)
    const pending = askThroughPopup({ ask: sdk.ask, keysOrigin: KEYS_ORIGIN, host: fake.host })
    // A message from elsewhere does not count.
    fake.host.dispatchEvent(new MessageEvent('message', { origin: 'https://elsewhere.example', data: { event: 'PopupLoaded' } }))
    fake.loaded(KEYS_ORIGIN)
    await vi.advanceTimersByTimeAsync(POPUP_LOAD_TIMEOUT_MS * 4)
    // Closing it now is the SDK's business (the page sends PopupUnload itself).
    fake.opened[0]!.popup!.close()
    await vi.advanceTimersByTimeAsync(1_000)
    sdk.answer(['0xabc'])
    await expect(pending).resolves.toEqual(['0xabc'])
    expect(fake.messages).not.toContainEqual({ event: 'PopupUnload' })
  })

  it('a popup the user closed before it loaded ends the attempt as connection_rejected within a moment', async () => {
    vi.useFakeTimers()
    const fake = createFakePopupHost()
    const sdk = sdkAsk(fake.host)
    const outcome = askThroughPopup({ ask: sdk.ask, keysOrigin: KEYS_ORIGIN, host: fake.host }).catch((caught: unknown) => caught)
    await vi.advanceTimersByTimeAsync(1_000)
    fake.opened[0]!.popup!.close()
    await vi.advanceTimersByTimeAsync(300)
    const error = await outcome
    expect(error).toBeInstanceOf(ConnectionRejectedError)
    expect(error).toMatchObject({ code: 'connection_rejected', message: 'Connection rejected. Please try again.' })
    expect(fake.messages).toEqual([{ event: 'PopupUnload' }])
  })

  it("the SDK's own answer before the page loaded settles it (a refusal stays the SDK's)", async () => {
    const fake = createFakePopupHost()
    const sdk = sdkAsk(fake.host)
    const pending = askThroughPopup({ ask: sdk.ask, keysOrigin: KEYS_ORIGIN, host: fake.host })
    const refusal = Object.assign(new Error('User rejected'), { code: 4001 })
    sdk.refuse(refusal)
    await expect(pending).rejects.toBe(refusal)
    expect(fake.messages).toEqual([])
  })
})
