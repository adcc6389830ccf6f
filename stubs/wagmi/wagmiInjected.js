/**
 * Stands in for wagmi's own `injected` connector in the app's bundles (next.config.mjs
 * `resolveAlias`). wagmi's `createConfig` imports it only to wrap EIP-6963 announcements, which
 * Sigil leaves to its own injected connector (connectors/injected/), so it is never called — only its
 * bytes would ride in the first load. Calling it is a programming error.
 */
export function injected() {
  throw new Error('wagmi: Sigil uses connectors/injected')
}
