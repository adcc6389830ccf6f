/** The slice of the Web Storage API the persisted values need; injectable for tests and SSR. */
export type KeyValueStorage = {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
  removeItem(key: string): void
  /** Every name stored, in the storage's order. */
  names(): string[]
}

/** A storage kept in memory: for tests, and where the browser offers none. */
export function createMemoryStorage(initial: Record<string, string> = {}): KeyValueStorage & { readonly size: number } {
  const items = new Map(Object.entries(initial))
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
    names: () => [...items.keys()],
    get size() {
      return items.size
    },
  }
}

/**
 * The browser's `localStorage`, looked up at call time (never at module scope: SSR) — the only place
 * Sigil touches it. Access can throw (Safari's private mode, sandboxed iframes, a full quota: see
 * https://developer.mozilla.org/docs/Web/API/Window/localStorage#exceptions); persisted values are a
 * convenience, so a failing storage reads as empty and drops writes instead of breaking a connection.
 */
export const browserStorage: KeyValueStorage = {
  getItem(key) {
    try {
      return globalThis.localStorage?.getItem(key) ?? null
    } catch {
      return null
    }
  },
  setItem(key, value) {
    try {
      globalThis.localStorage?.setItem(key, value)
    } catch {
      // Quota or access denied: the value is simply not remembered.
    }
  },
  removeItem(key) {
    try {
      globalThis.localStorage?.removeItem(key)
    } catch {
      // Access denied: nothing was stored either.
    }
  },
  names() {
    try {
      const storage = globalThis.localStorage
      if (!storage) return []
      return Array.from({ length: storage.length }, (_, index) => storage.key(index)).filter((name) => name !== null)
    } catch {
      return []
    }
  },
}
