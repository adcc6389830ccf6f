import type { WalletBookEntry } from './types'

/**
 * The entry of `book` for a connector key, or `undefined` for a wallet it does not know (inherited
 * property names included). Takes the book as an argument so that callers holding only the
 * injected index do not import the whole book.
 */
export function entryForKey<TEntry = WalletBookEntry>(book: Readonly<Record<string, TEntry>>, key: string): TEntry | undefined {
  return typeof key === 'string' && Object.hasOwn(book, key) ? book[key] : undefined
}
