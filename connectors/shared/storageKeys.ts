/**
 * Every name Sigil persists in the browser, declared once (STYLE.md habit 6).
 * A connector's values are namespaced `sigil.<value>.<connectorKey>` so two connectors (and other
 * apps on the origin) never collide, and so a test can find a connector's values by its key
 * (REFERENCE.md §1 "Persisted values"). The app's own values are `sigil.<value>`, below.
 */
export const PERSISTED_VALUES = ['activeAccount', 'sessionTopic', 'switchedNetwork', 'currentChain'] as const

export type PersistedValue = (typeof PERSISTED_VALUES)[number]

export const STORAGE_NAMESPACE = 'sigil'

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
 * ending a connector's session clears every value named after that connector (SPEC.md §4), and
 * these must outlive it (the last-used wallet is shown again after a disconnect).
 */
export const APP_VALUES = ['lastUsedWallet'] as const

export type AppValue = (typeof APP_VALUES)[number]

/** `sigil.<value>`, e.g. `sigil.lastUsedWallet`. */
export function appStorageKey(value: AppValue): string {
  return `${STORAGE_NAMESPACE}.${value}`
}
