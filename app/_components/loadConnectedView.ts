import type * as ConnectedViewModule from './ConnectedView'

let loaded: typeof ConnectedViewModule | undefined

/**
 * The connected view's chunk: loaded by `next/dynamic` when the page renders it, and preloaded when
 * the connect dialog opens so it is ready by the time the wallet answers.
 */
export function loadConnectedView(): Promise<typeof ConnectedViewModule> {
  return import('./ConnectedView').then((module) => (loaded = module))
}

export function preloadConnectedView(): void {
  void loadConnectedView().catch(() => {
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
