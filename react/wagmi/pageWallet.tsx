'use client'
import { type Config, hydrate } from '@wagmi/core'
import { type ReactNode, useEffect, useState } from 'react'
import { WagmiContext } from 'wagmi'
import { absoluteRpcUrls } from '@sigil/lib/config/rpc'
import { createSigilConfig } from '@/react/wagmi/createSigilConfig'
import { announceWalletConfig, useWalletInputs, type WalletInputs } from '@/react/wagmi/walletRuntime'

/**
 * The page's wagmi config (see walletRuntime.ts), part of the runtime's chunk (clientWallet.tsx):
 * one per page in the browser, one per render on the server (a module-level config would be shared by every request there, and would
 * touch browser storage during import: docs/style.md#server-rendering).
 */

type PageWallet = { config: Config; onMount: () => Promise<void> }

let page: PageWallet | undefined
let started = false

function createPageWallet({ publicConfig, initialState }: WalletInputs): PageWallet {
  // The RPC proxy's same-origin paths become absolute for this page's origin (the WalletConnect SDK
  // takes absolute URLs only); on the server nothing is requested, so they stay as they are.
  // The book wallets' ~80 connectors are created when the page is idle (or the dialog opens); those
  // of a stored connection at once, for the reconnect.
  const config = createSigilConfig(
    { ...publicConfig, rpcUrls: absoluteRpcUrls(publicConfig.rpcUrls, typeof window === 'undefined' ? undefined : window.location.origin) },
    { bookWallets: 'when-idle' },
  )
  // What wagmi's provider does on its first render: the cookie's connection becomes the store's
  // state ("reconnecting"), so the first client render matches the server's HTML.
  const { onMount } = hydrate(config, { initialState, reconnectOnMount: true })
  return { config, onMount }
}

/** The page's config in the browser (created on first call); a fresh one per call on the server. */
function pageWalletConfig(inputs: WalletInputs): Config {
  if (typeof window === 'undefined') return createPageWallet(inputs).config
  page ??= createPageWallet(inputs)
  return page.config
}

/**
 * Starts the page's config, once: the stored connection is read back and reconnected (what wagmi's
 * provider does after hydration), and the page's stateful region switches from the cookie's state
 * to the live one. Only after hydration (an effect, or a load that follows it): a state change
 * during hydration would make the client's first render differ from the server's HTML.
 */
export function startPageWallet(inputs: WalletInputs): Config {
  const config = pageWalletConfig(inputs)
  if (!started && page) {
    started = true
    announceWalletConfig(config)
    void page.onMount()
  }
  return config
}

/** wagmi's context for a lazily loaded view (the account view, the connect dialog), on the page's config. */
export function WalletConfigProvider({ children }: { children: ReactNode }) {
  const inputs = useWalletInputs()
  const [config] = useState(() => pageWalletConfig(inputs))
  useEffect(() => {
    startPageWallet(inputs)
  }, [inputs])
  return <WagmiContext value={config}>{children}</WagmiContext>
}
