/**
 * The unlocked wallet locks itself: after 15 minutes without the user touching the page or the wallet
 * being used, and after the page has been hidden for 5 minutes (a tab left behind, a phone put away).
 * Locking drops the key from memory; the next request that needs it asks for the passkey again.
 */

export const IDLE_LOCK_MS = 15 * 60_000
export const HIDDEN_LOCK_MS = 5 * 60_000

/** What the clock and the page are, injectable for tests (vitest's fake timers, a fake document). */
export type AutoLockParameters = {
  lock: () => void
  isUnlocked: () => boolean
  /** Where user activity is heard (`window`). */
  activity?: Pick<EventTarget, 'addEventListener' | 'removeEventListener'> | undefined
  /** The page's visibility (`document`). */
  page?: (Pick<EventTarget, 'addEventListener' | 'removeEventListener'> & { readonly visibilityState: DocumentVisibilityState }) | undefined
  idleMs?: number
  hiddenMs?: number
}

type AutoLock = ReturnType<typeof createAutoLock>

const ACTIVITY_EVENTS = ['pointerdown', 'keydown'] as const

export function createAutoLock(parameters: AutoLockParameters) {
  const { lock, isUnlocked, idleMs = IDLE_LOCK_MS, hiddenMs = HIDDEN_LOCK_MS } = parameters
  const activity = parameters.activity ?? (typeof window === 'undefined' ? undefined : window)
  const page = parameters.page ?? (typeof document === 'undefined' ? undefined : document)
  let idleTimer: ReturnType<typeof setTimeout> | undefined
  let hiddenTimer: ReturnType<typeof setTimeout> | undefined
  let running = false

  function lockNow() {
    clearTimeout(idleTimer)
    clearTimeout(hiddenTimer)
    idleTimer = hiddenTimer = undefined
    if (isUnlocked()) lock()
  }

  /** Activity: the idle clock starts again. */
  function touch() {
    if (!running) return
    clearTimeout(idleTimer)
    idleTimer = setTimeout(lockNow, idleMs)
  }

  function onVisibility() {
    if (!running || !page) return
    clearTimeout(hiddenTimer)
    hiddenTimer = page.visibilityState === 'hidden' ? setTimeout(lockNow, hiddenMs) : undefined
  }

  return {
    /** While connected: listens for activity and visibility, and starts the idle clock. */
    start() {
      if (running) return
      running = true
      for (const type of ACTIVITY_EVENTS) activity?.addEventListener(type, touch, { capture: true, passive: true })
      page?.addEventListener('visibilitychange', onVisibility)
      touch()
      onVisibility()
    },
    /** The key was just used (or unlocked): that is activity too. */
    touch,
    stop() {
      running = false
      for (const type of ACTIVITY_EVENTS) activity?.removeEventListener(type, touch, { capture: true })
      page?.removeEventListener('visibilitychange', onVisibility)
      clearTimeout(idleTimer)
      clearTimeout(hiddenTimer)
      idleTimer = hiddenTimer = undefined
    },
  }
}
