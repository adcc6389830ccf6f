import { cancelRoutes } from './cancelRoutes'
import { createCodeSessions } from './codeSessions'
import { deviceRoutes } from './deviceRoutes'
import { createEmbeddedRouteKit } from './embeddedRouteKit'
import { pairingRoutes } from './pairingRoutes'
import { recoveryRoutes } from './recoveryRoutes'
import type { EmbeddedRouteDeps } from './routeShared'
import { walletRoutes } from './walletRoutes'

export type { EmbeddedConfig, EmbeddedRouteDeps } from './routeShared'

/**
 * The embedded wallet's API:
 * - `emailCode` → `emailVerify`: the email is proven by a code before anything is made for it;
 * - `walletOptions`: a wallet id, its passkey's creation options, the recovery public key (proven email only);
 * - `createWallet`: verifies the passkey and records the wallet (ciphertext only), at most 5 per email;
 * - `recoveryCode` → `recoveryVerify` → `recoveryStart` → (the delay) → `recoveryKey` → `recoveryComplete`:
 *   email recovery, time-locked: the owner is mailed a notice with a cancel link when it starts
 *   (`recoveryCancelPage`, `recoveryCancel`), and the key is released only after
 *   `EMBEDDED_RECOVERY_DELAY`; `recoveryPending` tells the recovering browser where it stands;
 * - `walletRecoveriesChallenge` → `walletRecoveries` / `walletRecoveriesCancel`: an owner's device
 *   (the wallet's key signs; its passkey asserts) sees a pending recovery and cancels it.
 */
export function createEmbeddedRoutes(deps: EmbeddedRouteDeps) {
  const kit = createEmbeddedRouteKit(deps)
  const codes = createCodeSessions(kit)
  return {
    ...walletRoutes(kit, codes),
    ...recoveryRoutes(kit, codes),
    ...deviceRoutes(kit),
    ...pairingRoutes(kit),
    ...cancelRoutes(kit),
  }
}

export type EmbeddedRoutes = ReturnType<typeof createEmbeddedRoutes>
