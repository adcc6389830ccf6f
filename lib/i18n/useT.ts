'use client'
import { useMemo } from 'react'
import { format } from './format'
import { useCopyOverrides, useMessages } from './LocaleProvider'
import type { FamilySection } from './messages'
import { createT, type Translate } from './t'

/** The page's `t` in the request's locale (English when the page is English or has no provider). */
export function useT(): Translate {
  const messages = useMessages()
  const overrides = useCopyOverrides()
  return useMemo(() => createT(messages?.ui, overrides), [messages, overrides])
}

/**
 * A family view's `t`: the request's locale's section, else the English section the family's own
 * chunk passes in (so English family strings still load with the family, not with the page).
 */
export function useFamilyT<Key extends string>(
  section: FamilySection,
  english: Record<Key, string>,
): (key: Key, values?: Record<string, string | number>) => string {
  const strings = useMessages()?.[section] as Record<Key, string> | undefined
  return useMemo(() => (key: Key, values?: Record<string, string | number>) => format(strings?.[key] ?? english[key] ?? key, values), [strings, english])
}
