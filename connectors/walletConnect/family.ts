import type { SigilFamily } from '../shared/family'
import { walletConnectRows } from './rows'

export { walletConnectConnectors, walletConnectWalletConnectors } from './rows'

/**
 * WalletConnect v2: a QR code on desktop, a deep link on phones, through the configured relay. Its
 * view (QR code, links, retry) is `panel/WalletConnectPanel.tsx`; a book wallet that is not
 * installed is reached through its WalletConnect connector (`reachWallet.ts`). Its rows, connectors
 * and reach are `rows.ts` (what the server's frame of the dialog reads too).
 */
export const walletConnectFamily = {
  ...walletConnectRows,
  panel: () => import('./panel/WalletConnectPanel').then((module) => module.WalletConnectPanel),
  // A literal read: the bundler replaces it, and a production build drops the notice and its chunk.
  devNotice: process.env.NODE_ENV === 'development' ? () => import('./panel/WalletConnectOffNotice').then((module) => module.WalletConnectOffNotice) : undefined,
} satisfies SigilFamily
