import { coinbaseSmartWalletManifest } from './coinbaseSmartWallet/manifest'
import { embeddedManifest } from './embedded/manifest'
import { injectedManifest } from './injected/manifest'
import type { FamilyManifest } from './shared/manifest'
import { walletConnectManifest } from './walletConnect/manifest'

/**
 * The server's registry: every family's manifest, one line each, in the order of the browser's
 * registry (connectors/families.ts; families.test.ts checks the two agree). Server-safe: a manifest
 * imports no SDK, no React and no browser code. The server never imports connectors/ (README
 * "Layout"): the composition roots (proxy.ts, the route handlers) hand it what is built from this list
 * — the egress entries of the Content-Security-Policy, `/.well-known/sigil-egress.json`.
 * docs/families/README.md.
 */
export const manifests: FamilyManifests = [injectedManifest, walletConnectManifest, coinbaseSmartWalletManifest, embeddedManifest] as const satisfies readonly FamilyManifest[]

/**
 * The registry's type, written by name: the package's declarations then import each manifest, whose
 * `declare module` blocks complete lib's catalogue and settings types for whoever imports this file.
 */
type FamilyManifests = readonly [typeof injectedManifest, typeof walletConnectManifest, typeof coinbaseSmartWalletManifest, typeof embeddedManifest]
