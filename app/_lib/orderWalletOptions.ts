/**
 * Installed wallets first, otherwise the order given (the wallet-book's and the announcements'
 * order). A stable partition, so the list does not jump as more EIP-6963 announcements arrive.
 */
export function orderWalletOptions<T extends { installed: boolean }>(options: readonly T[]): T[] {
  return [...options.filter((option) => option.installed), ...options.filter((option) => !option.installed)]
}
