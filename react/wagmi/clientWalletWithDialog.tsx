'use client'
// First: the families' ways of reaching a wallet start loading before the dialog's modules evaluate.
import { familyReachLoading } from './familyReachEarly'
import * as connectDialog from '@/react/components/ConnectDialog'
import { type loadConnectDialogInRuntime, markConnectDialogLoaded } from '@/react/components/runtimeViews'
import { preloadFamiliesWithDialog } from '@sigil/connectors/families'

/**
 * The wallet runtime (clientWallet.tsx) and the connect dialog in one chunk group, for a dialog
 * wanted before the runtime was asked for (loadWalletRuntime.ts): its chunks come in one wave
 * instead of two, the runtime's and then, once it has run, the dialog's. The bundler shares the
 * chunks the two groups have in common; what the runtime's own views load from inside it finds the
 * dialog here already (runtimeViews.ts).
 */
export * from './clientWallet'

/** The dialog, once what its list needs of the families (familyReach.ts) is here too, as the runtime's own path has it. */
const connectDialogReady = familyReachLoading.then(() => {
  markConnectDialogLoaded(connectDialog)
  return connectDialog
})

/** As the runtime's own (clientWallet.tsx), with the dialog this group brought. */
export function loadConnectDialogHere(families?: { chosen: readonly string[] | undefined }): ReturnType<typeof loadConnectDialogInRuntime> {
  if (families) preloadFamiliesWithDialog(families.chosen)
  return connectDialogReady
}
