import { loadWalletRuntime } from '@/app/_wagmi/walletRuntime'
import type * as ConnectedViewModule from './ConnectedView'

let loaded: typeof ConnectedViewModule | undefined
const listeners = new Set<() => void>()

/** Records the connected view's module once it is in the browser (see `loadedConnectedView`). */
export function markConnectedViewLoaded(module: typeof ConnectedViewModule): typeof ConnectedViewModule {
  if (loaded !== module) {
    loaded = module
    for (const listener of listeners) listener()
  }
  return module
}

let loading: Promise<boolean> | undefined

/**
 * Loads the connected view's chunk, once, unless it is already here: on a row's intent in the connect
 * dialog (hover, focus, touch) or when a connection starts, and for a page the server rendered
 * connected. It is not part of the dialog's chunk, which opens without it. True once loaded;
 * false if the chunk could not be fetched (offline, a deploy replaced it), and the next call tries
 * again.
 */
export function preloadConnectedView(): Promise<boolean> {
  if (loaded) return Promise.resolve(true)
  // Through the runtime (here already once the page was idle): the view's chunks then leave out
  // what the runtime brought (app/_wagmi/clientWallet.tsx, loadConnectDialogParts).
  loading ??= loadWalletRuntime().then((runtime) => runtime.loadConnectedViewModule()).then(
    (module) => {
      markConnectedViewLoaded(module)
      return true
    },
    () => {
      loading = undefined
      return false
    },
  )
  return loading
}

/**
 * The module once it has loaded in this browser, else undefined. Rendering it directly (instead of
 * through a lazy wrapper, which suspends, and whose reveal React throttles by up to 300 ms) shows
 * the account in the same commit as the connection, or in the one right after the chunk arrives.
 */
export function loadedConnectedView(): typeof ConnectedViewModule | undefined {
  return typeof window === 'undefined' ? undefined : loaded
}

/** For `useSyncExternalStore`: called once the module has loaded. */
export function subscribeConnectedView(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
