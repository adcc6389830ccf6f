/**
 * The connector key: the override key if set, else the name lowercased with non-word characters
 * removed (`"Trust Wallet"` → `trustwallet`). Persisted values and wallet-book keys both use it.
 */
export function connectorKey(name: string, overrideKey?: string | undefined): string {
  if (overrideKey) return overrideKey
  return name.toLowerCase().replace(/\W/g, '')
}
