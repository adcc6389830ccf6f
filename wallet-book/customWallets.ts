import { injectedIndex } from './injectedIndex'
import { injectedIndexOf, type InjectedIndexEntry } from './injectedIndexOf'
import type { WalletBook } from './types'

/**
 * The deployment's own wallets (`wallets.custom` of sigil.config.ts, checked by the book's rules at
 * build and at boot), beside the book's. One deployment per process and per page: the wagmi config
 * of a deployment (`createSigilConfig`) sets them before anything reads a wallet, on the server and
 * in the browser, and every reader of the book asks here (`deploymentInjectedIndex`,
 * `deploymentBook` in index.ts). They come after the book's wallets: `featured` and `order` place
 * them. Small on purpose: the first load imports this with the injected index.
 */
let custom: WalletBook = {}
let index: Readonly<Record<string, InjectedIndexEntry>> = injectedIndex

/** Sets the deployment's wallets (none: `undefined` or `{}`). A book key is never replaced. */
export function setCustomWallets(wallets: WalletBook | undefined): void {
  const next = Object.fromEntries(Object.entries(wallets ?? {}).filter(([key]) => !Object.hasOwn(injectedIndex, key)))
  if (sameWallets(custom, next)) return
  custom = next
  index = Object.keys(next).length > 0 ? { ...injectedIndex, ...injectedIndexOf(next) } : injectedIndex
}

/** The deployment's own wallets, by key: a new object each time they change, so callers may memo on it. */
export function customWallets(): WalletBook {
  return custom
}

/** The injected index (what detection and the connectors read) with the deployment's wallets. */
export function deploymentInjectedIndex(): Readonly<Record<string, InjectedIndexEntry>> {
  return index
}

function sameWallets(a: WalletBook, b: WalletBook): boolean {
  const keys = Object.keys(a)
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key])
}
