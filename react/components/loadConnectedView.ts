import { loadWalletRuntime } from '@/react/wagmi/loadWalletRuntime'
import { preloadConnectedViewInRuntime } from './runtimeViews'

/**
 * Loads the connected view's chunk from the first load: for a page the server rendered connected,
 * and whenever the page's slot needs it. The runtime first (here already once the page was idle),
 * then the view from inside it (react/wagmi/clientWallet.tsx, `loadConnectedViewModule`), so the
 * view's chunks leave out what the runtime brought. True once loaded; false if a chunk could not be
 * fetched, and the next call tries again.
 */
export function preloadConnectedView(): Promise<boolean> {
  return loadWalletRuntime().then(preloadConnectedViewInRuntime, () => false)
}
