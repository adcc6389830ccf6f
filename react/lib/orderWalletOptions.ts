/** What ordering needs to know of a row. */
type Orderable = { key: string; installed: boolean; connector?: unknown }

/**
 * The row of the wallet the user connected with last, if it can still connect here and now: an
 * installed wallet, or a row with a connector (a listed family, a wallet over WalletConnect). An
 * extension removed since, or a wallet this browser cannot reach (a phone row that only opens the
 * wallet's app), is not promoted: the list then reads as if nothing were remembered.
 */
export function lastUsedOption<T extends Orderable>(options: readonly T[], lastUsedKey: string | undefined): T | undefined {
  if (lastUsedKey === undefined) return undefined
  const option = options.find((candidate) => candidate.key === lastUsedKey)
  return option && (option.installed || option.connector !== undefined) ? option : undefined
}

/**
 * The last-used wallet first (see `lastUsedOption`), then installed wallets, then the others, each
 * in the order given (the wallet-book's and the announcements' order). A stable partition, so the
 * list does not jump as more EIP-6963 announcements arrive.
 */
export function orderWalletOptions<T extends Orderable>(options: readonly T[], lastUsedKey?: string | undefined): T[] {
  const first = lastUsedOption(options, lastUsedKey)
  const rest = first ? options.filter((option) => option !== first) : options
  return [...(first ? [first] : []), ...rest.filter((option) => option.installed), ...rest.filter((option) => !option.installed)]
}
