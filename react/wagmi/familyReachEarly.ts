import { loadFamilyReach } from './familyReach'

/**
 * The families' ways of reaching a wallet (familyReach.ts), asked for as this module evaluates.
 * Imported first by clientWalletWithDialog.tsx, so their chunks are on their way while the runtime's
 * modules run (and the dialog's, when a tap asked for the group), not after.
 */
export const familyReachLoading: Promise<void> = loadFamilyReach().catch(() => undefined)
