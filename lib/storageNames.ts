/**
 * Every name Sigil keeps in a browser, declared once (docs/style.md#stored-names): its cookies, its
 * localStorage keys and its IndexedDB database. Code that reads or writes one imports its name from
 * here. (The wallet SDKs keep their own names: WalletConnect's `wc@2:…` in IndexedDB, the Coinbase
 * SDK's `cbwsdk.…`/`-CBWSDK:…` in localStorage.)
 *
 * Secure deployments prefix the server's cookies (RFC 6265bis): `__Host-` pins a Path=/ cookie to
 * this exact host over HTTPS with no Domain a sibling subdomain could set; `__Secure-` is for the
 * path-scoped ones (`__Host-` would force Path=/). Browsers accept either only with Secure, so plain
 * HTTP development uses the bare name.
 */
export const STORAGE_NAMESPACE = 'sigil'

// Cookies ---------------------------------------------------------------------------------------

/** The signed-in session (iron-session seal, httpOnly, SameSite=Lax). */
export function sessionCookieName(secure: boolean): string {
  return secure ? '__Host-sigil_session' : 'sigil_session'
}

/** The sign-in nonce's browser binding (httpOnly, SameSite=Strict). */
export function nonceCookieName(secure: boolean): string {
  return secure ? '__Host-sigil_nonce' : 'sigil_nonce'
}

/** The embedded wallet's email-code binding: a code works only in the browser that asked for it. */
export function bindingCookieName(secure: boolean): string {
  return secure ? '__Host-sigil_code_binding' : 'sigil_code_binding'
}

/** The embedded wallet's proven email, sent only to the route that makes the wallet. */
export function emailCookieName(secure: boolean): string {
  return secure ? '__Secure-sigil_email' : 'sigil_email'
}
export const EMAIL_COOKIE_PATH = '/api/embedded/wallets'

/** The embedded wallet's recovery session, sent only to the recovery routes. */
export function recoveryCookieName(secure: boolean): string {
  return secure ? '__Secure-sigil_recovery' : 'sigil_recovery'
}
export const RECOVERY_COOKIE_PATH = '/api/embedded/recovery'

/**
 * The embedded wallet's started recovery, in the browser that started it: a token of its own (the
 * recovery session lasts 30 minutes, the delay days), sent only to the recovery routes.
 */
export function recoveryPendingCookieName(secure: boolean): string {
  return secure ? '__Secure-sigil_recovery_pending' : 'sigil_recovery_pending'
}

/**
 * The visitor's choice from the language switcher; it wins over `Accept-Language`. A preference,
 * not a secret: written by the page's script (not httpOnly), and named like wagmi's `sigil.store`,
 * the other cookie the browser writes and the server reads.
 */
export const LOCALE_COOKIE = 'sigil.locale'

/**
 * Wagmi's cookie storage prefix: its state is `sigil.store` (read back by `cookieToInitialState`), plus `sigil.recentConnectorId`.
 * @alias the namespace itself, named for what wagmi calls it
 */
export const WAGMI_STORAGE_KEY = STORAGE_NAMESPACE

// localStorage ----------------------------------------------------------------------------------

/**
 * A connector's values are namespaced `sigil.<value>.<connectorKey>` so two connectors (and other
 * apps on the origin) never collide, and so a test can find a connector's values by its key
 * (docs/connectors/stored-values.md#the-four-values-of-a-connector).
 */
export const PERSISTED_VALUES = ['activeAccount', 'sessionTopic', 'switchedNetwork', 'currentChain'] as const

export type PersistedValue = (typeof PERSISTED_VALUES)[number]

export function storageKey(value: PersistedValue, connectorKey: string): string {
  return `${STORAGE_NAMESPACE}.${value}.${connectorKey}`
}

/** The four names for one connector, e.g. `{ activeAccount: 'sigil.activeAccount.metamask', … }`. */
export function storageKeys(connectorKey: string): Readonly<Record<PersistedValue, string>> {
  return {
    activeAccount: storageKey('activeAccount', connectorKey),
    sessionTopic: storageKey('sessionTopic', connectorKey),
    switchedNetwork: storageKey('switchedNetwork', connectorKey),
    currentChain: storageKey('currentChain', connectorKey),
  }
}

/**
 * Values the app keeps for itself rather than for one connector. Their names carry no connector key:
 * ending a connector's session clears every value named after that connector (docs/connectors/lifecycle.md#ending-a-session), and
 * these must outlive it (the last-used wallet is shown again after a disconnect).
 */
export const APP_VALUES = ['lastUsedWallet'] as const

export type AppValue = (typeof APP_VALUES)[number]

/** `sigil.<value>`, e.g. `sigil.lastUsedWallet`. */
export function appStorageKey(value: AppValue): string {
  return `${STORAGE_NAMESPACE}.${value}`
}

// IndexedDB -------------------------------------------------------------------------------------

/** The embedded wallet's device records (ciphertext and public data only), one object store. */
export const EMBEDDED_VAULT_DB = { name: 'sigil-embedded', store: 'vaults' } as const
