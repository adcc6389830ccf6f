/**
 * The page's reads that only mean something while signed in (the account, its sessions, the
 * embedded wallet's pending recoveries), and the page ending its own session. Ending it here stops
 * the reads still on their way *before* the server is told, and holds the reads asked meanwhile until
 * the server has answered: signed out, they resolve as signed out without asking; still signed in
 * (the sign-out failed), they ask. So no read comes back 401 from a session this page ended, which
 * the browser would print as "Failed to load resource … 401" though nothing went wrong
 * (docs/sign-in.md, "The page's state machine").
 *
 * One lane per cookie jar: in the browser, the page's own `fetch` and origin; in Node tests, each
 * hand-made fetch that carries its own cookies.
 */

export type SessionLane = {
  /** The reads on their way, each stoppable. */
  readonly reads: Set<AbortController>
  /** The sign-out under way: true once the session ended, false if it did not. */
  ending: Promise<boolean> | null
}

const lanes = new WeakMap<object, Map<string, SessionLane>>()

/** The lane of the cookie jar behind `fetchFunction` at `origin` ('' for the page's own). */
export function sessionLane(fetchFunction: object, origin: string): SessionLane {
  let byOrigin = lanes.get(fetchFunction)
  if (!byOrigin) lanes.set(fetchFunction, (byOrigin = new Map()))
  let lane = byOrigin.get(origin)
  if (!lane) byOrigin.set(origin, (lane = { reads: new Set(), ending: null }))
  return lane
}

/**
 * A signed-in read: `ask(signal)` sends it, and resolves with its answer; `null` means signed out.
 * The caller's own `signal` still stops it (rejecting as `ask` rejects). A read the lane stopped
 * because the page ended its session resolves `null` once the server confirmed, or is asked again
 * if the sign-out failed.
 */
export async function readWhileSignedIn<T>(lane: SessionLane, ask: (signal: AbortSignal) => Promise<T>, signal?: AbortSignal): Promise<T | null> {
  for (;;) {
    if (lane.ending && (await lane.ending)) return null
    const stop = new AbortController()
    const forward = () => stop.abort(signal?.reason)
    if (signal?.aborted) forward()
    else signal?.addEventListener('abort', forward, { once: true })
    lane.reads.add(stop)
    try {
      return await ask(stop.signal)
    } catch (error) {
      // Stopped by the lane, not by the caller: the outcome is the sign-out's (the reason it gave).
      if (!stop.signal.aborted || signal?.aborted) throw error
      if (await (stop.signal.reason as Promise<boolean>)) return null
    } finally {
      lane.reads.delete(stop)
      signal?.removeEventListener('abort', forward)
    }
  }
}

/**
 * Ends this page's session through `end` (the request that tells the server): the lane's reads on
 * their way are stopped first, and those asked until `end` settles wait for it.
 */
export function endSessionHere<T>(lane: SessionLane, end: () => Promise<T>): Promise<T> {
  let settle!: (ended: boolean) => void
  const ended = new Promise<boolean>((resolve) => (settle = resolve))
  // Done before the caller hears back, so its next read (a new sign-in's) asks again.
  const finish = (ok: boolean) => {
    if (lane.ending === ended) lane.ending = null
    settle(ok)
  }
  lane.ending = ended
  for (const read of lane.reads) read.abort(ended)
  return Promise.resolve()
    .then(end)
    .then(
      (value) => {
        finish(true)
        return value
      },
      (error: unknown) => {
        finish(false)
        throw error
      },
    )
}
