import type { PublicConfig } from '@sigil/lib/config/public'
import { egressSources, type EgressEntry } from '@sigil/lib/config/egress'
import { COINBASE_SDK_STYLE_HASHES, NEXT_BUILTIN_STYLE_HASHES } from './inlineStyleHashes'
import { APP_TRUSTED_TYPES_POLICY } from './trustedTypes'

/**
 * The security headers of every page and API response, built per request by `proxy.ts` from the
 * configuration the browser gets (`getPublicConfig`) and the wallet families' egress declarations
 * (connectors/egress.ts, handed in by the caller: lib sits below the connectors), so the policy allows
 * exactly the hosts this deployment declares. Pure: no environment, no clock, no randomness (the nonce
 * comes in).
 */

/** What the policy depends on: the browser's configuration, the environment's kind and the nonce. */
export type SecurityHeadersInput = {
  /** Fresh for every response (`createNonce`); Next stamps it on its own scripts. */
  nonce: string
  /** `NODE_ENV === 'production'`: HSTS is sent and `'unsafe-eval'` is not. */
  production: boolean
  publicConfig: Pick<PublicConfig, 'vaultOrigin'>
  /**
   * What the page may reach besides its own origin, as the families declare it for this deployment
   * (connectors/egress.ts `egressEntries`): `connect` entries make `connect-src`, `frame` entries
   * `frame-src`; `popup` entries are windows, which no directive governs. docs/security/egress.md.
   */
  egress: readonly EgressEntry[]
  /** Production: the `'sha256-…'` of each of the build's CSS files, which Next inlines (server/http/buildStyleHashes.ts). */
  styleHashes?: readonly string[]
}

/**
 * Only what the app uses: writing to the clipboard ("Copy address", "Copy link"), and passkeys for the
 * embedded wallet's vault frame (`VAULT_ORIGIN`). Chromium delegates a feature to a frame only when
 * the page has it itself, hence `self` too; the page's own ceremonies can only ever be for its own
 * host, never for the vault's RP ID (WebAuthn's RP ID rule), so no page script can unlock the vault's
 * passkeys. Everything else powerful is off for this page and any frame.
 */
function permissionsPolicy(vaultOrigin: string | undefined): string {
  const allow = vaultOrigin ? `self "${vaultOrigin}"` : 'self'
  return [`publickey-credentials-get=(${allow})`, `publickey-credentials-create=(${allow})`, ...OTHER_PERMISSIONS].join(', ')
}

/** Writing to the clipboard for this document only, and every other powerful feature off (the app's and the vault's pages alike). */
export const OTHER_PERMISSIONS = [
  'clipboard-write=(self)',
  'clipboard-read=()',
  'camera=()',
  'microphone=()',
  'geolocation=()',
  'payment=()',
  'usb=()',
  'serial=()',
  'hid=()',
  'midi=()',
  'display-capture=()',
  'screen-wake-lock=()',
  'accelerometer=()',
  'gyroscope=()',
  'magnetometer=()',
  'browsing-topics=()',
]

/** Two years with subdomains: the HSTS preload list's minimum; production only (development is plain http). */
export const STRICT_TRANSPORT_SECURITY = 'max-age=63072000; includeSubDomains'

/** 16 random bytes, base64: unguessable, and in the `'nonce-…'` alphabet Next accepts. */
export function createNonce(randomBytes: Uint8Array = crypto.getRandomValues(new Uint8Array(16))): string {
  let binary = ''
  for (const byte of randomBytes) binary += String.fromCharCode(byte)
  return btoa(binary)
}

/**
 * `connect-src`: the page's own origin (its API, and every chain read and broadcast through
 * `/api/rpc/<id>`) and the `connect` entries the families declare, nothing else.
 */
export function connectSources(egress: readonly EgressEntry[]): string[] {
  return ["'self'", ...egressSources(egress, 'connect')]
}

/** `frame-src`: the `frame` entries the families declare (the vault, WalletConnect's Verify), or none. */
export function frameSources(egress: readonly EgressEntry[]): string[] {
  const sources = egressSources(egress, 'frame')
  return sources.length ? sources : ["'none'"]
}

/**
 * The Content-Security-Policy. Scripts run only when they carry this response's nonce, or when a
 * script that did loads them (`'strict-dynamic'`: Next's chunks and the wallet SDKs' lazy chunks);
 * host allowlists in `script-src` are ignored by browsers that know `'strict-dynamic'`, so none is given.
 */
export function contentSecurityPolicy(input: SecurityHeadersInput): string {
  const { nonce, production, egress } = input
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    // `next dev` only: React rebuilds server error stacks and Turbopack applies hot updates with
    // eval; `next start` runs without it (Next's CSP guide, "Development Environment").
    ['script-src', `'nonce-${nonce}'`, "'strict-dynamic'", ...(production ? [] : ["'unsafe-eval'"])],
    // Production: style sheets from this origin, `<style>` elements with the nonce, the build's own
    // CSS inlined by Next (`inlineCss`, React writes those without the nonce), Next's built-in
    // not-found and error pages' fixed `<style>` texts and the Coinbase SDK's three, all by hash
    // (server/http/buildStyleHashes.ts, server/http/inlineStyleHashes.ts): no other inline `<style>`. `'unsafe-inline'` stays for
    // `style` attributes only (`style-src-attr`): Next's built-in error pages render `style` props,
    // and an attribute cannot carry a nonce; our own components use classes. `next dev` keeps
    // `'unsafe-inline'` without a nonce (which would switch it off): its overlay renders `<style>`
    // elements without one. Styles cannot run code.
    ...((production
      ? [
          ['style-src', "'self'", `'nonce-${nonce}'`],
          ['style-src-elem', "'self'", `'nonce-${nonce}'`, ...(input.styleHashes ?? []), ...NEXT_BUILTIN_STYLE_HASHES, ...COINBASE_SDK_STYLE_HASHES],
          ['style-src-attr', "'unsafe-inline'"],
        ]
      : [['style-src', "'self'", "'unsafe-inline'"]]) as [string, ...string[]][]),
    // Wallet icons are data URIs (EIP-6963 requires it; the wallet book's are ours); the favicon is
    // `data:,`. ENS avatars come from this origin (`/api/ens/<address>/avatar`, fetched and checked by
    // the server, server/ens/avatarImage.ts): no other host, so no image address can carry data away.
    ['img-src', "'self'", 'data:'],
    ['font-src', "'self'"],
    ['connect-src', ...connectSources(egress)],
    // What the families declare as framed (the embedded wallet's vault, WalletConnect's Verify
    // attestation iframe); nothing else is.
    ['frame-src', ...frameSources(egress)],
    ['worker-src', "'self'"],
    ['manifest-src', "'self'"],
    ['media-src', "'none'"],
    ['object-src', "'none'"],
    ['base-uri', "'none'"],
    ['form-action', "'self'"],
    ['frame-ancestors', "'none'"],
    // Trusted Types (server/http/trustedTypes.ts): no string reaches an HTML or script sink; the one
    // policy, `default`, admits this build's chunk URLs only (Turbopack's chunk loader). Production
    // only: `next dev` applies hot updates and rebuilds React's error stacks with `eval` and its
    // overlay writes markup, which would need a policy passing any code: the one thing not to write.
    ...(production ? ([['require-trusted-types-for', "'script'"], ['trusted-types', APP_TRUSTED_TYPES_POLICY]] as [string, ...string[]][]) : []),
  ]
  return directives.map((directive) => directive.join(' ')).join('; ')
}

/** Every security header of a page or API response, by lower-case name. */
export function securityHeaders(input: SecurityHeadersInput): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(input),
    'permissions-policy': permissionsPolicy(input.publicConfig.vaultOrigin),
    // The Coinbase popup must keep `window.opener` to post its answers back: `same-origin` would
    // cut it off (the SDK checks and logs an error), `same-origin-allow-popups` keeps it for the
    // popups this page opens while no other site's window can script this one.
    'cross-origin-opener-policy': 'same-origin-allow-popups',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    // Old browsers' frame-ancestors.
    'x-frame-options': 'DENY',
    ...(input.production ? { 'strict-transport-security': STRICT_TRANSPORT_SECURITY } : {}),
  }
}
