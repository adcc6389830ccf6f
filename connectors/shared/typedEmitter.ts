/** A minimal typed event emitter: event names and payloads checked by the compiler. */
export type TypedEmitter<EventMap extends Record<string, unknown>> = {
  /** Subscribes; returns the unsubscribe function. */
  on<E extends keyof EventMap>(event: E, listener: (payload: EventMap[E]) => void): () => void
  off<E extends keyof EventMap>(event: E, listener: (payload: EventMap[E]) => void): void
  emit<E extends keyof EventMap>(event: E, payload: EventMap[E]): void
  listenerCount(event: keyof EventMap): number
}

export function createTypedEmitter<EventMap extends Record<string, unknown>>(
  onListenerError?: (error: unknown, event: keyof EventMap) => void,
): TypedEmitter<EventMap> {
  const listeners = new Map<keyof EventMap, Set<(payload: never) => void>>()
  return {
    on(event, listener) {
      let set = listeners.get(event)
      if (!set) listeners.set(event, (set = new Set()))
      set.add(listener)
      return () => this.off(event, listener)
    },
    off(event, listener) {
      listeners.get(event)?.delete(listener)
    },
    emit(event, payload) {
      // A copy: a listener that unsubscribes itself must not make the loop skip the next one.
      for (const listener of [...(listeners.get(event) ?? [])]) {
        try {
          ;(listener as (payload: EventMap[typeof event]) => void)(payload)
        } catch (error) {
          // One failing observer (e.g. a UI handler) must not stop the others or the connector.
          onListenerError?.(error, event)
        }
      }
    },
    listenerCount(event) {
      return listeners.get(event)?.size ?? 0
    },
  }
}
