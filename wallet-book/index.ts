import { oneInch } from './entries/1inch'
import { alphawallet } from './entries/alphawallet'
import { argent } from './entries/argent'
import { backpack } from './entries/backpack'
import { binance } from './entries/binance'
import { bitget } from './entries/bitget'
import { brave } from './entries/brave'
import { coin98 } from './entries/coin98'
import { coinbase } from './entries/coinbase'
import { core } from './entries/core'
import { cryptocom } from './entries/cryptocom'
import { ctrl } from './entries/ctrl'
import { enkrypt } from './entries/enkrypt'
import { exodus } from './entries/exodus'
import { frame } from './entries/frame'
import { frontier } from './entries/frontier'
import { imtoken } from './entries/imtoken'
import { kraken } from './entries/kraken'
import { ledger } from './entries/ledger'
import { magiceden } from './entries/magiceden'
import { mathwallet } from './entries/mathwallet'
import { metamask } from './entries/metamask'
import { mew } from './entries/mew'
import { okx } from './entries/okx'
import { onekey } from './entries/onekey'
import { opera } from './entries/opera'
import { phantom } from './entries/phantom'
import { rabby } from './entries/rabby'
import { rainbow } from './entries/rainbow'
import { ronin } from './entries/ronin'
import { safe } from './entries/safe'
import { safepal } from './entries/safepal'
import { status } from './entries/status'
import { subwallet } from './entries/subwallet'
import { taho } from './entries/taho'
import { talisman } from './entries/talisman'
import { tokenpocket } from './entries/tokenpocket'
import { trust } from './entries/trust'
import { uniswap } from './entries/uniswap'
import { zeal } from './entries/zeal'
import { zengo } from './entries/zengo'
import { zerion } from './entries/zerion'
import { customWallets } from './customWallets'
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
  binance,
  safe,
  backpack,
  onekey,
  core,
  cryptocom,
  zengo,
  coin98,
  ronin,
  talisman,
  subwallet,
  magiceden,
  enkrypt,
  taho,
  frame,
  zeal,
  ctrl,
  frontier,
  mathwallet,
  alphawallet,
  status,
  brave,
  opera,
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

/** The last merge, and the deployment's wallets it was made from (a new object on each change). */
let merged: { custom: WalletBook; book: WalletBook } | undefined

/**
 * The deployment's book: Sigil's, then the deployment's own wallets (customWallets.ts). What the
 * connect dialog lists and reaches.
 */
export function deploymentBook(): WalletBook {
  const custom = customWallets()
  if (merged?.custom !== custom) {
    merged = { custom, book: Object.keys(custom).length > 0 ? { ...walletBook, ...custom } : walletBook }
  }
  return merged.book
}
