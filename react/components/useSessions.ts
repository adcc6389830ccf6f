'use client'
import { useEffect, useState } from 'react'
import { shownError, type ShownError } from '@sigil/lib/errors/shownError'
import { isAuthError, listSessions, revokeSession, signOut, type ListedSession } from '@sigil/lib/siwe/client'

export type SessionsListing = { kind: 'loading' } | { kind: 'ready'; sessions: ListedSession[] } | { kind: 'failed'; error: ShownError }

/**
 * Where the signed-in address is signed in, without the markup (SessionsList.tsx draws it): the
 * live sessions from the server (`GET /api/auth/sessions`), ending one (`revoke`) or all of them
 * (`signOutEverywhere`), and which one is in progress. `onSignedOut` is called when this browser's
 * own session ended (its row, "everywhere", or the server no longer knowing it). `revoke` and
 * `signOutEverywhere` resolve to whether they did what was asked; a failure is `failure`.
 */
export function useSessions({ onSignedOut }: { onSignedOut: () => void }) {
  const [listing, setListing] = useState<SessionsListing>({ kind: 'loading' })
  const [busy, setBusy] = useState<string | null>(null)
  const [failure, setFailure] = useState<ShownError | null>(null)

  useEffect(() => {
    // Leaving (signed out, or the panel closed) stops the request, so an answer the server gave
    // after the session ended is not a 401 printed in the console.
    const stop = new AbortController()
    listSessions({ signal: stop.signal })
      .then((sessions) => {
        if (stop.signal.aborted) return
        if (sessions === null) return onSignedOut()
        setListing({ kind: 'ready', sessions })
      })
      .catch((error: unknown) => {
        if (!stop.signal.aborted) setListing({ kind: 'failed', error: shownError(error) })
      })
    return () => stop.abort()
  }, [onSignedOut])

  const drop = (id: string) => setListing((current) => (current.kind === 'ready' ? { kind: 'ready', sessions: current.sessions.filter((row) => row.id !== id) } : current))

  async function revoke(session: ListedSession): Promise<boolean> {
    if (busy !== null) return false
    setBusy(session.id)
    setFailure(null)
    try {
      await revokeSession(session.id, { current: session.current })
      if (session.current) onSignedOut()
      else drop(session.id)
      return true
    } catch (error) {
      // Already gone (another tab ended it): the list drops it, the error says why.
      if (isAuthError(error) && error.code === 'unknown_session') drop(session.id)
      setFailure(shownError(error))
      return false
    } finally {
      setBusy(null)
    }
  }

  async function signOutEverywhere(): Promise<boolean> {
    if (busy !== null) return false
    setBusy('everywhere')
    setFailure(null)
    try {
      await signOut({ everywhere: true })
      onSignedOut()
      return true
    } catch (error) {
      setFailure(shownError(error))
      return false
    } finally {
      setBusy(null)
    }
  }

  return { listing, busy, failure, revoke, signOutEverywhere }
}
