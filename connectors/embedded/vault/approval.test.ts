// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createApprovalGuard, hasVisibilityCheck, INERT_MS, isOwnActivation, type ApprovalGuard } from './approval'

/** Properties replaced for one test, put back (own descriptor, or none) afterwards. */
const overridden: { target: object; key: PropertyKey; descriptor: PropertyDescriptor | undefined }[] = []

function override(target: object, key: PropertyKey, value: unknown) {
  overridden.push({ target, key, descriptor: Object.getOwnPropertyDescriptor(target, key) })
  Object.defineProperty(target, key, { configurable: true, get: () => value })
}

function restoreOverrides() {
  for (const { target, key, descriptor } of overridden.splice(0).reverse()) {
    if (descriptor) Object.defineProperty(target, key, descriptor)
    else delete (target as Record<PropertyKey, unknown>)[key]
  }
}

/** The page's visibility as the browser reports it (document.visibilityState and its event). */
function setVisibility(state: DocumentVisibilityState) {
  override(document, 'visibilityState', state)
  document.dispatchEvent(new Event('visibilitychange'))
}

/** A clock the test moves by hand. */
function clock() {
  let time = 1_000
  return { now: () => time, advance: (ms: number) => (time += ms) }
}

/** Animation frames run when the test says so, not on jsdom's 60 Hz timer. */
function manualFrames() {
  let pending = new Map<number, FrameRequestCallback>()
  let next = 1
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
    pending.set(next, callback)
    return next++
  })
  vi.stubGlobal('cancelAnimationFrame', (id: number) => pending.delete(id))
  return {
    run() {
      const due = pending
      pending = new Map()
      for (const callback of due.values()) callback(0)
    },
  }
}

const guards: ApprovalGuard[] = []
function guard(options: Parameters<typeof createApprovalGuard>[0]) {
  const created = createApprovalGuard(options)
  guards.push(created)
  return created
}

let frames: ReturnType<typeof manualFrames>

beforeEach(() => {
  frames = manualFrames()
})

afterEach(() => {
  for (const created of guards.splice(0)) created.dispose()
  restoreOverrides()
  vi.unstubAllGlobals()
  document.body.replaceChildren()
})

describe('createApprovalGuard in a popup', () => {
  it('is inert for INERT_MS after it is created, then live', () => {
    const time = clock()
    const approval = guard({ mode: 'popup', now: time.now })
    expect(approval.isLive()).toBe(false)
    expect(approval.remaining()).toBe(INERT_MS)
    time.advance(INERT_MS - 1)
    expect(approval.isLive()).toBe(false)
    expect(approval.remaining()).toBe(1)
    time.advance(1)
    expect(approval.isLive()).toBe(true)
    expect(approval.remaining()).toBe(0)
  })

  it('is inert again for INERT_MS after restart (a new request)', () => {
    const time = clock()
    const onChange = vi.fn()
    const approval = guard({ mode: 'popup', now: time.now, onChange })
    time.advance(INERT_MS * 4)
    expect(approval.isLive()).toBe(true)
    approval.restart()
    expect(onChange).toHaveBeenCalledTimes(1)
    expect(approval.isLive()).toBe(false)
    time.advance(INERT_MS - 1)
    expect(approval.isLive()).toBe(false)
    time.advance(1)
    expect(approval.isLive()).toBe(true)
  })

  it('is not live while the page is hidden, and inert for INERT_MS once shown again', () => {
    const time = clock()
    const approval = guard({ mode: 'popup', now: time.now })
    time.advance(INERT_MS)
    expect(approval.isLive()).toBe(true)
    setVisibility('hidden')
    expect(approval.isLive()).toBe(false)
    expect(approval.remaining()).toBe(Infinity)
    time.advance(INERT_MS * 10)
    expect(approval.isLive()).toBe(false)
    restoreOverrides()
    document.dispatchEvent(new Event('visibilitychange'))
    expect(document.visibilityState).toBe('visible')
    expect(approval.isLive()).toBe(false)
    time.advance(INERT_MS)
    expect(approval.isLive()).toBe(true)
  })

  it('is inert again after the window is resized to another size', () => {
    const time = clock()
    const onChange = vi.fn()
    const approval = guard({ mode: 'popup', now: time.now, onChange })
    time.advance(INERT_MS)
    override(window, 'innerWidth', window.innerWidth - 200)
    window.dispatchEvent(new Event('resize'))
    expect(onChange).toHaveBeenCalledTimes(1)
    expect(approval.isLive()).toBe(false)
    time.advance(INERT_MS)
    expect(approval.isLive()).toBe(true)
  })

  it('stays live through a resize event that does not change the size', () => {
    const time = clock()
    const approval = guard({ mode: 'popup', now: time.now })
    time.advance(INERT_MS)
    window.dispatchEvent(new Event('resize'))
    expect(approval.isLive()).toBe(true)
  })

  it('is inert again after the window loses focus', () => {
    const time = clock()
    const approval = guard({ mode: 'popup', now: time.now })
    time.advance(INERT_MS)
    window.dispatchEvent(new Event('blur'))
    expect(approval.isLive()).toBe(false)
  })

  it('is inert again when the window regains focus (a window opened over it closed)', () => {
    const time = clock()
    const approval = guard({ mode: 'popup', now: time.now })
    time.advance(INERT_MS)
    expect(approval.isLive()).toBe(true)
    window.dispatchEvent(new Event('focus'))
    expect(approval.isLive()).toBe(false)
    expect(approval.remaining()).toBe(INERT_MS)
    time.advance(INERT_MS)
    expect(approval.isLive()).toBe(true)
  })

  it('is inert again after the popup moves on the screen', () => {
    const time = clock()
    const approval = guard({ mode: 'popup', now: time.now })
    time.advance(INERT_MS)
    frames.run()
    expect(approval.isLive()).toBe(true)
    override(window, 'screenX', window.screenX + 300)
    frames.run()
    expect(approval.isLive()).toBe(false)
    time.advance(INERT_MS)
    frames.run()
    expect(approval.isLive()).toBe(true)
  })

  it('stops listening once disposed', () => {
    const time = clock()
    const onChange = vi.fn()
    const approval = guard({ mode: 'popup', now: time.now, onChange })
    approval.dispose()
    override(window, 'innerWidth', window.innerWidth + 100)
    window.dispatchEvent(new Event('resize'))
    window.dispatchEvent(new Event('blur'))
    frames.run()
    expect(onChange).not.toHaveBeenCalled()
  })
})

/**
 * IntersectionObserver v2 as Chromium has it, driven by the test. Returns the sheet's observers (those
 * tracking visibility), with `frameOnScreen()` reporting the guard's full-window sentinel on screen.
 */
function installVisibilityObserver() {
  const all: FakeIntersectionObserver[] = []
  const observers = Object.assign([] as FakeIntersectionObserver[], {
    frameOnScreen(ratio = 1) {
      for (const observer of all.filter((candidate) => !candidate.options.trackVisibility)) observer.report({ isVisible: false, intersectionRatio: ratio })
    },
    frames: () => all.filter((candidate) => !candidate.options.trackVisibility),
  })
  class FakeIntersectionObserver {
    readonly targets: Element[] = []
    disconnected = false
    constructor(
      readonly callback: IntersectionObserverCallback,
      readonly options: IntersectionObserverInit & { trackVisibility?: boolean; delay?: number },
    ) {
      all.push(this)
      if (options.trackVisibility) observers.push(this)
    }
    observe(target: Element) {
      this.targets.push(target)
    }
    unobserve() {}
    disconnect() {
      this.disconnected = true
    }
    takeRecords() {
      return []
    }
    /** What the browser would report for the observed element. */
    report(entry: { isVisible: boolean; intersectionRatio: number }) {
      this.callback([{ ...entry, target: this.targets[0]! } as unknown as IntersectionObserverEntry], this as unknown as IntersectionObserver)
    }
  }
  class FakeIntersectionObserverEntry {}
  Object.defineProperty(FakeIntersectionObserverEntry.prototype, 'isVisible', { get: () => false })
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver)
  vi.stubGlobal('IntersectionObserverEntry', FakeIntersectionObserverEntry)
  return observers
}

describe('createApprovalGuard in a frame', () => {
  it('is never live without IntersectionObserver v2 (jsdom has none)', () => {
    expect(hasVisibilityCheck()).toBe(false)
    const time = clock()
    const approval = guard({ mode: 'frame', now: time.now })
    approval.observe(document.body.appendChild(document.createElement('section')))
    time.advance(INERT_MS * 100)
    expect(approval.isLive()).toBe(false)
    expect(approval.remaining()).toBe(Infinity)
  })

  it('is never live before it observes the sheet', () => {
    installVisibilityObserver()
    const time = clock()
    const approval = guard({ mode: 'frame', now: time.now })
    time.advance(INERT_MS * 100)
    expect(approval.isLive()).toBe(false)
    expect(approval.remaining()).toBe(Infinity)
  })

  it('asks the observer to track the sheet’s visibility', () => {
    const observers = installVisibilityObserver()
    expect(hasVisibilityCheck()).toBe(true)
    const sheet = document.body.appendChild(document.createElement('section'))
    guard({ mode: 'frame', now: clock().now }).observe(sheet)
    expect(observers).toHaveLength(1)
    expect(observers[0]!.targets).toEqual([sheet])
    // And a sentinel filling the frame's window, to see the frame moved.
    expect(observers.frames()).toHaveLength(1)
    expect(observers[0]!.options.trackVisibility).toBe(true)
  })

  it('is live INERT_MS after the sheet is reported fully visible, not while hidden, and inert again once visible again', () => {
    const observers = installVisibilityObserver()
    const time = clock()
    const onChange = vi.fn()
    const approval = guard({ mode: 'frame', now: time.now, onChange })
    approval.observe(document.body.appendChild(document.createElement('section')))
    observers.frameOnScreen()
    time.advance(INERT_MS * 10)
    expect(approval.isLive()).toBe(false)

    observers[0]!.report({ isVisible: true, intersectionRatio: 1 })
    expect(approval.isLive()).toBe(false)
    expect(approval.remaining()).toBe(INERT_MS)
    time.advance(INERT_MS - 1)
    expect(approval.isLive()).toBe(false)
    time.advance(1)
    expect(approval.isLive()).toBe(true)

    observers[0]!.report({ isVisible: false, intersectionRatio: 1 })
    expect(approval.isLive()).toBe(false)
    expect(approval.remaining()).toBe(Infinity)
    time.advance(INERT_MS * 10)
    expect(approval.isLive()).toBe(false)

    observers[0]!.report({ isVisible: true, intersectionRatio: 1 })
    expect(approval.isLive()).toBe(false)
    time.advance(INERT_MS - 1)
    expect(approval.isLive()).toBe(false)
    time.advance(1)
    expect(approval.isLive()).toBe(true)
    // The frame coming on screen, then the sheet seen, hidden and seen again.
    expect(onChange).toHaveBeenCalledTimes(4)
  })

  it('is not live while only part of the sheet is on screen, even if unoccluded', () => {
    const observers = installVisibilityObserver()
    const time = clock()
    const approval = guard({ mode: 'frame', now: time.now })
    approval.observe(document.body.appendChild(document.createElement('section')))
    observers.frameOnScreen()
    observers[0]!.report({ isVisible: true, intersectionRatio: 0.9 })
    time.advance(INERT_MS * 10)
    expect(approval.isLive()).toBe(false)
  })

  it('is not live while the page is hidden, even with the sheet visible', () => {
    const observers = installVisibilityObserver()
    const time = clock()
    const approval = guard({ mode: 'frame', now: time.now })
    approval.observe(document.body.appendChild(document.createElement('section')))
    observers.frameOnScreen()
    observers[0]!.report({ isVisible: true, intersectionRatio: 1 })
    time.advance(INERT_MS)
    expect(approval.isLive()).toBe(true)
    setVisibility('hidden')
    expect(approval.isLive()).toBe(false)
  })

  it('drops the previous observer and starts unseen when it observes another element', () => {
    const observers = installVisibilityObserver()
    const time = clock()
    const approval = guard({ mode: 'frame', now: time.now })
    approval.observe(document.body.appendChild(document.createElement('section')))
    observers.frameOnScreen()
    observers[0]!.report({ isVisible: true, intersectionRatio: 1 })
    time.advance(INERT_MS)
    expect(approval.isLive()).toBe(true)
    approval.observe(document.body.appendChild(document.createElement('section')))
    expect(observers[0]!.disconnected).toBe(true)
    expect(observers).toHaveLength(2)
    expect(approval.isLive()).toBe(false)
  })

  it('disconnects its observer when disposed', () => {
    const observers = installVisibilityObserver()
    const approval = guard({ mode: 'frame', now: clock().now })
    approval.observe(document.body.appendChild(document.createElement('section')))
    approval.dispose()
    expect(observers[0]!.disconnected).toBe(true)
    expect(observers.frames().every((observer) => observer.disconnected)).toBe(true)
  })

  it('is not live while its frame is moved partly off screen, and inert for INERT_MS once back', () => {
    const observers = installVisibilityObserver()
    const time = clock()
    const approval = guard({ mode: 'frame', now: time.now })
    approval.observe(document.body.appendChild(document.createElement('section')))
    observers.frameOnScreen()
    observers[0]!.report({ isVisible: true, intersectionRatio: 1 })
    time.advance(INERT_MS)
    expect(approval.isLive()).toBe(true)
    // The page shifts the full-window frame (a translation the visibility check allows).
    observers.frameOnScreen(0.9)
    time.advance(INERT_MS * 10)
    expect(approval.isLive()).toBe(false)
    observers.frameOnScreen(1)
    expect(approval.isLive()).toBe(false)
    time.advance(INERT_MS)
    expect(approval.isLive()).toBe(true)
  })

  it('observes nothing in a popup', () => {
    const observers = installVisibilityObserver()
    guard({ mode: 'popup', now: clock().now }).observe(document.body.appendChild(document.createElement('section')))
    expect(observers).toHaveLength(0)
  })
})

/** A pointer event at the window's boundary (the guards below take every event as the browser's: `trusted`). */
function trustedPointer(type: string, relatedTarget: EventTarget | null): Event {
  return new MouseEvent(type, { bubbles: true, relatedTarget })
}

describe('createApprovalGuard and where the pointer says the window is', () => {
  /** A trusted pointer event as the browser delivers it (jsdom's own are never trusted). */
  const pointer = (type: string, screen: [number, number], client: [number, number], detail = 1) =>
    ({ isTrusted: true, type, detail, screenX: screen[0], screenY: screen[1], clientX: client[0], clientY: client[1] }) as unknown as MouseEvent

  it('takes a click at whole pixels after a pointer move at fractions of a pixel as the same place', () => {
    const time = clock()
    const approval = guard({ mode: 'popup', now: time.now })
    time.advance(INERT_MS)
    expect(approval.isLive(pointer('pointermove', [484.59375, 551.59375], [474.59375, 454.59378]))).toBe(true)
    expect(approval.isLive(pointer('click', [485, 552], [475, 455]))).toBe(true)
  })

  it('is inert again when the pointer shows the window moved since it last came by', () => {
    const time = clock()
    const approval = guard({ mode: 'popup', now: time.now })
    time.advance(INERT_MS)
    expect(approval.isLive(pointer('pointermove', [500, 500], [100, 100]))).toBe(true)
    // The same spot on the screen is now another spot in the window: the window was moved under it.
    expect(approval.isLive(pointer('click', [500, 500], [380, 140]))).toBe(false)
    time.advance(INERT_MS)
    expect(approval.isLive(pointer('click', [500, 500], [380, 140]))).toBe(true)
  })

  it("after the window lost the focus, the pointer's next arrival from outside restarts the inert time", () => {
    const time = clock()
    const approval = guard({ mode: 'popup', now: time.now, trusted: () => true })
    window.dispatchEvent(new Event('blur'))
    time.advance(INERT_MS)
    expect(approval.isLive()).toBe(true)
    // The pointer comes back into the window (it was over the window that closed): inert again.
    window.dispatchEvent(trustedPointer('pointerover', null))
    expect(approval.isLive()).toBe(false)
    time.advance(INERT_MS)
    // Only once: the next arrival does not restart it.
    window.dispatchEvent(trustedPointer('pointerover', null))
    expect(approval.isLive()).toBe(true)
  })

  it('forgets where the pointer was once it leaves the window', () => {
    const time = clock()
    const approval = guard({ mode: 'popup', now: time.now, trusted: () => true })
    const button = document.body.appendChild(document.createElement('button'))
    time.advance(INERT_MS)
    const at = (type: string) => ({ ...pointer(type, [500, 500], [100, 100]), target: button }) as unknown as MouseEvent
    approval.isLive(at('pointermove'))
    expect(approval.isLive(at('click'), button)).toBe(true)
    window.dispatchEvent(trustedPointer('pointerout', null))
    expect(approval.isLive(at('click'), button)).toBe(false)
  })

  it("counts a pointer's click on a button only after the pointer moved inside that button", () => {
    const time = clock()
    const approval = guard({ mode: 'popup', now: time.now })
    const button = document.body.appendChild(document.createElement('button'))
    const other = document.body.appendChild(document.createElement('button'))
    time.advance(INERT_MS)
    const at = (type: string, target: Element, detail = 1) => ({ ...pointer(type, [500, 500], [100, 100], detail), target }) as unknown as MouseEvent
    // The second press of a double-click whose first press swapped the screen under a still pointer.
    expect(approval.isLive(at('click', button), button)).toBe(false)
    approval.isLive(at('pointermove', other))
    expect(approval.isLive(at('click', button), button)).toBe(false)
    approval.isLive(at('pointermove', button))
    expect(approval.isLive(at('click', button), button)).toBe(true)
    // A new screen: the pointer must come by again.
    approval.restart()
    time.advance(INERT_MS)
    expect(approval.isLive(at('click', button), button)).toBe(false)
    // A finger put down on the button counts as being inside it; a keyboard's click needs no pointer.
    approval.isLive({ ...at('pointerdown', button), pointerType: 'touch' } as unknown as MouseEvent)
    expect(approval.isLive(at('click', button), button)).toBe(true)
    approval.restart()
    time.advance(INERT_MS)
    expect(approval.isLive(at('click', button, 0), button)).toBe(true)
  })

  it('ignores a click from the keyboard, which has no pointer position', () => {
    const time = clock()
    const approval = guard({ mode: 'popup', now: time.now })
    time.advance(INERT_MS)
    expect(approval.isLive(pointer('pointermove', [500, 500], [100, 100]))).toBe(true)
    expect(approval.isLive(pointer('click', [0, 0], [0, 0], 0))).toBe(true)
  })
})

describe('isOwnActivation', () => {
  /** What a listener on `button` saw while the event was dispatched (currentTarget is set only then). */
  function activationSeenBy(button: HTMLElement, fire: () => void): { trusted: boolean; ownActivation: boolean } {
    const seen: { trusted: boolean; ownActivation: boolean }[] = []
    button.addEventListener('click', (event) => seen.push({ trusted: event.isTrusted, ownActivation: isOwnActivation(event, button) }))
    fire()
    expect(seen).toHaveLength(1)
    return seen[0]!
  }

  it('is false for a script’s button.click()', () => {
    const button = document.body.appendChild(document.createElement('button'))
    expect(activationSeenBy(button, () => button.click())).toEqual({ trusted: false, ownActivation: false })
  })

  it('is false for a dispatched MouseEvent', () => {
    const button = document.body.appendChild(document.createElement('button'))
    expect(activationSeenBy(button, () => button.dispatchEvent(new MouseEvent('click', { bubbles: true })))).toEqual({ trusted: false, ownActivation: false })
  })

  /** A trusted event as the browser would hand it to the button's listener (jsdom cannot make one). */
  const trusted = (fields: { type?: string; target: EventTarget; currentTarget: EventTarget; isTrusted?: boolean }) =>
    ({ isTrusted: true, type: 'click', ...fields }) as unknown as Event

  it('is true for a trusted click on the button itself', () => {
    const button = document.body.appendChild(document.createElement('button'))
    expect(isOwnActivation(trusted({ target: button, currentTarget: button }), button)).toBe(true)
  })

  it('is false for a trusted click on another element', () => {
    const button = document.body.appendChild(document.createElement('button'))
    const other = document.body.appendChild(document.createElement('button'))
    expect(isOwnActivation(trusted({ target: other, currentTarget: button }), button)).toBe(false)
  })

  it('is false for a trusted click on a copy of the button (identity, not likeness)', () => {
    const button = document.body.appendChild(document.createElement('button'))
    button.id = 'approve'
    const copy = button.cloneNode(true) as HTMLElement
    expect(isOwnActivation(trusted({ target: copy, currentTarget: copy }), button)).toBe(false)
  })

  it('is false for a trusted click on the button seen by a listener elsewhere', () => {
    const button = document.body.appendChild(document.createElement('button'))
    expect(isOwnActivation(trusted({ target: button, currentTarget: document.body }), button)).toBe(false)
  })

  it('is false for a trusted event that is not a click', () => {
    const button = document.body.appendChild(document.createElement('button'))
    expect(isOwnActivation(trusted({ type: 'pointerdown', target: button, currentTarget: button }), button)).toBe(false)
  })

  it('is false for an untrusted click on the button', () => {
    const button = document.body.appendChild(document.createElement('button'))
    expect(isOwnActivation(trusted({ isTrusted: false, target: button, currentTarget: button }), button)).toBe(false)
  })
})
