import { families } from '@/connectors/families'
import type { ReachWallet } from '@/connectors/shared/family'

/**
 * The families' ways of reaching a book wallet that is not installed (`reachWallet`, e.g.
 * WalletConnect's deep link and QR code), each a chunk of its own: loaded with the connect dialog,
 * then read synchronously while its list renders. A small external store, so a list rendered before
 * they arrived (a dialog opened without the preload) updates when they do.
 */
let loaded: readonly ReachWallet[] = []
let loading: Promise<void> | undefined
const listeners = new Set<() => void>()

/** Loads every family's `reachWallet` once; a failed chunk is retried on the next call. */
export function loadFamilyReach(): Promise<void> {
  loading ??= Promise.all(families.flatMap((family) => (family.reachWallet ? [family.reachWallet()] : []))).then(
    (reaches) => {
      loaded = reaches
      for (const listener of listeners) listener()
    },
    (error: unknown) => {
      loading = undefined
      throw error
    },
  )
  return loading
}

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
