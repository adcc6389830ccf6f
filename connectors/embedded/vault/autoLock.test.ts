import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createAutoLock, HIDDEN_LOCK_MS, IDLE_LOCK_MS } from './autoLock'

/** A page whose visibility the test sets, and user activity it dispatches. */
function fakePage() {
  const target = new EventTarget() as EventTarget & { visibilityState: DocumentVisibilityState }
  target.visibilityState = 'visible'
  return {
    target,
    hide() {
      target.visibilityState = 'hidden'
      target.dispatchEvent(new Event('visibilitychange'))
    },
    show() {
      target.visibilityState = 'visible'
      target.dispatchEvent(new Event('visibilitychange'))
    },
    press() {
      target.dispatchEvent(new Event('keydown'))
    },
  }
}

function setup() {
  const page = fakePage()
  let unlocked = true
  const locks: number[] = []
  const autoLock = createAutoLock({
    lock: () => {
      unlocked = false
      locks.push(Date.now())
    },
    isUnlocked: () => unlocked,
    activity: page.target,
    page: page.target,
  })
  return { page, autoLock, locks, unlock: () => (unlocked = true), isUnlocked: () => unlocked }
}

describe('the embedded wallet locks itself', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('after 15 minutes without activity, not a second earlier', () => {
    const { autoLock, isUnlocked } = setup()
    autoLock.start()
    vi.advanceTimersByTime(IDLE_LOCK_MS - 1)
    expect(isUnlocked()).toBe(true)
    vi.advanceTimersByTime(1)
    expect(isUnlocked()).toBe(false)
  })

  it('activity (a key press, a use of the key) starts the 15 minutes again', () => {
    const { autoLock, page, isUnlocked } = setup()
    autoLock.start()
    vi.advanceTimersByTime(10 * 60_000)
    page.press()
    vi.advanceTimersByTime(10 * 60_000)
    autoLock.touch()
    vi.advanceTimersByTime(IDLE_LOCK_MS - 1)
    expect(isUnlocked()).toBe(true)
    vi.advanceTimersByTime(1)
    expect(isUnlocked()).toBe(false)
  })

  it('after the page has been hidden for 5 minutes; coming back sooner keeps it unlocked', () => {
    const { autoLock, page, isUnlocked } = setup()
    autoLock.start()
    page.hide()
    vi.advanceTimersByTime(HIDDEN_LOCK_MS - 1)
    page.show()
    vi.advanceTimersByTime(60_000)
    expect(isUnlocked()).toBe(true)
    page.hide()
    vi.advanceTimersByTime(HIDDEN_LOCK_MS)
    expect(isUnlocked()).toBe(false)
  })

  it('does nothing once stopped (disconnected)', () => {
    const { autoLock, page, locks } = setup()
    autoLock.start()
    autoLock.stop()
    page.hide()
    vi.advanceTimersByTime(IDLE_LOCK_MS * 2)
    expect(locks).toEqual([])
  })
})
