'use client'
import type { Ref } from 'react'
import { preloadConnectDialog } from './loadConnectDialog'
import { preloadConnectedView } from './loadConnectedView'

export type ConnectButtonProps = {
  ref?: Ref<HTMLButtonElement> | undefined
  /** "Connect wallet", from the catalogue on the server: the page's first paint needs no catalogue code. */
  label: string
  onOpen: () => void
}

/**
 * "Connect wallet": opens the connect dialog, whose code loads on hover/focus/touch, before the tap.
 * The click also fetches the account view that follows a connection (~17 kB gzip): a click on it says
 * the user means to connect, and a request made now is on the wire before the dialog's logos take
 * the browser's connections (six per host over HTTP/1.1), so a wallet picked at once does not wait
 * for them.
 */
export function ConnectButton({ ref, label, onOpen }: ConnectButtonProps) {
  return (
    <button
      ref={ref}
      type="button"
      className="button primary large"
      data-testid="connect-button"
      aria-haspopup="dialog"
      onClick={() => {
        void preloadConnectedView()
        onOpen()
      }}
      onPointerEnter={preloadConnectDialog}
      onFocus={preloadConnectDialog}
      onTouchStart={preloadConnectDialog}
    >
      {label}
    </button>
  )
}
