/**
 * Tab and Shift+Tab stay inside `container` (the sheet, the wallet's screens): the vault's document is
 * all the user should reach while it asks them something. Returns the listener's removal.
 */
export function trapFocus(container: HTMLElement): () => void {
  function focusables(): HTMLElement[] {
    return [...container.querySelectorAll<HTMLElement>('button, input, select, textarea, a[href], [tabindex]:not([tabindex="-1"])')].filter(
      (element) => !element.hasAttribute('disabled') && element.getClientRects().length > 0,
    )
  }
  function onKeyDown(event: KeyboardEvent) {
    if (event.key !== 'Tab') return
    const list = focusables()
    const first = list[0]
    const last = list[list.length - 1]
    if (!first || !last) return
    const active = document.activeElement
    if (event.shiftKey && (active === first || !container.contains(active))) {
      event.preventDefault()
      last.focus()
    } else if (!event.shiftKey && (active === last || !container.contains(active))) {
      event.preventDefault()
      first.focus()
    }
  }
  document.addEventListener('keydown', onKeyDown, true)
  return () => document.removeEventListener('keydown', onKeyDown, true)
}
