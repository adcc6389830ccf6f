import { loadWalletRuntime } from '@/react/wagmi/loadWalletRuntime'
import { createLoadedModule } from '@/react/lib/loadedModule'
import { loadConnectDialogInRuntime } from './runtimeViews'

/**
 * The connect dialog's chunk from the first load, shared by `next/dynamic` and the preload on
 * hover/focus/touch: the runtime first (already here once the page was idle), then the dialog's own
 * chunks from inside it (`loadConnectDialogParts`, react/wagmi/clientWallet.tsx), which leave out
 * what the runtime brought.
 */
export const loadConnectDialog = () => loadWalletRuntime().then(loadConnectDialogInRuntime).then(markLoaded)

type ConnectDialogModule = Awaited<ReturnType<typeof loadConnectDialogInRuntime>>
const dialog = createLoadedModule<ConnectDialogModule>()
const markLoaded = dialog.mark

/**
 * The dialog's module once it is in the browser, else undefined (react/lib/loadedModule.ts). Rendered
 * directly, a tap opens the dialog in its own commit.
 */
export const loadedConnectDialog = dialog.get

export function preloadConnectDialog(): void {
  void loadConnectDialog().catch(() => {
    // Offline or a deploy replaced the chunk: the click will try again and report it.
  })
}

/**
 * The dialog fetched ahead once the page is idle (docs/first-load.md#the-dialog-comes-when-the-page-is-idle),
 * with what the deployment's families fetch when it opens. A failure is left for the tap to meet.
 */
export function prefetchConnectDialog(chosenFamilies: readonly string[] | undefined): void {
  void loadWalletRuntime()
    .then((runtime) => runtime.prepareConnectDialog(chosenFamilies))
    .then(markLoaded)
    .catch(() => undefined)
}
