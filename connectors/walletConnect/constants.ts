/**
 * Identity of the WalletConnect connectors, shared by the first-load proxies (family.ts), the family
 * module and the wallet list. Tiny on purpose: family.ts imports it into the first load.
 */

/** wagmi's connector type for every WalletConnect connector. */
export const WALLETCONNECT_TYPE = 'walletConnect'

/**
 * wagmi id of a WalletConnect connector: `walletConnect` for the generic one, `walletConnect.<key>`
 * for a wallet-book wallet (its injected connector already has the bare key as its id).
 */
export function walletConnectConnectorId(walletKey?: string | undefined): string {
  return walletKey ? `${WALLETCONNECT_TYPE}.${walletKey}` : WALLETCONNECT_TYPE
}
