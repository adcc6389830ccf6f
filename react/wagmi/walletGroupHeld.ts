'use client'
import { cannotRequire } from '@sigil/lib/cannotRequire'
import { requireFamilyReachModules } from '@sigil/connectors/familyReachModules'
import { loadFamilyReach } from './familyReach'

/**
 * The runtime-with-dialog chunk group (clientWalletWithDialog.tsx), fetched but not run. Importing
 * this module brings every chunk of that group into the browser and runs only this one: `require`
 * puts the group's modules in this module's chunks, as a static import would, but runs them only
 * when called. The page fetches the group as soon as it hydrates (loadWalletRuntime.ts,
 * `fetchWalletRuntimeWithDialog`) and runs it when the page is idle or a tap asks for it: the bytes
 * travel beside hydration, the parse and the modules' work come later, off the page's busiest moment
 * (docs/first-load.md#the-dialog-comes-when-the-page-is-idle).
 */
type WalletRuntimeWithDialog = typeof import('./clientWalletWithDialog')

/** Runs the group's modules (once: the module registry keeps them). */
export function runWalletRuntimeWithDialog(): Promise<WalletRuntimeWithDialog> {
  try {
    return Promise.resolve(require('./clientWalletWithDialog') as WalletRuntimeWithDialog)
  } catch (error) {
    if (!cannotRequire(error)) return Promise.reject(error)
    return import('./clientWalletWithDialog')
  }
}

/**
 * The families' ways of reaching a wallet (familyReach.ts), which the dialog's list reads: asked for
 * as the group arrives. Their modules come in this group's chunks (`requireFamilyReachModules`), so
 * the families' `import()`s of them fetch nothing more: the dialog no longer waits a round trip for
 * two small chunks after the group (on the bench's slow phone, about 0.2 s).
 */
export function fetchFamilyReach(): void {
  requireFamilyReachModules()
  void loadFamilyReach().catch(() => undefined)
}
