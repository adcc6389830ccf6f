'use client'
import type { Ref } from 'react'
import { preloadConnectDialog } from './loadConnectDialog'

export type ConnectButtonProps = {
  ref?: Ref<HTMLButtonElement> | undefined
  /** "Connect wallet", from the catalogue on the server: the page's first paint needs no catalogue code. */
  label: string
  onOpen: () => void
}

/** "Connect wallet": opens the connect dialog, whose code loads on hover/focus/touch, before the tap. */
export function ConnectButton({ ref, label, onOpen }: ConnectButtonProps) {
  return (
    <button
      ref={ref}
      type="button"
      className="button primary large"
      data-testid="connect-button"
      aria-haspopup="dialog"
      onClick={onOpen}
      onPointerEnter={preloadConnectDialog}
      onFocus={preloadConnectDialog}
      onTouchStart={preloadConnectDialog}
      // A tap before hydration marks the button busy (aria-busy, data-early-tap) from the inline
      // script (react/lib/earlyTap.ts) before React sees it; the page takes the marks off itself.
      suppressHydrationWarning
    >
      {label}
    </button>
  )
}
