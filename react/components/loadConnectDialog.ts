import { loadWalletRuntime, loadWalletRuntimeWithDialog } from '@/react/wagmi/loadWalletRuntime'
import { loadConnectDialogInRuntime, loadedConnectDialog, markConnectDialogLoaded } from './runtimeViews'

/**
 * The connect dialog's chunk from the first load, shared by `next/dynamic`, a tap, the preload on
 * hover/focus/touch and the fetch when the page is idle. Asked for before the runtime (or by the idle
 * start, which asks for the group on a page with no stored connection): both in one wave of chunks
 * (`loadWalletRuntimeWithDialog`), the dialog run when first asked for. Otherwise (the runtime came
 * alone: a stored connection, the data saver) the dialog's own chunks from inside it
 * (`loadConnectDialogHere`, react/wagmi/clientWallet.tsx), which leave out what the runtime brought. `families`: the
 * deployment's chosen families (publicConfig.families), whose modules that come with the dialog are
 * asked for beside it; a hover or focus, which does not know them, leaves them to the tap.
 */
export function loadConnectDialog(families?: { chosen: readonly string[] | undefined }): Promise<ConnectDialogModule> {
  const runtime = loadWalletRuntimeWithDialog() ?? loadWalletRuntime()
  return runtime.then((loaded) => loaded.loadConnectDialogHere(families)).then(markConnectDialogLoaded)
}

type ConnectDialogModule = Awaited<ReturnType<typeof loadConnectDialogInRuntime>>

/**
 * The dialog's module once it is in the browser, else undefined (react/lib/loadedModule.ts). Rendered
 * directly, a tap opens the dialog in its own commit.
 */
export { loadedConnectDialog }

export function preloadConnectDialog(): void {
  void loadConnectDialog().catch(() => {
    // Offline or a deploy replaced the chunk: the click will try again and report it.
  })
}

/**
 * The dialog run (fetched with the runtime, or fetched now) once the page is idle (docs/first-load.md#the-dialog-comes-when-the-page-is-idle),
 * with what the deployment's families fetch when it opens. A failure is left for the tap to meet.
 */
export function prefetchConnectDialog(chosenFamilies: readonly string[] | undefined): void {
  void loadConnectDialog({ chosen: chosenFamilies }).catch(() => undefined)
}
