'use client'
import { useEffect, type KeyboardEvent, type RefObject } from 'react'
import { focusableIn, wrapFocusTarget } from '../lib/focusable'
import type { View } from './connectDialogState'

/**
 * The connect dialog's focus: it follows the view (the control that had it may be gone), and Tab
 * wraps inside the dialog. Returns the dialog's `onKeyDown`.
 */
export function useDialogFocus(dialog: RefObject<HTMLDialogElement | null>, view: View['kind']) {
  useEffect(() => {
    const element = dialog.current
    if (!element) return
    const target =
      view === 'connecting'
        ? element.querySelector<HTMLElement>('[data-testid="connect-cancel"]')
        : view === 'error'
          ? element.querySelector<HTMLElement>('[data-testid="connect-retry"]')
          : (element.querySelector<HTMLElement>('[data-testid^="wallet-option-"]') ??
            element.querySelector<HTMLElement>('[data-testid="dialog-close"]'))
    target?.focus()
  }, [dialog, view])

  return function onKeyDown(event: KeyboardEvent<HTMLDialogElement>) {
    if (event.key !== 'Tab' || !dialog.current) return
    const items = focusableIn(dialog.current)
    const active = document.activeElement instanceof HTMLElement ? document.activeElement : null
    const target = wrapFocusTarget(items, active, event.shiftKey)
    if (target) {
      event.preventDefault()
      target.focus()
    }
  }
}
