import type { ComponentType } from 'react'
import { createLoadedModule } from '@/react/lib/loadedModule'
import type { ConnectDialogProps, ConnectedViewProps } from './viewProps'

/**
 * The views the wallet runtime's chunk imports on demand (the connect dialog, the account view),
 * reached without importing the runtime. The runtime (react/wagmi/clientWallet.tsx) hands over its
 * loaders when its chunk evaluates; the first load reaches them through the runtime's loader
 * (`loadConnectDialog.ts`, `loadConnectedView.ts`), and what the runtime's own chunks carry (the
 * dialog's list, linked wallets) calls them here directly, since the runtime is in the page by then.
 * This module imports only types and a small helper: it is where both directions meet, so neither imports the
 * other (an import circle, even through `import()`, would tie the chunks and the packages together).
 */
type ConnectDialogModule = { ConnectDialog: ComponentType<ConnectDialogProps> }
type ConnectedViewModule = { ConnectedView: ComponentType<ConnectedViewProps> }

type RuntimeViews = {
  connectDialog(): Promise<ConnectDialogModule>
  connectedView(): Promise<ConnectedViewModule>
}

let provide: (loaders: RuntimeViews) => void = () => undefined
/**
 * The runtime's loaders, once its chunk has evaluated. A view may ask before that: the account view
 * of a page the server rendered connected loads on its own, while the runtime comes when the page
 * is idle (react/components/Wallet.tsx); such a request waits for it.
 */
const views = new Promise<RuntimeViews>((resolve) => {
  provide = resolve
})

/** Called once by the runtime's chunk as it evaluates. */
export function provideRuntimeViews(loaders: RuntimeViews): void {
  provide(loaders)
}

const connectDialog = createLoadedModule<ConnectDialogModule>()

/**
 * Records the connect dialog's module once it is in the browser, whichever way it came: from inside
 * the runtime, or in one chunk group with it (react/wagmi/clientWalletWithDialog.tsx).
 */
export const markConnectDialogLoaded = connectDialog.mark

/** The connect dialog's module once it has loaded in this browser, else undefined (rendered directly, see below). */
export const loadedConnectDialog = connectDialog.get

let inGroup: (() => Promise<ConnectDialogModule>) | undefined

/**
 * Called by the chunk group that brought the dialog with the runtime (clientWalletWithDialog.tsx) as
 * it evaluates: its dialog is fetched, not yet run, and is the one to run when asked for.
 */
export function provideConnectDialogInGroup(load: () => Promise<ConnectDialogModule>): void {
  inGroup = load
}

/**
 * The connect dialog: the module if it is here already, else the one the runtime's group brought
 * (run now), else its chunks from inside the runtime's (see `loadConnectDialogParts`).
 */
export function loadConnectDialogInRuntime(): Promise<ConnectDialogModule> {
  const here = connectDialog.get()
  if (here) return Promise.resolve(here)
  if (inGroup) return inGroup()
  return views.then((loaders) => loaders.connectDialog()).then(markConnectDialogLoaded)
}

const connectedView = createLoadedModule<ConnectedViewModule>()

/** Records the connected view's module once it is in the browser (see `loadedConnectedView`). */
export const markConnectedViewLoaded = connectedView.mark

let loading: Promise<boolean> | undefined

/**
 * Loads the connected view's chunk, once, unless it is already here, with the runtime already in the
 * page: on a row's intent in the connect dialog (hover, focus, touch) or when a connection starts.
 * True once loaded; false if the chunk could not be fetched (offline, a deploy replaced it), and the
 * next call tries again. The first load's way in is `preloadConnectedView` (loadConnectedView.ts).
 */
export function preloadConnectedViewInRuntime(): Promise<boolean> {
  if (connectedView.get()) return Promise.resolve(true)
  loading ??= views
    .then((loaders) => loaders.connectedView())
    .then(
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
export const loadedConnectedView = connectedView.get

/** For `useSyncExternalStore`: called once the module has loaded. */
export const subscribeConnectedView = connectedView.subscribe
