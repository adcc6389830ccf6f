const selector = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
  // A <details>' own summary (the development notice under the wallet list).
  'details > summary:first-of-type',
].join(',')

/**
 * The elements Tab can reach inside `root`, in document order (hidden ones excluded, and what a closed
 * <details> holds but its summary: Chromium lays that out, so it has boxes, yet Tab skips it).
 */
export function focusableIn(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(selector)).filter((element) => {
    if (element.closest('[hidden],[inert]') || element.getClientRects().length === 0) return false
    const closed = element.closest('details:not([open])')
    return !closed || (element.tagName === 'SUMMARY' && element.parentElement === closed)
  })
}

/**
 * Where Tab (or Shift+Tab) must go to keep focus inside a modal: the other end of the list when
 * leaving it at either end or when focus is not inside at all; `null` lets the browser move normally.
 */
export function wrapFocusTarget<T>(items: readonly T[], active: T | null, backwards: boolean): T | null {
  const first = items[0]
  const last = items[items.length - 1]
  if (first === undefined || last === undefined) return null
  const index = active === null ? -1 : items.indexOf(active)
  if (index === -1) return backwards ? last : first
  if (backwards && index === 0) return last
  if (!backwards && index === items.length - 1) return first
  return null
}
