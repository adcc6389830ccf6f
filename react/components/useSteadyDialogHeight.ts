import { type RefObject, useLayoutEffect, useRef } from 'react'

/**
 * The dialog keeps the list's height when the list gives way to another view (connecting, an error,
 * a family's panel that is shorter): centred on a computer and a bottom sheet on a phone, a dialog
 * that shrinks moves its top edge, and the whole dialog jumped under the pointer that had just
 * chosen a wallet (a layout shift of 0.07 on a computer, 0.42 on a phone). Back on the list, the
 * list's own height again.
 */
export function useSteadyDialogHeight(dialog: RefObject<HTMLElement | null>, onList: boolean): void {
  const listHeight = useRef<number | undefined>(undefined)
  useLayoutEffect(() => {
    const element = dialog.current
    if (!element) return
    if (onList) {
      element.style.removeProperty('min-height')
      const measure = () => (listHeight.current = element.getBoundingClientRect().height)
      measure()
      // Wallets announced late and logos change the list's height while it shows.
      const observer = new ResizeObserver(measure)
      observer.observe(element)
      return () => observer.disconnect()
    }
    if (listHeight.current) element.style.setProperty('min-height', `${listHeight.current}px`)
  }, [dialog, onList])
}
