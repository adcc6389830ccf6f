import type { WalletBookEntry } from '../types'
import type { EIP6963ProviderDetail, InjectedProviderMatch, WindowLike } from './types'
import { dedupeAnnouncements } from './dedupeAnnouncements'
import { matchesLocators } from './matchesLocators'
import { windowCandidates } from './windowCandidates'

export type FindInjectedProviderParameters = {
  /** EIP-6963 announcements seen so far (e.g. from wagmi's/mipd's store). */
  announced?: readonly EIP6963ProviderDetail<unknown>[] | undefined
  /** The window to search; `undefined` on the server. */
  win?: WindowLike | undefined
}

/**
 * Finds the wallet's injected provider (docs/families/injected.md#what-it-does, "Finding the provider"):
 * 1. an EIP-6963 announcement whose rdns is one of the entry's: the wallet said who it is;
 * 2. otherwise the first provider under the entry's window locations, `window.ethereum` or
 *    `window.ethereum.providers[]` on which every locator of one of the entry's EVM configs
 *    holds (so `{isMetaMask: true, isRabby: true}` is Rabby, never MetaMask).
 * `undefined` when the wallet is not injected.
 */
export function findInjectedProvider(
  entry: WalletBookEntry,
  { announced = [], win }: FindInjectedProviderParameters = {},
): InjectedProviderMatch | undefined {
  const rdnsList = (entry.eip6963Config?.rdns ?? []).map((rdns) => rdns.toLowerCase())
  if (rdnsList.length > 0) {
    const detail = dedupeAnnouncements(announced).find(({ info }) => rdnsList.includes(info.rdns.toLowerCase()))
    if (detail) return { provider: detail.provider as InjectedProviderMatch['provider'], via: 'eip6963', info: detail.info }
  }
  const configs = (entry.injectedConfig ?? []).filter((config) => config.chain === 'evm')
  if (configs.length === 0 || win === undefined) return undefined
  const provider = windowCandidates(entry, win).find((candidate) =>
    configs.some((config) => matchesLocators(candidate, config.extensionLocators)),
  )
  return provider ? { provider, via: 'window' } : undefined
}
