import { localChain } from '@sigil/lib/chains'

/**
 * The handles end-to-end tests and benches reach the page through, all under `window.__sigilTest`:
 * - `switchChain`: ask for a chain the menu does not offer, through the very path the menu uses;
 * - `embeddedProvider`: the embedded wallet's EIP-1193 provider, to send requests without a button.
 */
export type SigilTestHandles = {
  switchChain?: (chainId: number) => Promise<void>
  embeddedProvider?: { request(args: { method: string; params?: unknown }): Promise<unknown> }
}

declare global {
  interface Window {
    /** End-to-end test handles; present only behind `testHandlesEnabled` (never in a deployment). */
    __sigilTest?: SigilTestHandles
  }
}

/**
 * The one gate of every test handle in the browser: the build offers the local anvil chain, which
 * only development and test builds do (a production build refuses it on a public origin:
 * docs/deploy.md). The server's test hooks have their own, stricter gate (`EMBEDDED_TEST_CLOCK`).
 */
function testHandlesEnabled(chainIds: readonly number[]): boolean {
  return chainIds.includes(localChain.id)
}

/** Installs one handle when the gate is open; returns its removal (which leaves a newer one alone). */
export function installTestHandle<K extends keyof SigilTestHandles>(chainIds: readonly number[], key: K, value: NonNullable<SigilTestHandles[K]>): () => void {
  if (typeof window === 'undefined' || !testHandlesEnabled(chainIds)) return () => undefined
  const handles = (window.__sigilTest ??= {})
  handles[key] = value
  return () => {
    if (handles[key] === value) delete handles[key]
  }
}
