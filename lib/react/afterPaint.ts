/**
 * Runs `callback` once the browser has painted what the page shows now: in a task queued from the
 * next animation frame, which runs after that frame. For the reads a view starts when it mounts (a
 * balance, an ENS name, a sign-in nonce): each `fetch` and client set-up costs the main thread a few
 * milliseconds, which would otherwise hold back the frame that shows the view. A hidden tab paints
 * nothing (and runs no animation frames): there, and where there are no frames at all, a plain task.
 * Returns a function that cancels the callback if it has not run yet.
 */
export function afterPaint(callback: () => void): () => void {
  let frame: number | undefined
  let timer: ReturnType<typeof setTimeout> | undefined
  const noFrames = typeof requestAnimationFrame !== 'function' || typeof document === 'undefined' || document.visibilityState === 'hidden'
  if (noFrames) timer = setTimeout(callback, 0)
  else
    frame = requestAnimationFrame(() => {
      frame = undefined
      timer = setTimeout(callback, 0)
    })
  return () => {
    if (frame !== undefined) cancelAnimationFrame(frame)
    clearTimeout(timer)
  }
}
