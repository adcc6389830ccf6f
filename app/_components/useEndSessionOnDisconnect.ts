'use client'
import { useEffect, useRef } from 'react'
import type { Address } from 'viem'

/**
 * A server session proves the *connected* wallet: when the wallet disconnects (the button, the
 * wallet itself, or a failed reconnect after reload), end it. Account switches are handled by the
 * sign-in panel, which is mounted while connected.
 */
export function useEndSessionOnDisconnect(address: Address | undefined, onEnded: () => void): void {
  const previous = useRef(address)
  useEffect(() => {
    const was = previous.current
    previous.current = address
    if (was === undefined || address !== undefined) return
    onEnded()
    // Loaded on demand: first paint does not need the sign-in client.
    void import('@/lib/siwe/client').then(({ signOut }) => signOut()).catch(() => {
      // Nothing to show: the session cookie expires on its own, and a sign-in checks the account.
    })
  }, [address, onEnded])
}
