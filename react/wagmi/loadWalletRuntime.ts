'use client'
import type { Config } from '@wagmi/core'
import type { WalletInputs } from './walletRuntime'

/**
 * The first-load side's way to the wallet runtime (react/wagmi/walletRuntime.ts says when it loads).
 * Only modules of the first load import this: what the runtime's chunk itself carries reaches its
 * own lazy parts through `react/components/runtimeViews.ts`, so no import, static or dynamic, leads
 * from the runtime back to the loader that brought it.
 */

/** The runtime's chunk: loaded once, whoever asks first. */
export const loadWalletRuntime = () => import('./clientWallet')

/**
 * Loads the runtime and starts the page's config (hydrated from the cookie, reconnecting a stored
 * connection, the book wallets' connectors when idle). Resolves to the config; rejects when the
 * chunk cannot be fetched (offline, a deploy replaced it), and a later call tries again.
 */
export function startWalletRuntime(inputs: WalletInputs): Promise<Config> {
  return loadWalletRuntime().then((runtime) => runtime.startPageWallet(inputs))
}
