/**
 * One `next start` serves two origins: the app (`APP_ORIGIN`) and the embedded wallet's vault
 * (`VAULT_ORIGIN`), told apart by the request's `Host`. The browser keeps the two apart (storage,
 * cookies, passkeys' RP ID, script access), so routing by a header a non-browser client may set
 * changes what content it gets, never what a browser lets one origin reach of the other.
 *
 * On the vault's host only the vault exists: its page, its script and the wallet API. On the app's
 * hosts none of those answers: the wallet API is the vault's alone (its cookies, its passkeys).
 */

/** The vault's own paths as the browser sees them. */
export const VAULT_PATHS = { page: '/', script: '/vault.js' } as const

/** The script's lazy chunks, beside it (`/vault-<name>-<hash>.js`, connectors/scripts/vaultBundle.mjs). */
const VAULT_CHUNK_PATH = /^\/(vault-[a-z]+-[0-9a-f]{12}\.js)$/

/** Where Next serves them (app/vault/…), reached only through the rewrite below. */
export const VAULT_ROUTES = { page: '/vault', script: '/vault/script' } as const

export type VaultRoute =
  | { kind: 'app' }
  | { kind: 'vault'; rewrite: string | undefined }
  | { kind: 'notFound' }

function isWalletApi(pathname: string): boolean {
  return pathname === '/api/embedded' || pathname.startsWith('/api/embedded/')
}

function isVaultRoute(pathname: string): boolean {
  return pathname === VAULT_ROUTES.page || pathname.startsWith(`${VAULT_ROUTES.page}/`)
}

/** The host (`name[:port]`) of the vault origin, as a `Host` header carries it. */
export function vaultHost(vaultOrigin: string | undefined): string | undefined {
  if (!vaultOrigin) return undefined
  return new URL(vaultOrigin).host
}

/**
 * What a request is: the app's, the vault's (with the internal path it is rewritten to), or nothing
 * (404). `host` is the request's `Host` header, compared exactly (lower case, port included).
 */
export function routeByHost(input: { host: string | null; pathname: string; vaultOrigin: string | undefined }): VaultRoute {
  const vault = vaultHost(input.vaultOrigin)
  const onVault = vault !== undefined && input.host?.toLowerCase() === vault
  if (!onVault) return isWalletApi(input.pathname) || isVaultRoute(input.pathname) ? { kind: 'notFound' } : { kind: 'app' }
  if (input.pathname === VAULT_PATHS.page) return { kind: 'vault', rewrite: VAULT_ROUTES.page }
  if (input.pathname === VAULT_PATHS.script) return { kind: 'vault', rewrite: VAULT_ROUTES.script }
  const chunk = VAULT_CHUNK_PATH.exec(input.pathname)?.[1]
  if (chunk) return { kind: 'vault', rewrite: `${VAULT_ROUTES.script}/${chunk}` }
  if (isWalletApi(input.pathname)) return { kind: 'vault', rewrite: undefined }
  return { kind: 'notFound' }
}
