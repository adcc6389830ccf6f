'use client'
import { requireFamilyReachModules } from '@sigil/connectors/familyReachModules'
import { cannotRequire } from '@sigil/lib/cannotRequire'

/**
 * The runtime-with-dialog chunk group (clientWalletWithDialog.tsx), fetched but not run. Importing
 * this module brings every chunk of that group into the browser and runs nothing but this module and
 * the small one it imports (their functions only): `require` puts the group's modules in this
 * module's chunks, as a static import would, but runs them only when called. The page fetches the
 * group as it hydrates (loadWalletRuntime.ts, `fetchWalletRuntimeWithDialog`) and runs it when the
 * page is idle or a tap asks for it: the bytes travel beside hydration, the modules' work comes later
 * (docs/first-load.md#the-dialog-comes-when-the-page-is-idle).
 *
 * Where `require` is missing (a bundler that leaves it alone in an ES module package, such as webpack
 * or Vite on the published package) importing this brings only itself: the group is fetched when it
 * runs, by the dynamic import, as it was before this module.
 */
type WalletRuntimeWithDialog = typeof import('./clientWalletWithDialog')

/**
 * Runs the group's modules (once: the module registry keeps them). The families' ways of reaching a
 * wallet, which the dialog's list reads, come in this group's chunks too (`requireFamilyReachModules`):
 * the families' own `import()`s of them then fetch nothing, where the dialog used to wait a round trip
 * for two small chunks after the group (on the bench's slow phone, about 0.2 s).
 */
export function runWalletRuntimeWithDialog(): Promise<WalletRuntimeWithDialog> {
  requireFamilyReachModules()
  try {
    return Promise.resolve(require('./clientWalletWithDialog') as WalletRuntimeWithDialog)
  } catch (error) {
    if (!cannotRequire(error)) return Promise.reject(error)
    return import('./clientWalletWithDialog')
  }
}
