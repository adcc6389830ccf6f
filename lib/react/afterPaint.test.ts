// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { afterPaint } from './afterPaint'

/** Animation frames the test fires by hand: `frame()` runs the callbacks requested so far. */
function stubFrames() {
  let pending: FrameRequestCallback[] = []
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => pending.push(callback))
  vi.stubGlobal('cancelAnimationFrame', (id: number) => {
    pending[id - 1] = () => undefined
  })
  return {
    frame() {
      const run = pending
      pending = []
      for (const callback of run) callback(performance.now())
    },
  }
}

const task = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('afterPaint', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
  })

  it('runs in a task after the next animation frame, not before it and not inside it', async () => {
    const frames = stubFrames()
    const callback = vi.fn()
    afterPaint(callback)
    await task()
    expect(callback).not.toHaveBeenCalled()
    frames.frame()
    expect(callback).not.toHaveBeenCalled()
    await task()
    expect(callback).toHaveBeenCalledTimes(1)
  })

  it('never runs once cancelled, before or after the frame', async () => {
    const frames = stubFrames()
    const early = vi.fn()
    const late = vi.fn()
    afterPaint(early)()
    const cancelLate = afterPaint(late)
    frames.frame()
    cancelLate()
    await task()
    expect(early).not.toHaveBeenCalled()
    expect(late).not.toHaveBeenCalled()
  })

  it('runs in a plain task in a hidden tab, which paints no frames', async () => {
    stubFrames()
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden')
    const callback = vi.fn()
    afterPaint(callback)
    expect(callback).not.toHaveBeenCalled()
    await task()
    expect(callback).toHaveBeenCalledTimes(1)
  })
})
