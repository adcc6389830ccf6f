/**
 * A wallet's key: the override key if set, else the name lowercased with non-word characters removed
 * (`"Trust Wallet"` → `trustwallet`). Wallet-book keys, and the connector keys that name persisted
 * values (connectors/shared/connectorKey.ts), are this one function
 * (docs/connectors/stored-values.md#the-connector-key).
 */
export function walletKey(name: string, overrideKey?: string | undefined): string {
  if (overrideKey) return overrideKey
  return name.toLowerCase().replace(/\W/g, '')
}
