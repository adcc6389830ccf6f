import { walletKey } from '@sigil/wallet-book/walletKey'

/**
 * The connector key: the override key if set, else the name lowercased with non-word characters
 * removed (`"Trust Wallet"` → `trustwallet`). Persisted values and wallet-book keys both use it, so
 * it is the wallet-book's own key function (connectors sit above the wallet-book, never below).
 */
export const connectorKey: (name: string, overrideKey?: string | undefined) => string = walletKey
