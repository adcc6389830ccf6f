'use client'
import { createContext, use, useMemo, type ReactNode } from 'react'
import { defaultLocale, type Locale } from './locales'
import type { Messages } from './messages'
import type { CopyOverrides } from './t'

type LocaleValue = {
  locale: Locale
  /** The chosen locale's strings, sent by the server; undefined for English. */
  messages: Messages | undefined
  /** The deployment's own sentences in this locale (`copy` of sigil.config.ts), if it wrote any. */
  overrides?: CopyOverrides | undefined
}

/** English when nothing provides a locale (component tests render without the provider). */
const LocaleContext = createContext<LocaleValue>({ locale: defaultLocale, messages: undefined })

export type LocaleProviderProps = LocaleValue & { children: ReactNode }

/**
 * The request's locale for the page's client components. The server negotiated it and passes only
 * that locale's strings, serialized with the page: no other language is in any script, and the
 * first render in the browser reads the same strings the server rendered (no flash, no mismatch).
 *
 * Part of the first load, so it holds no catalogue: English stays in the chunks of the views that
 * show it (`useT`, lib/i18n/useT.ts), as before there were other languages.
 */
export function LocaleProvider({ locale, messages, overrides, children }: LocaleProviderProps) {
  const value = useMemo(() => ({ locale, messages, overrides }), [locale, messages, overrides])
  return <LocaleContext value={value}>{children}</LocaleContext>
}

export function useLocale(): Locale {
  return use(LocaleContext).locale
}

/** The chosen locale's strings, or undefined for English. */
export function useMessages(): Messages | undefined {
  return use(LocaleContext).messages
}

export function useCopyOverrides(): CopyOverrides | undefined {
  return use(LocaleContext).overrides
}
