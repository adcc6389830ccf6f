'use client'
import { useEffect, useRef } from 'react'

type Life = {
  teardown: (() => void) | void
  /** The teardown waiting for a task, cancelled if the component mounts again first. */
  pending: ReturnType<typeof setTimeout> | undefined
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
 * recovery throws away what the user was doing. Here the teardown waits for a task: StrictMode's
 * remount comes in the same commit, before any task runs, and cancels it, so the first setup simply
 * carries on; a real unmount has no remount, and the teardown runs a moment later.
 *
 * For effects that only subscribe and unsubscribe, a plain `useEffect` is right; use this one for
 * work that must happen exactly once per appearance of the component.
 */
export function useLifetimeEffect(setup: () => (() => void) | void): void {
  const life = useRef<Life | null>(null)
  useEffect(() => {
    const current = life.current
    if (current && current.pending !== undefined) {
      // StrictMode's rehearsal: the same component is back before its teardown ran.
      clearTimeout(current.pending)
      current.pending = undefined
    } else {
      life.current = { teardown: setup(), pending: undefined }
    }
    return () => {
      const live = life.current
      if (!live) return
      live.pending = setTimeout(() => {
        if (life.current === live) life.current = null
        live.teardown?.()
      }, 0)
    }
    // Once per lifetime, by definition: later values of `setup` are ignored.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
}
