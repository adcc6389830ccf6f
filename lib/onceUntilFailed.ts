/**
 * A load shared by every caller: the first call starts it, the others get the same promise, until it
 * fails. A failed load is forgotten, so the next call starts afresh (a chunk that could not be
 * fetched: offline, or a deploy replaced it). A load that throws rather than rejecting is not kept
 * either: its call rejects and the next one tries again.
 */
export type OnceUntilFailed<T> = {
  (): Promise<T>
  /** The load on its way or done, if any (undefined before the first call and after a failure). */
  readonly current: Promise<T> | undefined
}

export function onceUntilFailed<T>(load: () => Promise<T>): OnceUntilFailed<T> {
  let current: Promise<T> | undefined
  const call = () => current ?? startKept(load, { get: () => current, set: (started) => (current = started) })
  return Object.defineProperty(call, 'current', { get: () => current, enumerable: true }) as OnceUntilFailed<T>
}

/**
 * Starts `load` and keeps it (`slot.set`) until it fails, when the slot is emptied if it still holds
 * it. A load that throws instead of rejecting is never kept: the call rejects.
 */
function startKept<T>(load: () => Promise<T>, slot: { get(): Promise<T> | undefined; set(started: Promise<T> | undefined): void }): Promise<T> {
  let started: Promise<T>
  try {
    started = load()
  } catch (error) {
    return Promise.reject(error)
  }
  slot.set(started)
  started.catch(() => {
    if (slot.get() === started) slot.set(undefined)
  })
  return started
}

/**
 * `onceUntilFailed` by key: one shared load per key, a failed one forgotten, at most `max` keys kept
 * (the oldest dropped first). For a cache of computed answers keyed by their inputs (the connect
 * dialog's frame's rows, per configuration, platform and language).
 */
export function onceUntilFailedByKey<T>(max: number): (key: string, load: () => Promise<T>) => Promise<T> {
  const loads = new Map<string, Promise<T>>()
  return (key, load) =>
    loads.get(key) ??
    startKept(load, {
      get: () => loads.get(key),
      set: (started) => {
        if (!started) return void loads.delete(key)
        // The oldest key makes room, once a load has started.
        if (loads.size >= max) loads.delete(loads.keys().next().value!)
        loads.set(key, started)
      },
    })
}
