/**
 * Stands in for `@reown/appkit` and `@reown/appkit/core`, installed in AppKit's place by a package
 * manager's override (this project: the root package.json `overrides`) and aliased to in bundles
 * (`withSigil`, @sigil/connectors/withSigil; this project: next.config.mjs `resolveAlias`).
 * `@walletconnect/ethereum-provider` imports `@reown/appkit/core` only to open its own QR modal,
 * which Sigil turns off (`showQrModal: false`, connectors/walletConnect/providerOptions.ts): Sigil
 * draws its own QR. Reaching this function is a programming error.
 */
export function createAppKit() {
  throw new Error('The WalletConnect QR modal is off in Sigil (showQrModal: false): @sigil/appkit-stub stands in for @reown/appkit here.')
}
