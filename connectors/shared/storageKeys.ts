/**
 * Every name Sigil's connectors persist in the browser, declared once (STYLE.md habit 6).
 * Namespaced `sigil.<value>.<connectorKey>` so two connectors (and other apps on the origin) never
 * collide, and so a test can find a connector's values by its key (REFERENCE.md §1 "Persisted values").
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
