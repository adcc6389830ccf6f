import { oneInch } from './entries/1inch'
import { argent } from './entries/argent'
import { bitget } from './entries/bitget'
import { brave } from './entries/brave'
import { coinbase } from './entries/coinbase'
import { exodus } from './entries/exodus'
import { imtoken } from './entries/imtoken'
import { kraken } from './entries/kraken'
import { ledger } from './entries/ledger'
import { metamask } from './entries/metamask'
import { mew } from './entries/mew'
import { okx } from './entries/okx'
import { phantom } from './entries/phantom'
import { rabby } from './entries/rabby'
import { rainbow } from './entries/rainbow'
import { safepal } from './entries/safepal'
import { tokenpocket } from './entries/tokenpocket'
import { trust } from './entries/trust'
import { uniswap } from './entries/uniswap'
import { zerion } from './entries/zerion'
import { entryForKey } from './entryForKey'
import type { WalletBook, WalletBookEntry } from './types'

/**
 * Sigil's wallet-book: key → entry, where the key is `connectorKey(entry.shortName)`.
 * The order is the popularity order used for wallets that are not installed.
 */
export const walletBook: WalletBook = {
  metamask,
  coinbase,
  trust,
  rainbow,
  rabby,
  phantom,
  okx,
  zerion,
  exodus,
  uniswap,
  ledger,
  bitget,
  tokenpocket,
  imtoken,
  '1inch': oneInch,
  safepal,
  argent,
  mew,
  kraken,
  brave,
}

/** The entry for a connector key, or `undefined` for a wallet the book does not know. */
export function getWalletBookEntry(key: string, book: WalletBook = walletBook): WalletBookEntry | undefined {
  return entryForKey(book, key)
}

export type KeyedWalletBookEntry = { key: string; entry: WalletBookEntry }

/** Every entry with its key, in the book's (popularity) order. */
export function walletBookEntries(book: WalletBook = walletBook): KeyedWalletBookEntry[] {
  return Object.entries(book).map(([key, entry]) => ({ key, entry }))
}
