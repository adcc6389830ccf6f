'use client'
import type { Config } from '@wagmi/core'
import { onceUntilFailed } from '@sigil/lib/onceUntilFailed'
import type { WalletInputs } from './walletRuntime'

/**
 * The first-load side's way to the wallet runtime (react/wagmi/walletRuntime.ts says when it loads).
 * Only modules of the first load import this: what the runtime's chunk itself carries reaches its
 * own lazy parts through `react/components/runtimeViews.ts`, so no import, static or dynamic, leads
 * from the runtime back to the loader that brought it.
 */

type WalletRuntime = typeof import('./clientWallet')
type WalletRuntimeWithDialog = typeof import('./clientWalletWithDialog')
/** Runs the held group's modules (walletGroupHeld.ts). */
type RunHeldGroup = () => Promise<WalletRuntimeWithDialog>

/** The runtime as asked for first, alone or with the connect dialog; forgotten if its chunks could not be fetched. */
let runtime: Promise<WalletRuntime> | undefined
let withDialog: Promise<WalletRuntimeWithDialog> | undefined
/** The runtime-with-dialog group's chunks, fetched and not yet run; forgotten if they could not be fetched. */
const fetchHeldGroup = onceUntilFailed<RunHeldGroup>(() => import('./walletGroupHeld').then(({ runWalletRuntimeWithDialog }) => runWalletRuntimeWithDialog))

function remember<M extends WalletRuntime>(load: Promise<M>): Promise<M> {
  runtime = load
  load.catch(() => {
    if (runtime !== load) return
    runtime = undefined
    withDialog = undefined
  })
  return load
}

/**
 * The runtime's chunk: loaded once, whoever asks first. Rejects when a chunk cannot be fetched
 * (offline, a deploy replaced it), and a later call tries again.
 */
export function loadWalletRuntime(): Promise<WalletRuntime> {
  return runtime ?? remember(import('./clientWallet'))
}

/**
 * The runtime and the connect dialog in one wave of chunks, when the dialog is wanted before the
 * runtime was asked for (a tap before the page was idle: docs/first-tap.md; the idle start on a page
 * with no stored connection, which runs the dialog's module only later: docs/first-load.md).
 * Undefined once the runtime was asked for alone: the dialog then comes from inside it.
 */
export function loadWalletRuntimeWithDialog(): Promise<WalletRuntimeWithDialog> | undefined {
  if (runtime) return withDialog
  withDialog = remember(fetchHeldGroup().then((run) => run()))
  return withDialog
}

/**
 * Fetches the runtime-with-dialog group's chunks without running its modules (walletGroupHeld.ts),
 * unless the runtime was asked for already. `loadWalletRuntimeWithDialog` runs them later (the idle
 * start, a tap): the page hydrating now is not slowed by their work, and a tap as it ends waits only
 * for what is still on its way (docs/first-load.md, "Where the 390 ms go"). A failed fetch is
 * forgotten: the next ask tries again.
 */
export function fetchWalletRuntimeWithDialog(): void {
  if (runtime) return
  void fetchHeldGroup().catch(() => undefined)
}

/**
 * Loads the runtime (with the dialog's chunks where `withDialog`, if nothing was asked for before)
 * and starts the page's config (hydrated from the cookie, reconnecting a stored
 * connection, the book wallets' connectors when idle). Resolves to the config; rejects when the
 * chunk cannot be fetched (offline, a deploy replaced it), and a later call tries again.
 */
export function startWalletRuntime(inputs: WalletInputs, options: { withDialog?: boolean } = {}): Promise<Config> {
  const load = (options.withDialog ? loadWalletRuntimeWithDialog() : undefined) ?? loadWalletRuntime()
  return load.then((runtime) => runtime.startPageWallet(inputs))
}
