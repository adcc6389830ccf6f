'use client'
import { useState, type ReactNode } from 'react'
import { WagmiProvider, type State } from 'wagmi'
import type { PublicConfig } from '@/lib/config/public'
import { LocaleProvider } from '@/lib/i18n/LocaleProvider'
import type { Locale } from '@/lib/i18n/locales'
import type { Messages } from '@/lib/i18n/messages'
import { absoluteRpcUrls } from '@/lib/config/rpc'
import { createSigilConfig } from '@/app/_wagmi/createSigilConfig'
import { PublicConfigContext } from './_components/publicConfigContext'

export type ProvidersProps = {
  publicConfig: PublicConfig
  /** From `cookieToInitialState` in the layout: the connection as the server saw it, so the first render matches. */
  initialState: State | undefined
  /** Negotiated by the layout; `messages` are that locale's strings (undefined for English). */
  locale: Locale
  messages: Messages | undefined
  children: ReactNode
}

/**
 * Client-side context for the page: the public configuration and wagmi.
 *
 * There is no QueryClientProvider on purpose: the page uses wagmi's store hooks (`useConnection`,
 * `useChains`, `useConnectors`) and its actions, none of which need TanStack Query, and the query
 * client alone is ~7 kB gzip of first-load JavaScript against a 165 kB budget. A view that needs
 * query hooks should wrap itself in a provider inside its own lazily loaded chunk.
 */
export function Providers({ publicConfig, initialState, locale, messages, children }: ProvidersProps) {
  // Once per mount, never at module scope: a module-level config would be shared by every request on
  // the server and would touch browser storage during import (docs/style.md#server-rendering).
  // The RPC proxy's same-origin paths become absolute for this page's origin (the WalletConnect SDK
  // takes absolute URLs only); on the server nothing is requested, so they stay as they are.
  // The book wallets' ~80 connectors are created when the page is idle (or the dialog opens), not
  // while it hydrates; those of a stored connection at once, for the reconnect.
  const [config] = useState(() =>
    createSigilConfig(
      { ...publicConfig, rpcUrls: absoluteRpcUrls(publicConfig.rpcUrls, typeof window === 'undefined' ? undefined : window.location.origin) },
      { bookWallets: 'when-idle' },
    ),
  )
  return (
    <PublicConfigContext value={publicConfig}>
      <LocaleProvider locale={locale} messages={messages}>
        <WagmiProvider config={config} initialState={initialState}>
          {children}
        </WagmiProvider>
      </LocaleProvider>
    </PublicConfigContext>
  )
}
