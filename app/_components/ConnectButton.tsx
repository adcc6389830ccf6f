'use client'
import type { Ref } from 'react'
import { t } from '@/lib/i18n/t'
import { preloadConnectDialog } from './loadConnectDialog'

export type ConnectButtonProps = {
  ref?: Ref<HTMLButtonElement> | undefined
  onOpen: () => void
}

/** "Connect wallet": opens the connect dialog, whose code loads on hover/focus/touch, before the tap. */
export function ConnectButton({ ref, onOpen }: ConnectButtonProps) {
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
    >
      {t('connect.button')}
    </button>
  )
}
