'use client'
import dynamic from 'next/dynamic'
import { useEffect, useRef, useState } from 'react'
import { t } from '@/lib/i18n/t'

const loadDialog = () => import('./ConnectDialog')
const ConnectDialog = dynamic(() => loadDialog().then((m) => m.ConnectDialog), { ssr: false })

function preloadDialog() {
  void loadDialog().catch(() => {})
}

export type ConnectButtonProps = {
  /** Take focus on mount (after a disconnect removed the control that had it). */
  autoFocus?: boolean | undefined
  onConnected?: (() => void) | undefined
}

/** "Connect wallet": opens the connect dialog, whose code loads on hover/focus/touch, before the tap. */
export function ConnectButton({ autoFocus, onConnected }: ConnectButtonProps) {
  const [open, setOpen] = useState(false)
  const opener = useRef<HTMLButtonElement>(null)
  const restoreFocus = useRef(false)
  useEffect(() => {
    if (autoFocus) opener.current?.focus()
  }, [autoFocus])
  // Back to the opener once the dialog is gone: while the modal is open the rest of the page is
  // inert and cannot take focus.
  useEffect(() => {
    if (open || !restoreFocus.current) return
    restoreFocus.current = false
    opener.current?.focus()
  }, [open])

  return (
    <>
      <button
        ref={opener}
        type="button"
        className="button primary large"
        data-testid="connect-button"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        onPointerEnter={preloadDialog}
        onFocus={preloadDialog}
        onTouchStart={preloadDialog}
      >
        {t('connect.button')}
      </button>
      {open && (
        <ConnectDialog
          onClose={() => {
            restoreFocus.current = true
            setOpen(false)
          }}
          onConnected={() => onConnected?.()}
        />
      )}
    </>
  )
}
