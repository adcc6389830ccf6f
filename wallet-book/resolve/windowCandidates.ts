import type { EIP1193Provider } from 'viem'
import type { WalletBookEntry } from '../types'
import { isProviderLike } from './isProviderLike'
import { readPath, readProperty } from './readProperty'

/**
 * Injected providers worth testing for `entry`, in order: the entry's own window locations
 * (e.g. `phantom.ethereum`, `okxwallet`), then `window.ethereum`, then
 * `window.ethereum.providers[]` (the array Coinbase Wallet's extension sets up when several
 * wallets fight over `window.ethereum`). Each object appears once.
 */
export function windowCandidates(entry: WalletBookEntry, win: unknown): EIP1193Provider[] {
  const found: unknown[] = []
  for (const config of entry.injectedConfig ?? []) {
    if (config.chain !== 'evm') continue
    for (const path of config.windowLocations) found.push(readPath(win, path))
  }
  const ethereum = readProperty(win, 'ethereum')
  found.push(ethereum)
  const providers = readProperty(ethereum, 'providers')
  if (Array.isArray(providers)) found.push(...providers)
  return [...new Set(found)].filter(isProviderLike)
}
