'use client'
import { type loadConnectDialogInRuntime, markConnectDialogLoaded, provideConnectDialogInGroup } from '@/react/components/runtimeViews'
import { preloadFamiliesWithDialog } from '@sigil/connectors/families'
import { cannotRequire } from '@sigil/lib/cannotRequire'
import { onceUntilFailed } from '@sigil/lib/onceUntilFailed'
import { loadFamilyReach } from './familyReach'

/**
 * The wallet runtime (clientWallet.tsx) and the connect dialog in one chunk group, for a dialog
 * wanted before the runtime was asked for (loadWalletRuntime.ts): a tap, a hover, or the idle start
 * on a page with no stored connection. Its chunks come in one wave instead of two, the runtime's and
 * then, once it has run, the dialog's. The bundler shares the chunks the two groups have in common.
 * The dialog's module comes with the group but runs only when first asked for (`runConnectDialog`);
 * what the runtime's own views load from inside it runs this one (runtimeViews.ts).
 */
export * from './clientWallet'

type ConnectDialogModule = typeof import('@/react/components/ConnectDialog')

/**
 * The dialog's module, run now. The idle start fetches this group before anyone asked for the dialog
 * (docs/first-load.md#the-dialog-comes-when-the-page-is-idle): `require` puts the module in the
 * group's chunks, as a static import would, but runs it only when called, so it is not run in the
 * same task as the runtime. Where `require` is missing or cannot find the module (a test runner's
 * Node `require`, a bundler that leaves `require` alone in an ES module package), the dynamic import:
 * the same module, fetched then if it is not here yet. An error the module itself throws is not
 * retried that way: it is the dialog's load failing, reported as such.
 */
function runConnectDialog(): Promise<ConnectDialogModule> {
  try {
    return Promise.resolve(require('../components/ConnectDialog') as ConnectDialogModule)
  } catch (error) {
    if (!cannotRequire(error)) return Promise.reject(error)
    return import('../components/ConnectDialog')
  }
}

/**
 * The dialog, once what its list needs of the families (familyReach.ts) is here too, as the runtime's
 * own path has it. The families' ways were asked for as the group arrived, and their modules came
 * with it (walletGroupHeld.ts): the dialog runs beside that, not after it. A module that could not be
 * fetched or run is asked for afresh next time.
 */
const connectDialogReady = onceUntilFailed(() => Promise.all([runConnectDialog(), loadFamilyReach().catch(() => undefined)]).then(([dialog]) => markConnectDialogLoaded(dialog)))

/** As the runtime's own (clientWallet.tsx), with the dialog this group brought. */
export function loadConnectDialogHere(families?: { chosen: readonly string[] | undefined }): ReturnType<typeof loadConnectDialogInRuntime> {
  if (families) preloadFamiliesWithDialog(families.chosen)
  return connectDialogReady()
}

// What the runtime's own views load (a linking dialog from the account view) runs this group's
// dialog, the same module, rather than the runtime's own way to it.
provideConnectDialogInGroup(() => loadConnectDialogHere())
