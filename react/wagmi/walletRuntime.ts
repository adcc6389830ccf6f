'use client'
import type { Config, State } from '@wagmi/core'
import { createContext, useContext } from 'react'
import type { PublicConfig } from '@sigil/lib/config/public'

/**
 * The page's wallet runtime — wagmi, the families' connectors, the wallet book, viem's helpers — is
 * not part of the first load: the first paint needs none of it (the server rendered the connect
 * button, or the connected account from the wagmi cookie), and a tap before it arrives is kept
 * (react/lib/earlyTap.ts). It comes in a chunk group of its own (`clientWallet.tsx`, or with the
 * connect dialog's chunks `clientWalletWithDialog.tsx`, react/wagmi/loadWalletRuntime.ts):
 * - at once after hydration when the server rendered the page connected: the account view's chunk
 *   carries it and starts the reconnect, as wagmi's provider did;
 * - otherwise fetched with the dialog's chunks as the page hydrates (walletGroupHeld.ts) and run
 *   when the browser is idle, or on intent (hover, focus or touch of "Connect wallet"), or by the
 *   dialog that needs it.
 *
 * This module is the state both sides share: what the runtime needs from the layout, and the config
 * once it exists, for the page's one stateful region (react/components/Wallet.tsx). It imports no
 * wagmi code, only its types, and nothing of the runtime: the runtime imports it, and the loader
 * (`loadWalletRuntime.ts`) imports both, so no import leads back up.
 */

/** What the layout hands the runtime: the deployment's public configuration and the wagmi cookie's state. */
export type WalletInputs = {
  publicConfig: PublicConfig
  /** From `initialStateFromCookie`: the connection as the server saw it, so the first render matches. */
  initialState: State | undefined
}

export const WalletInputsContext = createContext<WalletInputs | null>(null)

export function useWalletInputs(): WalletInputs {
  const value = useContext(WalletInputsContext)
  if (!value) throw new Error('useWalletInputs must be used inside <SigilProvider>.')
  return value
}

let started: Config | undefined
const listeners = new Set<() => void>()

/** The page's wagmi config once the runtime started it (never on the server). */
export function startedWalletConfig(): Config | undefined {
  return typeof window === 'undefined' ? undefined : started
}

/** For `useSyncExternalStore`: called once, when the runtime has started. */
export function subscribeWalletConfig(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Called by the runtime (clientWallet.tsx) when it starts the page's config, after hydration. */
export function announceWalletConfig(config: Config): void {
  if (started === config) return
  started = config
  for (const listener of listeners) listener()
}
