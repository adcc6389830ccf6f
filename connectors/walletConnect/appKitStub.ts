/**
 * What a host's bundle gets in place of `@reown/appkit/core` when its Next config goes through
 * `withSigil` (../withSigil.ts): the AppKit stub (`@sigil/appkit-stub`), reached through this package
 * so that the alias resolves from the host's root under any package manager (the host depends on
 * `@sigil/connectors`, not on the stub). WalletConnect's provider imports AppKit only for its own QR
 * modal, which the family turns off (providerOptions.ts); the stub throws if it is ever called.
 */
export { createAppKit } from '@sigil/appkit-stub/core'
