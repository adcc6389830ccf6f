import { coinbaseSmartWalletFamily } from './coinbaseSmartWallet/family'
import { embeddedFamily } from './embedded/family'
import { injectedFamily } from './injected/family'
import type { SigilFamily } from './shared/family'
import { walletConnectFamily } from './walletConnect/family'

/**
 * Every wallet family, one line each, in the order their connectors enter the wagmi config. The app
 * reads them from here: `createSigilConfig` their connectors, the connect dialog their rows, views
 * and reach. A new family is a folder with its `family.ts` (see connectors/README.md) and a line here.
 */
export const families: readonly SigilFamily[] = [
  injectedFamily,
  walletConnectFamily,
  coinbaseSmartWalletFamily,
  embeddedFamily,
]

/**
 * What the deployment's families (all, or the `chosen` ids of sigil.config.ts) fetch as the connect
 * dialog opens or is fetched ahead (`preloadWithDialog`: a browser wallet's connector), so a row's
 * connect asks its wallet at once.
 */
export function preloadFamiliesWithDialog(chosen: readonly string[] | undefined): void {
  for (const family of families) if (!chosen || chosen.includes(family.id)) family.preloadWithDialog?.()
}
