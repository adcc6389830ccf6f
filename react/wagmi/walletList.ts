import type { WalletListChoice } from '@sigil/lib/config/public'
import type { WalletOption } from './walletOptions'

/**
 * The connect dialog's list as the deployment chose it (`wallets` of sigil.config.ts), applied to the
 * rows `walletOptions` made. Only the book's wallets are chosen among (`isBookWallet`): the families'
 * own rows come with `families`, and a wallet the browser announces that the book does not know is
 * the visitor's own and stays.
 * - `include`: only these of the book's wallets; `exclude`: never these.
 * - `featured`: first of all, in that order; the dialog then shows them first of their group
 *   (WalletList.tsx: the installed wallets, then more wallets).
 * - `order`: first among the book's wallets of their kind, in that order: installed wallets keep
 *   coming before the families' rows, and those before the wallets to install or open.
 */
export function applyWalletList(options: readonly WalletOption[], choice: WalletListChoice | undefined, isBookWallet: (key: string) => boolean): WalletOption[] {
  if (!choice) return [...options]
  const { include, exclude, order, featured } = choice
  const kept = options.filter((option) => !isBookWallet(option.key) || ((include === undefined || include.includes(option.key)) && !exclude.includes(option.key)))
  const first = featured.flatMap((key) => kept.filter((option) => option.key === key))
  const rest = kept.filter((option) => !featured.includes(option.key))
  const rank = (option: WalletOption) => {
    const index = order.indexOf(option.key)
    return index < 0 ? order.length : index
  }
  // The book's rows trade places among their own slots, installed and not installed apart.
  for (const installed of [true, false]) {
    const slots = rest.flatMap((option, index) => (isBookWallet(option.key) && option.installed === installed ? [index] : []))
    const sorted = slots.map((index) => rest[index]!).sort((a, b) => rank(a) - rank(b))
    slots.forEach((slot, index) => (rest[slot] = sorted[index]!))
  }
  return [...first, ...rest]
}
