'use client'
import { useEffect, useRef } from 'react'

type Life = {
  teardown: (() => void) | void
  /** The teardown waiting for the current task to end, cancelled if the component mounts again first. */
  pending: boolean
}

/**
 * An effect that lasts as long as the component: `setup` runs once when it mounts, and the teardown
 * it returns runs once, when the component really unmounts.
 *
 * React's StrictMode (`next dev`) mounts every component, unmounts it and mounts it again at once,
 * to expose effects that do not clean up. For an effect whose cleanup the user sees, that rehearsal
 * is not harmless: closing a native `<dialog>` fires its `close` event a moment later, after the
 * second mount opened it again (the connect dialog then closed for good: a dead "Connect wallet"
 * button); disconnecting a WalletConnect pairing races the second mount's new one; wiping a
 * recovery throws away what the user was doing. Here the teardown waits for the microtasks after
 * the commit: StrictMode's remount comes in the same commit, synchronously, and cancels it, so the
 * first setup simply carries on; a real unmount has no remount, and the teardown runs as the commit's
 * task ends, before the next input. Not a timer: Chromium runs input before timers, so a click
 * right after "Back" on a loaded machine reached the next view while the last one's WalletConnect
 * pairing was still shown (its QR code, for a moment, on another wallet's view).
 *
 * For effects that only subscribe and unsubscribe, a plain `useEffect` is right; use this one for
 * work that must happen exactly once per appearance of the component.
 */
export function useLifetimeEffect(setup: () => (() => void) | void): void {
  const life = useRef<Life | null>(null)
  useEffect(() => {
    const current = life.current
    if (current && current.pending) {
      // StrictMode's rehearsal: the same component is back before its teardown ran.
      current.pending = false
    } else {
      life.current = { teardown: setup(), pending: false }
    }
    return () => {
      const live = life.current
      if (!live) return
      live.pending = true
      queueMicrotask(() => {
        if (!live.pending) return
        live.pending = false
        if (life.current === live) life.current = null
        live.teardown?.()
      })
    }
    // Once per lifetime, by definition: later values of `setup` are ignored.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
}
