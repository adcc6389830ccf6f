import { families } from '@sigil/connectors/families'
import type { ReachWallet } from '@sigil/connectors/shared/family'
import { familyReachChunks } from './familyReachChunks'
import { onceUntilFailed } from '@sigil/lib/onceUntilFailed'

/**
 * The families' ways of reaching a book wallet that is not installed, in the order they are asked:
 * every family's `reachWallet` (e.g. WalletConnect's deep link and QR code), then every family's
 * `reachWalletBrowser` (a phone's last way: the wallet's own browser). Each is a chunk of its own:
 * loaded with the connect dialog, then read synchronously while its list renders. A small external
 * store, so a list rendered before they arrived (a dialog opened without the preload) updates when
 * they do.
 */
let loaded: readonly ReachWallet[] = []
const listeners = new Set<() => void>()

/** Loads every family's ways once; a failed chunk is retried on the next call. */
export const loadFamilyReach: () => Promise<void> = onceUntilFailed(() =>
  Promise.all(familyReachChunks(families).map((load) => load())).then((reaches) => {
    loaded = reaches
    for (const listener of listeners) listener()
  }),
)

export { familyReachChunks }

export function subscribeFamilyReach(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** The loaded ways, in the registry's order (none until `loadFamilyReach` settled). */
export function getFamilyReach(): readonly ReachWallet[] {
  return loaded
}

const none: readonly ReachWallet[] = []
export function getServerFamilyReach(): readonly ReachWallet[] {
  return none
}
