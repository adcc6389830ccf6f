/**
 * Reads `object[key]` without letting a hostile or broken provider crash the page: some wallets
 * inject Proxies or getters that throw, and `null`/primitives have no properties to read.
 */
export function readProperty(object: unknown, key: string): unknown {
  if ((typeof object !== 'object' && typeof object !== 'function') || object === null) return undefined
  try {
    return (object as Record<string, unknown>)[key]
  } catch {
    return undefined
  }
}

/** Follows a dotted path from `root`, e.g. `phantom.ethereum`; `undefined` when any step is missing. */
export function readPath(root: unknown, path: string): unknown {
  let current: unknown = root
  for (const key of path.split('.')) {
    current = readProperty(current, key)
    if (current === undefined || current === null) return undefined
  }
  return current
}
