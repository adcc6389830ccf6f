/**
 * What makes a consequential button count (Approve on the sheet, and every action of the vault's own
 * screens: docs/embedded/threat-model.md#the-guard): the user's own click or key press, on the vault's
 * own button, while the vault can tell that the user sees it. A script in the app's page cannot reach
 * this document (another origin), but it owns the frame's box: it can hide it, make it transparent,
 * move it under the pointer, or show it a moment before a click meant for something else. And any
 * page can open a window over the vault's own popup or tab, then close it between the two presses of
 * a double-click. So a button stays inert (`INERT_MS`) after each new screen or request, after the
 * frame is hidden, moved or resized, and after the vault's window loses or regains the focus (or the
 * pointer comes back into it after a focus change); a pointer's click counts only after the pointer
 * moved inside that button's own box; and in a frame, clicks count only while IntersectionObserver v2
 * says the frame is visible (unoccluded, opaque, untransformed). A browser without that check gets the
 * popup instead (popup mode).
 */

export const INERT_MS = 500

/** `IntersectionObserverEntry.isVisible` (IntersectionObserver v2: Chromium). */
export function hasVisibilityCheck(): boolean {
  return typeof IntersectionObserverEntry !== 'undefined' && 'isVisible' in IntersectionObserverEntry.prototype
}

export type ApprovalGuard = ReturnType<typeof createApprovalGuard>

export function createApprovalGuard(options: {
  mode: 'frame' | 'popup'
  now?: () => number
  onChange?: () => void
  /** Whether a pointer event is the browser's (default `isTrusted`; jsdom tests cannot make one). */
  trusted?: (event: Event) => boolean
}) {
  const now = options.now ?? (() => performance.now())
  const trusted = options.trusted ?? ((event: Event) => event.isTrusted)
  let settledSince = now()
  /** Frame mode: the last word of IntersectionObserver v2 on the observed element. */
  let visible = options.mode === 'popup'
  let observer: IntersectionObserver | undefined
  let observed: Element | undefined
  let screenPosition = `${window.screenX},${window.screenY}`
  let size = `${window.innerWidth}x${window.innerHeight}`
  let watching = 0
  /**
   * Frame mode: the share of the frame itself on screen, from a sentinel filling its window. The page
   * shows the frame over the whole window, so a frame moved (or shifted by a transform the visibility
   * check allows, a plain translation) leaves part of itself off screen.
   */
  let frameOnScreen = options.mode === 'popup'
  let sentinel: HTMLElement | undefined
  let frameObserver: IntersectionObserver | undefined
  /**
   * Where the frame sits on the screen, as trusted pointer events tell it (`screenX - clientX`). Pointer
   * events carry fractions of a pixel and clicks whole pixels, so offsets within a pixel are the same
   * place; a frame the page moves goes further than that.
   */
  let pointerOffset: { x: number; y: number } | undefined
  /**
   * The buttons the pointer has been inside since the screen last settled: a mouse moved within its
   * box, or a finger or pen put down on it. A click on a button the pointer never crossed is a click
   * aimed at something that was there before (a double-click's second press after a swap).
   */
  let pointerVisited = new WeakSet<Element>()
  /**
   * A top-level vault window lost the focus (another window came over it): the pointer's next arrival
   * from outside restarts the inert time. Not in a frame, where a click on the page around it blurs it
   * every time; there the visibility check judges what covers it.
   */
  let focusLost = false

  function onPointer(event: PointerEvent | MouseEvent) {
    // A click from the keyboard (Enter, Space on the focused button) has no pointer position.
    if (!trusted(event) || (event.type === 'click' && event.detail === 0)) return
    const offset = { x: event.screenX - event.clientX, y: event.screenY - event.clientY }
    if (pointerOffset && (Math.abs(offset.x - pointerOffset.x) > 1 || Math.abs(offset.y - pointerOffset.y) > 1)) unsettle()
    pointerOffset = offset
    const visits = event.type === 'pointermove' || (event.type === 'pointerdown' && (event as PointerEvent).pointerType !== 'mouse')
    const target = event.target instanceof Element ? event.target.closest('button') : null
    if (visits && target) pointerVisited.add(target)
  }

  /** The pointer came into the window from outside it, or left it. */
  function onPointerBoundary(event: PointerEvent) {
    if (!trusted(event) || event.relatedTarget !== null) return
    if (event.type === 'pointerout') {
      // Gone from the window: whatever it was inside no longer counts.
      pointerVisited = new WeakSet()
      return
    }
    if (focusLost) {
      focusLost = false
      unsettle()
    }
  }
  window.addEventListener('pointerover', onPointerBoundary, true)
  window.addEventListener('pointerout', onPointerBoundary, true)
  window.addEventListener('pointermove', onPointer, true)
  window.addEventListener('pointerdown', onPointer, true)

  const listeners = new Set<() => void>()
  if (options.onChange) listeners.add(options.onChange)

  function unsettle() {
    settledSince = now()
    pointerVisited = new WeakSet()
    for (const listener of [...listeners]) listener()
  }

  /** Focus left or came back (another window opened over this one, or closed): inert again. */
  function onFocusChange(event: Event) {
    if (event.type === 'blur' && options.mode === 'popup') focusLost = true
    unsettle()
  }

  function onResize() {
    const next = `${window.innerWidth}x${window.innerHeight}`
    if (next !== size) {
      size = next
      unsettle()
    }
  }

  function onVisibility() {
    unsettle()
  }

  /** A popup moved on the screen (a frame's moves show as a change of its visible share). */
  function watchPosition() {
    const next = `${window.screenX},${window.screenY}`
    if (next !== screenPosition) {
      screenPosition = next
      unsettle()
    }
    watching = requestAnimationFrame(watchPosition)
  }

  window.addEventListener('resize', onResize)
  document.addEventListener('visibilitychange', onVisibility)
  window.addEventListener('blur', onFocusChange)
  window.addEventListener('focus', onFocusChange)
  watching = requestAnimationFrame(watchPosition)

  function watchFrame() {
    if (sentinel || options.mode !== 'frame' || typeof IntersectionObserver === 'undefined') return
    sentinel = document.createElement('div')
    sentinel.setAttribute('aria-hidden', 'true')
    sentinel.className = 'sentinel'
    document.body.append(sentinel)
    frameObserver = new IntersectionObserver(
      (entries) => {
        const entry = entries[entries.length - 1]
        if (!entry) return
        const next = entry.intersectionRatio >= 0.999
        if (next !== frameOnScreen) {
          frameOnScreen = next
          unsettle()
        }
      },
      { threshold: [0, 0.5, 0.9, 0.999, 1] },
    )
    frameObserver.observe(sentinel)
  }

  return {
    /** Watches `element` (the sheet): in a frame, its visibility decides whether Approve counts. */
    observe(element: Element) {
      if (options.mode !== 'frame' || element === observed) return
      watchFrame()
      observer?.disconnect()
      observed = element
      visible = false
      if (!hasVisibilityCheck()) return
      observer = new IntersectionObserver(
        (entries) => {
          const entry = entries[entries.length - 1]
          if (!entry) return
          // Fully on screen (a move shows as a smaller share), opaque, untransformed, unoccluded.
          const next = (entry as IntersectionObserverEntry & { isVisible?: boolean }).isVisible === true && entry.intersectionRatio >= 0.999
          if (next !== visible) {
            visible = next
            unsettle()
          }
        },
        { threshold: [0, 0.5, 0.999, 1], trackVisibility: true, delay: 100 } as IntersectionObserverInit,
      )
      observer.observe(element)
    },
    /** A new request is on the sheet, or a new screen: the inert time starts again. */
    restart: unsettle,
    /** Calls `listener` whenever liveness may have changed (the inert time restarted, the frame seen or not); returns the unsubscribe. */
    subscribe(listener: () => void): () => void {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    /**
     * Whether a click now may act: shown, settled for `INERT_MS`, seen, not moved; for a pointer's
     * click on `button`, the pointer came inside that button first.
     */
    isLive(event?: MouseEvent, button?: Element): boolean {
      // The click itself may show that the frame moved since the pointer last came by.
      if (event) onPointer(event)
      const pointerClick = event !== undefined && event.detail > 0
      if (pointerClick && button && !pointerVisited.has(button)) return false
      return visible && frameOnScreen && document.visibilityState === 'visible' && now() - settledSince >= INERT_MS
    },
    /** Milliseconds until Approve is live, if nothing changes (0 when it is; Infinity while unseen). */
    remaining(): number {
      if (!visible || !frameOnScreen || document.visibilityState !== 'visible') return Infinity
      return Math.max(0, INERT_MS - (now() - settledSince))
    },
    dispose() {
      listeners.clear()
      observer?.disconnect()
      frameObserver?.disconnect()
      sentinel?.remove()
      cancelAnimationFrame(watching)
      window.removeEventListener('resize', onResize)
      document.removeEventListener('visibilitychange', onVisibility)
      window.removeEventListener('blur', onFocusChange)
      window.removeEventListener('focus', onFocusChange)
      window.removeEventListener('pointerover', onPointerBoundary, true)
      window.removeEventListener('pointerout', onPointerBoundary, true)
      window.removeEventListener('pointermove', onPointer, true)
      window.removeEventListener('pointerdown', onPointer, true)
    },
  }
}

/**
 * Whether `event` is the user's own activation of exactly `button`: trusted input (the browser sets
 * `isTrusted`), a click or a key press, whose target is that very element (by identity, not by an
 * attribute anyone could set).
 */
export function isOwnActivation(event: Event, button: HTMLElement): boolean {
  return event.isTrusted && event.type === 'click' && event.target === button && event.currentTarget === button
}
