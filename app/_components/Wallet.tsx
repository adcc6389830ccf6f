'use client'
import dynamic from 'next/dynamic'
import { useState } from 'react'
import { useConnection } from 'wagmi'
import { ConnectButton } from './ConnectButton'
import { loadConnectedViews } from './loadConnectedViews'
import { useEndSessionOnDisconnect } from './useEndSessionOnDisconnect'

// The connected views are their own chunks: a first visit (disconnected) never downloads them, and a
// reload while connected still renders them on the server, so there is no flash.
const AccountView = dynamic(() => loadConnectedViews.account().then((m) => m.AccountView))
const SignMessagePanel = dynamic(() => loadConnectedViews.signMessage().then((m) => m.SignMessagePanel))
const SignInPanel = dynamic(() => loadConnectedViews.signIn().then((m) => m.SignInPanel))

/** The page's one stateful region: the connect button, or the account and its panels. */
export function Wallet() {
  const { address, chainId, status } = useConnection()
  // Where focus goes when one view replaces the other (the control that had it is gone).
  const [focusTarget, setFocusTarget] = useState<'account' | 'connect' | null>(null)
  // While wagmi reconnects after a reload, the cookie's account is shown: the server rendered it too.
  const connected =
    address !== undefined && chainId !== undefined && (status === 'connected' || status === 'reconnecting')
  useEndSessionOnDisconnect(connected ? address : undefined)

  if (!connected) {
    return <ConnectButton autoFocus={focusTarget === 'connect'} onConnected={() => setFocusTarget('account')} />
  }
  return (
    <div className="stack">
      <AccountView
        address={address}
        chainId={chainId}
        autoFocus={focusTarget === 'account'}
        onDisconnect={() => setFocusTarget('connect')}
      />
      <SignMessagePanel address={address} chainId={chainId} />
      <SignInPanel address={address} chainId={chainId} />
    </div>
  )
}
