'use client'
import { cannotRequire } from '../lib/cannotRequire'
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
 * The families' ways of reaching a wallet (familyReach.ts), two small chunks of their own that the
 * dialog's list reads: asked for as the group arrives, so they are here by the time it runs.
 */
export function fetchFamilyReach(): void {
  void loadFamilyReach().catch(() => undefined)
}
