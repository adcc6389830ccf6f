import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { OFFER_RETURN_GRACE_MS, offerLapse, type VisiblePage } from './offerLapse'

/** A page the test hides and shows, as a phone does when the user goes to the wallet and back. */
function fakePage(visibility: DocumentVisibilityState = 'visible') {
  const target = new EventTarget()
  const page = {
    visibilityState: visibility,
    addEventListener: target.addEventListener.bind(target),
    removeEventListener: target.removeEventListener.bind(target),
    set(next: DocumentVisibilityState) {
      page.visibilityState = next
      target.dispatchEvent(new Event('visibilitychange'))
    },
  }
  return page as typeof page & VisiblePage
}

/** Whether the lapse has come, after the timers due by now ran. */
function watch(lapse: Promise<void>) {
  let lapsed = false
  void lapse.then(() => (lapsed = true))
  return async () => {
    await vi.advanceTimersByTimeAsync(0)
    return lapsed
  }
}

const minute = 60_000

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('offerLapse (when a one-tap pairing is renewed)', () => {
  it('on a page on screen all along: exactly at the offer’s age', async () => {
    const page = fakePage()
    const lapsed = watch(offerLapse(4 * minute, { signal: new AbortController().signal, page }))
    await vi.advanceTimersByTimeAsync(4 * minute - 1)
    expect(await lapsed()).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(await lapsed()).toBe(true)
  })

  it('not while the user is in the wallet: only once the page has been back for the grace, so an approval sent meanwhile can still arrive', async () => {
    const page = fakePage()
    const lapsed = watch(offerLapse(4 * minute, { signal: new AbortController().signal, page }))
    await vi.advanceTimersByTimeAsync(minute)
    page.set('hidden')
    await vi.advanceTimersByTimeAsync(5 * minute)
    expect(await lapsed()).toBe(false)
    page.set('visible')
    await vi.advanceTimersByTimeAsync(OFFER_RETURN_GRACE_MS - 1)
    expect(await lapsed()).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(await lapsed()).toBe(true)
  })

  it('a page back before the offer’s age lapses at that age, the grace being over by then', async () => {
    const page = fakePage()
    const lapsed = watch(offerLapse(4 * minute, { signal: new AbortController().signal, page }))
    page.set('hidden')
    await vi.advanceTimersByTimeAsync(minute)
    page.set('visible')
    await vi.advanceTimersByTimeAsync(3 * minute - 1)
    expect(await lapsed()).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(await lapsed()).toBe(true)
  })

  it('a page shown again whose return went unheard (its timer runs first) still waits the grace', async () => {
    const page = fakePage()
    const lapsed = watch(offerLapse(4 * minute, { signal: new AbortController().signal, page }))
    await vi.advanceTimersByTimeAsync(minute)
    page.set('hidden')
    await vi.advanceTimersByTimeAsync(minute)
    // Back on screen, no event yet: the check at the deadline finds it visible and starts the grace there.
    page.visibilityState = 'visible'
    await vi.advanceTimersByTimeAsync(2 * minute + OFFER_RETURN_GRACE_MS - 1)
    expect(await lapsed()).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(await lapsed()).toBe(true)
  })

  it('leaving again during the grace starts it over on the next return', async () => {
    const page = fakePage('hidden')
    const lapsed = watch(offerLapse(minute, { signal: new AbortController().signal, page }))
    await vi.advanceTimersByTimeAsync(2 * minute)
    page.set('visible')
    await vi.advanceTimersByTimeAsync(OFFER_RETURN_GRACE_MS / 2)
    page.set('hidden')
    page.set('visible')
    await vi.advanceTimersByTimeAsync(OFFER_RETURN_GRACE_MS - 1)
    expect(await lapsed()).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(await lapsed()).toBe(true)
  })

  it('never, once the pairing ended otherwise; its timer and listener are gone', async () => {
    const page = fakePage()
    const removed = vi.spyOn(page, 'removeEventListener')
    const ended = new AbortController()
    const lapsed = watch(offerLapse(minute, { signal: ended.signal, page }))
    ended.abort()
    expect(removed).toHaveBeenCalledWith('visibilitychange', expect.any(Function))
    expect(vi.getTimerCount()).toBe(0)
    await vi.advanceTimersByTimeAsync(2 * minute)
    expect(await lapsed()).toBe(false)
  })

  it('without a page (no document): at the offer’s age', async () => {
    const lapsed = watch(offerLapse(minute, { signal: new AbortController().signal }))
    await vi.advanceTimersByTimeAsync(minute)
    expect(await lapsed()).toBe(true)
  })
})
