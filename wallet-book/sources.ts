import type { WalletBook } from './types'
import { sources as metamask } from './entries/metamask'
import { sources as coinbase } from './entries/coinbase'
import { sources as trust } from './entries/trust'
import { sources as rainbow } from './entries/rainbow'
import { sources as rabby } from './entries/rabby'
import { sources as phantom } from './entries/phantom'
import { sources as okx } from './entries/okx'
import { sources as zerion } from './entries/zerion'
import { sources as exodus } from './entries/exodus'
import { sources as uniswap } from './entries/uniswap'
import { sources as ledger } from './entries/ledger'
import { sources as bitget } from './entries/bitget'
import { sources as tokenpocket } from './entries/tokenpocket'
import { sources as imtoken } from './entries/imtoken'
import { sources as oneInch } from './entries/1inch'
import { sources as safepal } from './entries/safepal'
import { sources as argent } from './entries/argent'
import { sources as mew } from './entries/mew'
import { sources as kraken } from './entries/kraken'
import { sources as binance } from './entries/binance'
import { sources as safe } from './entries/safe'
import { sources as backpack } from './entries/backpack'
import { sources as onekey } from './entries/onekey'
import { sources as core } from './entries/core'
import { sources as cryptocom } from './entries/cryptocom'
import { sources as zengo } from './entries/zengo'
import { sources as coin98 } from './entries/coin98'
import { sources as ronin } from './entries/ronin'
import { sources as talisman } from './entries/talisman'
import { sources as subwallet } from './entries/subwallet'
import { sources as magiceden } from './entries/magiceden'
import { sources as enkrypt } from './entries/enkrypt'
import { sources as taho } from './entries/taho'
import { sources as frame } from './entries/frame'
import { sources as zeal } from './entries/zeal'
import { sources as ctrl } from './entries/ctrl'
import { sources as frontier } from './entries/frontier'
import { sources as mathwallet } from './entries/mathwallet'
import { sources as alphawallet } from './entries/alphawallet'
import { sources as status } from './entries/status'
import { sources as brave } from './entries/brave'
import { sources as opera } from './entries/opera'

/**
 * The public pages each entry of Sigil's book was checked against, by key. They live beside each
 * entry's data (its file's `sources` export) but outside the entry object, so the connect dialog,
 * which carries the book to every visitor, never carries them: only validation reads them
 * (`withSources`).
 */
export const walletBookSources: Readonly<Record<string, readonly string[]>> = {
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

/** The book's entry for `key` with its `sources` put back: what `validateWalletBookEntry` checks. */
export function withSources<entry extends WalletBook[string]>(key: string, entry: entry): entry {
  const sources = walletBookSources[key]
  return sources === undefined ? entry : { ...entry, sources }
}
