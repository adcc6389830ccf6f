'use client'
import { useRouter } from 'next/navigation'
import { useEffect, useId, useOptimistic, useRef, useState, useTransition, type KeyboardEvent } from 'react'
import { localeCookie } from '@sigil/lib/i18n/localeCookie'
import { useLocale } from '@sigil/lib/i18n/LocaleProvider'
import { localeNames, locales, type Locale } from '@sigil/lib/i18n/locales'

export type LocaleSwitcherProps = {
  /** "Language", looked up on the server: the first load carries no catalogue (see LocaleProvider). */
  label: string
}

/**
 * The language switcher: a disclosure button ("Language: English") over a list of buttons, each
 * language named in itself. A language applies only when its button is pressed (a click, Enter or
 * Space), never while moving through the list (WCAG 3.2.2: a native `<select>` switched on every
 * arrow key). The choice goes into a cookie the server reads before `Accept-Language`, then the page
 * is rendered again on the server in that language, `<html lang>` included, without a reload.
 */
export function LocaleSwitcher({ label }: LocaleSwitcherProps) {
  const locale = useLocale()
  const router = useRouter()
  const listId = useId()
  const [open, setOpen] = useState(false)
  const toggle = useRef<HTMLButtonElement>(null)
  const list = useRef<HTMLUListElement>(null)
  // Shows the choice at once while the server renders the page in it.
  const [shown, show] = useOptimistic(locale)
  const [pending, startTransition] = useTransition()

  // Opened: the keyboard goes to the current language; a press outside closes the list.
  useEffect(() => {
    if (!open) return
    list.current?.querySelector<HTMLButtonElement>('[aria-current="true"]')?.focus()
    function onPointerDown(event: PointerEvent) {
      const target = event.target as Node
      if (!list.current?.contains(target) && !toggle.current?.contains(target)) setOpen(false)
    }
    document.addEventListener('pointerdown', onPointerDown)
    return () => document.removeEventListener('pointerdown', onPointerDown)
  }, [open])

  function close() {
    setOpen(false)
    toggle.current?.focus()
  }

  function choose(next: Locale) {
    close()
    if (next === shown) return
    rememberLocale(next)
    startTransition(() => {
      show(next)
      router.refresh()
    })
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape' && open) {
      event.preventDefault()
      close()
    }
  }

  return (
    <div className="locale-switcher" onKeyDown={onKeyDown}>
      <button
        ref={toggle}
        type="button"
        className="button small"
        data-testid="locale-switcher"
        data-locale={shown}
        aria-expanded={open}
        aria-controls={listId}
        aria-busy={pending ? 'true' : undefined}
        onClick={() => (open ? setOpen(false) : setOpen(true))}
      >
        {label}: <span lang={shown}>{localeNames[shown]}</span>
      </button>
      <ul ref={list} id={listId} className="menu" aria-label={label} hidden={!open}>
        {locales.map((option) => (
          <li key={option}>
            <button
              type="button"
              className="menu-item"
              lang={option}
              aria-current={option === shown ? 'true' : undefined}
              data-testid={`locale-option-${option}`}
              onClick={() => choose(option)}
            >
              {localeNames[option]}
            </button>
          </li>
        ))}
      </ul>
    </div>
  )
}

/** The choice, in the cookie the server reads first. */
function rememberLocale(locale: Locale) {
  document.cookie = localeCookie(locale, window.location.protocol === 'https:')
}
