/**
 * A lazily loaded module, kept once it is in the browser, for rendering its component directly.
 *
 * Why: through `next/dynamic` or `React.lazy`, a component suspends for a moment even when its chunk
 * is already here, and React holds back the reveal of a suspended boundary by up to 300 ms. A view
 * that reads the module from here instead appears in the commit that asks for it. The connect dialog
 * (runtimeViews.ts) and the account view (runtimeViews.ts, ConnectedSlot.tsx) both do.
 *
 * `get` answers undefined on the server, so the server's render and hydration keep the lazy wrapper.
 */
export interface LoadedModule<M> {
  /** Keeps `module` (the first time, or a new one) and tells the subscribers; returns it. */
  readonly mark: (module: M) => M
  /** The module once loaded in this browser, else undefined. */
  readonly get: () => M | undefined
  /** For `useSyncExternalStore`: `listener` runs when the module is marked. */
  readonly subscribe: (listener: () => void) => () => void
}

export function createLoadedModule<M>(): LoadedModule<M> {
  let kept: M | undefined
  const listeners = new Set<() => void>()
  return {
    mark: (module) => {
      if (kept !== module) {
        kept = module
        for (const listener of listeners) listener()
      }
      return module
    },
    get: () => (typeof window === 'undefined' ? undefined : kept),
    subscribe: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
