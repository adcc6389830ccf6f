/**
 * The connector lifecycle of docs/connectors/lifecycle.md#three-states: uninitialised → initialising
 * (provider created, connection started) → initialised. Concurrent `init()` calls share one promise, so
 * two clicks or a reconnect racing a connect never create two providers (one provider per app, created
 * behind one promise: docs/connectors/lifecycle.md#three-states). A failed init returns to
 * uninitialised so the next call retries.
 */
type LifecycleStatus = 'uninitialised' | 'initialising' | 'initialised'

export type Lifecycle<T> = {
  readonly status: LifecycleStatus
  /** The value of the last successful init, while initialised. */
  readonly value: T | undefined
  init(): Promise<T>
  /** Back to uninitialised; an init still running is disowned (its result is not kept). */
  reset(): void
}

export function createLifecycle<T>(initialise: () => Promise<T>): Lifecycle<T> {
  let status: LifecycleStatus = 'uninitialised'
  let value: T | undefined
  let pending: Promise<T> | undefined
  // Bumped by reset(), so an init that settles after a reset cannot resurrect stale state.
  let generation = 0

  return {
    get status() {
      return status
    },
    get value() {
      return value
    },
    init() {
      if (status === 'initialised') return Promise.resolve(value as T)
      if (pending) return pending
      const own = ++generation
      status = 'initialising'
      const promise = (async () => {
        try {
          const result = await initialise()
          if (own === generation) {
            value = result
            status = 'initialised'
          }
          return result
        } catch (error) {
          if (own === generation) status = 'uninitialised'
          throw error
        } finally {
          if (own === generation) pending = undefined
        }
      })()
      pending = promise
      return promise
    },
    reset() {
      generation++
      status = 'uninitialised'
      value = undefined
      pending = undefined
    },
  }
}
