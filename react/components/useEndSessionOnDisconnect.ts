'use client'
import { useEffect, useRef } from 'react'
import type { Address } from 'viem'

/**
 * A server session is the account's, used through a connected wallet: when no wallet is connected
 * any more (the button, the wallet itself, or a failed reconnect after reload), end it. Switches to
 * another wallet are the sign-in panel's (mounted while connected): a wallet linked to the account
 * keeps the session (docs/sign-in.md#sessions).
 */
export function useEndSessionOnDisconnect(address: Address | undefined, onEnded: () => void): void {
  const previous = useRef(address)
  useEffect(() => {
    const was = previous.current
    previous.current = address
    if (was === undefined || address !== undefined) return
    onEnded()
    // Loaded on demand: first paint does not need the sign-in client.
    void import('@sigil/lib/siwe/client').then(({ signOut }) => signOut()).catch(() => {
      // Nothing to show: the session cookie expires on its own, and a sign-in checks the account.
    })
  }, [address, onEnded])
}
