import { OTHER_PERMISSIONS, STRICT_TRANSPORT_SECURITY } from './securityHeaders'

/**
 * The vault page's headers: a page that stands alone. Nothing loads but its own script (by nonce) and
 * its own style (by nonce); it talks only to its own origin (the wallet API); only the app's origins
 * may frame it; it may run passkey ceremonies and nothing else powerful.
 */
export type VaultHeadersInput = {
  nonce: string
  production: boolean
  /** `APP_ORIGIN`: the pages that may frame the vault (`frame-ancestors`). */
  appOrigins: readonly string[]
}

export const VAULT_PERMISSIONS_POLICY = ['publickey-credentials-get=(self)', 'publickey-credentials-create=(self)', ...OTHER_PERMISSIONS].join(', ')

export function vaultContentSecurityPolicy({ nonce, appOrigins }: VaultHeadersInput): string {
  const directives: [string, ...string[]][] = [
    ['default-src', "'none'"],
    ['script-src', `'nonce-${nonce}'`],
    ['style-src', `'nonce-${nonce}'`],
    ['img-src', "'self'", 'data:'],
    ['connect-src', "'self'"],
    ['base-uri', "'none'"],
    // The recovery notice's cancel page (on this origin) posts its one form here; nothing else does.
    ['form-action', "'self'"],
    ['frame-ancestors', ...(appOrigins.length ? appOrigins : ["'none'"])],
    // Trusted Types, in every mode (the vault page has no dev tooling): its one script builds the
    // page from nodes and text, never from markup, so it needs no policy at all.
    ['require-trusted-types-for', "'script'"],
    ['trusted-types', "'none'"],
  ]
  return directives.map((directive) => directive.join(' ')).join('; ')
}

export function vaultHeaders(input: VaultHeadersInput): Record<string, string> {
  return {
    'content-security-policy': vaultContentSecurityPolicy(input),
    'permissions-policy': VAULT_PERMISSIONS_POLICY,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    // Only the app's pages embed or open it; nothing else may load its responses.
    'cross-origin-resource-policy': 'same-site',
    ...(input.production ? { 'strict-transport-security': STRICT_TRANSPORT_SECURITY } : {}),
  }
}
