'use client'
import { useMemo, type ReactNode } from 'react'
import type { State } from '@wagmi/core'
import type { PublicConfig } from '@sigil/lib/config/public'
import { LocaleProvider } from '@sigil/lib/i18n/LocaleProvider'
import type { Locale } from '@sigil/lib/i18n/locales'
import type { Messages } from '@sigil/lib/i18n/messages'
import type { CopyOverrides } from '@sigil/lib/i18n/t'
import { WalletInputsContext } from './wagmi/walletRuntime'
import { PublicConfigContext } from './components/publicConfigContext'

export type SigilProviderProps = {
  publicConfig: PublicConfig
  /** From `initialStateFromCookie` in the layout: the connection as the server saw it, so the first render matches. */
  initialState: State | undefined
  /** Negotiated by the layout; `messages` are that locale's strings (undefined for English). */
  locale: Locale
  messages: Messages | undefined
  /** The deployment's own sentences in that locale (`copy` of sigil.config.ts). */
  copy?: CopyOverrides | undefined
  children: ReactNode
}

/**
 * Client-side context for the page: the public configuration, the locale, and what the wallet
 * runtime needs to start (react/wagmi/walletRuntime.ts).
 *
 * No wagmi provider here: wagmi, the connectors and viem are not in the first load. The page's
 * stateful region reads the cookie's connection until the runtime's chunk has started the config,
 * and the views that use wagmi's hooks (the account view, the connect dialog), lazily loaded
 * themselves, wrap themselves in its context (`WalletConfigProvider`). Nor a QueryClientProvider:
 * the query client alone is ~7 kB gzip; a view that needs query hooks wraps itself in one inside its
 * own lazily loaded chunk.
 */
export function SigilProvider({ publicConfig, initialState, locale, messages, copy, children }: SigilProviderProps) {
  const walletInputs = useMemo(() => ({ publicConfig, initialState }), [publicConfig, initialState])
  return (
    <PublicConfigContext value={publicConfig}>
      <LocaleProvider locale={locale} messages={messages} overrides={copy}>
        <WalletInputsContext value={walletInputs}>{children}</WalletInputsContext>
      </LocaleProvider>
    </PublicConfigContext>
  )
}
