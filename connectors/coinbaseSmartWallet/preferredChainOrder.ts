/**
 * docs/families/coinbaseSmartWallet.md#what-it-does: the smart-wallet provider puts Base Sepolia
 * (84532) first, then Base (8453). The Coinbase SDK opens on the first chain of its `appChainIds`, so
 * this order decides where a new smart wallet starts: on the test network, as the reference did.
 */
export const COINBASE_PREFERRED_CHAIN_IDS = [84532, 8453] as const

/**
 * The deployment's chains in the smart wallet's order: those of 84532 and 8453 that are configured,
 * in that order, then every other configured chain in configuration order, without duplicates.
 * A preferred chain the deployment does not configure is left out: the wallet must never start on a
 * chain the app does not support. E.g. the default chains `[1, 8453, 84532, 10, 42161, 137, 11155111]`
 * become `[84532, 8453, 1, 10, 42161, 137, 11155111]`.
 */
export function preferredChainOrder(chainIds: readonly number[]): number[] {
  const preferred: readonly number[] = COINBASE_PREFERRED_CHAIN_IDS
  const first = preferred.filter((id) => chainIds.includes(id))
  const rest = chainIds.filter((id) => !preferred.includes(id))
  return [...new Set([...first, ...rest])]
}
