/** docs/connectors/retries-and-timeouts.md#connectors-the-browser: at most 10 automatic pairing attempts. */
export const MAX_PAIRING_ATTEMPTS = 10

/**
 * Where the shared pairing stands, for the QR view and the phone's deep links:
 * - `idle`: nothing under way (no URI);
 * - `pairing`: a proposal is out; `uri` is its `wc:` URI as soon as the SDK shows it;
 * - `exhausted`: every automatic attempt expired; a new one starts only on request ("Try again");
 * - `connected`: a wallet approved.
 * `attempt` counts the proposals of the current run (1…`maxAttempts`).
 */
export type PairingSnapshot = {
  readonly status: 'idle' | 'pairing' | 'exhausted' | 'connected'
  readonly uri: string | undefined
  readonly attempt: number
  readonly maxAttempts: number
}

export type PairingState = {
  getSnapshot(): PairingSnapshot
  subscribe(listener: () => void): () => void
  set(next: Partial<Omit<PairingSnapshot, 'maxAttempts'>>): void
}

/** A tiny external store (`useSyncExternalStore`-shaped): snapshots are immutable and change only on `set`. */
export function createPairingState(maxAttempts = MAX_PAIRING_ATTEMPTS): PairingState {
  let snapshot: PairingSnapshot = Object.freeze({ status: 'idle', uri: undefined, attempt: 0, maxAttempts })
  const listeners = new Set<() => void>()
  return {
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
    set(next) {
      const merged = { ...snapshot, ...next }
      if (merged.status === snapshot.status && merged.uri === snapshot.uri && merged.attempt === snapshot.attempt) return
      snapshot = Object.freeze(merged)
      for (const listener of [...listeners]) listener()
    },
  }
}
