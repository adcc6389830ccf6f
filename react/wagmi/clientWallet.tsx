'use client'
import { loadConnectDialogInRuntime, provideRuntimeViews } from '@/react/components/runtimeViews'
import { preloadFamiliesWithDialog } from '@sigil/connectors/families'

/**
 * The wallet runtime's chunk (see walletRuntime.ts): the page's wagmi config (pageWallet.tsx) and the
 * views it loads on demand. The views import the config's module, never this one, so nothing imports
 * the chunk's entry back.
 */
export { startPageWallet } from './pageWallet'

/**
 * The connect dialog, with what its list needs of the families (how each reaches a wallet that is
 * not installed, react/wagmi/familyReach.ts). Imported from here, inside the runtime's chunk: the
 * bundler leaves out of an `import()`'s chunks what the importing chunk already brought, so the
 * dialog's chunks carry only the dialog. Imported from the first load, they carried their own copy
 * of this runtime (wagmi, the families, the wallet book's index: 22 kB gzip fetched twice).
 */
function loadConnectDialogParts() {
  return Promise.all([
    import('@/react/components/ConnectDialog'),
    import('./familyReach').then((module) => module.loadFamilyReach()).catch(() => undefined),
  ]).then(([dialog]) => dialog)
}

/**
 * The connect dialog, unless it is here already (runtimeViews.ts), from inside this chunk. With it,
 * where `families` is given, the modules the deployment's families fetch when it opens (a browser
 * wallet's connector, where one is there; `chosen` undefined: every family): asked for beside the
 * dialog's chunks, so a row's connect asks the wallet at once.
 */
export function loadConnectDialogHere(families?: { chosen: readonly string[] | undefined }) {
  if (families) preloadFamiliesWithDialog(families.chosen)
  return loadConnectDialogInRuntime()
}

/** The account view a connection leads to, from inside the runtime's chunk for the same reason. */
const loadConnectedViewModule = () => import('@/react/components/ConnectedView')

// What this chunk carries reaches the views through react/components/runtimeViews.ts, not by
// importing this module back (that would be an import circle through the runtime's chunk).
provideRuntimeViews({ connectDialog: loadConnectDialogParts, connectedView: loadConnectedViewModule })
