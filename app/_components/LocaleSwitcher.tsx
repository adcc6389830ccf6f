'use client'
import { useRouter } from 'next/navigation'
import { useId, useOptimistic, useTransition } from 'react'
import { localeCookie } from '@/lib/i18n/localeCookie'
import { useLocale } from '@/lib/i18n/LocaleProvider'
import { isLocale, localeNames, locales } from '@/lib/i18n/locales'

export type LocaleSwitcherProps = {
  /** "Language", looked up on the server: the first load carries no catalogue (see LocaleProvider). */
  label: string
}

/**
 * The language switcher: a labelled native `<select>` (keyboard and screen readers for free), each
 * language named in itself. The choice goes into a cookie the server reads before `Accept-Language`,
 * then the page is rendered again on the server in that language, `<html lang>` included, without
 * a reload.
 */
export function LocaleSwitcher({ label }: LocaleSwitcherProps) {
  const locale = useLocale()
  const router = useRouter()
  const id = useId()
  // Shows the choice at once while the server renders the page in it.
  const [shown, show] = useOptimistic(locale)
  const [pending, startTransition] = useTransition()
  return (
    <div className="locale-switcher">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        data-testid="locale-switcher"
        value={shown}
        aria-busy={pending ? 'true' : undefined}
        onChange={(event) => {
          const next = event.target.value
          if (!isLocale(next)) return
          document.cookie = localeCookie(next, window.location.protocol === 'https:')
          startTransition(() => {
            show(next)
            router.refresh()
          })
        }}
      >
        {locales.map((option) => (
          <option key={option} value={option} lang={option}>
            {localeNames[option]}
          </option>
        ))}
      </select>
    </div>
  )
}
