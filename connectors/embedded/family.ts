import type { SigilFamily } from '../shared/family'
import { embeddedRows } from './rows'

export { embeddedConnectors } from './rows'

/**
 * The embedded HD wallet: a passkey locks it on this device, email recovers it. Its row's connector
 * is `rows.ts` (what the server's frame of the dialog reads too).
 */
export const embeddedFamily = {
  ...embeddedRows,
  panel: () => import('./panel/EmbeddedPanel').then((module) => module.EmbeddedPanel),
  accountActions: () => import('./panel/ManageWallet').then((module) => module.ManageWallet),
} satisfies SigilFamily
