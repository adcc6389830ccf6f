/**
 * Stands in for the `mipd` package in the app's bundles (next.config.mjs `resolveAlias`). wagmi's
 * `createConfig` imports it for its own EIP-6963 discovery, which Sigil turns off
 * (`multiInjectedProviderDiscovery: false`: connectors/injected/discovery.ts does it), so it is
 * never called — only its bytes would ride in the first load. Calling it is a programming error.
 */
export function createStore() {
  throw new Error('wagmi: multiInjectedProviderDiscovery is off in Sigil')
}
