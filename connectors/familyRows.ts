import { coinbaseSmartWalletFamily } from './coinbaseSmartWallet/family'
import { embeddedRows } from './embedded/rows'
import { injectedFamily } from './injected/family'
import type { SigilFamily } from './shared/family'
import { walletConnectRows } from './walletConnect/rows'

/** A family as the connect dialog's list reads it: its connectors and its ways of reaching a wallet. */
export type FamilyRows = Pick<SigilFamily, 'id' | 'connectors' | 'walletConnectors' | 'reachWallet' | 'reachWalletBrowser'>

/**
 * The registry (families.ts) without the families' views: what the server reads to draw the connect
 * dialog's frame (react/wagmi/serverWalletOptions.ts). The same functions as the registry's, in its
 * order (families.test.ts checks), so the frame lists what the dialog lists. A view imported on the
 * server, even lazily, would bring its style sheet into every page's first load.
 */
export const familyRows: readonly FamilyRows[] = [injectedFamily, walletConnectRows, coinbaseSmartWalletFamily, embeddedRows]
