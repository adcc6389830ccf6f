import type { PersistedValues } from '../shared/persistedValues'

/**
 * Whether the values stored under an injected connector's key are a connection of its own: an active
 * account and no WalletConnect session topic.
 *
 * A wallet's extension and the same wallet over WalletConnect share the connector key, so the four
 * values (docs/connectors/stored-values.md#the-connector-key), and the topic is written only by a
 * WalletConnect session. Values with a topic are that session's: the extension's connector leaves
 * them alone. It does not wait for a late injection on their account (the reload's restore, which a
 * chain switch waits out, took three seconds longer on a phone), nor clear them when its extension
 * shows no account (the WalletConnect session would be lost with its topic).
 */
export function hasStoredInjectedConnection(persisted: Pick<PersistedValues, 'getActiveAccount' | 'getSessionTopic'>): boolean {
  return persisted.getActiveAccount() !== undefined && persisted.getSessionTopic() === undefined
}
