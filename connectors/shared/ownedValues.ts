import type { PersistedValues } from './persistedValues'

// A module of its own: only the family chunks that use it carry it, not the page's.

/**
 * The values as one of the connectors that share their key sees them: a wallet's extension and the same
 * wallet over WalletConnect (docs/connectors/stored-values.md#the-connector-key). `clear` removes them
 * only while `owns` says they are this connector's connection, so ending or abandoning one never ends
 * the other's (closing the wallet's WalletConnect view while its extension is connected, say).
 */
export function ownedValues(values: PersistedValues, owns: (values: PersistedValues) => boolean): PersistedValues {
  return {
    ...values,
    clear() {
      if (owns(values)) values.clear()
    },
  }
}

/**
 * The values as a connector reports them (`connector.sigil`): while `owns` says they are the other
 * connector's, this one has no account, chain or switch of its own to report.
 */
export function ownedReadings(values: PersistedValues, owns: (values: PersistedValues) => boolean): PersistedValues {
  return {
    ...values,
    getActiveAccount: () => (owns(values) ? values.getActiveAccount() : undefined),
    getCurrentChain: () => (owns(values) ? values.getCurrentChain() : undefined),
    getSwitchedNetwork: () => owns(values) && values.getSwitchedNetwork(),
  }
}
