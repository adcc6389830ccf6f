import type { ExtensionLocator } from '../types'
import { readProperty } from './readProperty'

/**
 * True when every locator holds on the provider: a `true` locator needs the flag set, a `false`
 * locator needs it unset. That is what keeps impersonators out: Rabby, Brave, Trust and others set
 * `isMetaMask: true` for old dapps, and MetaMask's entry lists their flags as `false`.
 * An empty list matches nothing, so a malformed entry can never claim every provider.
 */
export function matchesLocators(provider: unknown, locators: readonly ExtensionLocator[]): boolean {
  if (locators.length === 0) return false
  return locators.every(({ flag, value }) => Boolean(readProperty(provider, flag)) === value)
}
