'use client'
import { useEffect, useRef, useState } from 'react'
import { ErrorAlert } from '@sigil/lib/i18n/ErrorAlert'
import { useLocale } from '@sigil/lib/i18n/LocaleProvider'
import { useT } from '@sigil/lib/i18n/useT'
import type { ListedSession } from '@sigil/lib/siwe/client'
import { useSessions } from './useSessions'

export type SessionsListProps = {
  /** Called when this browser's own session ended from the list (its own row, or "everywhere"). */
  onSignedOut: () => void
}

/**
 * Where the signed-in address is signed in: every live session (browser and system, rough place,
 * when it signed in and was last active), this browser's marked, each with its own "Sign out", and
 * "Sign out everywhere". A revoked browser is signed out on its next request (the server checks
 * every session's row). The behaviour is `useSessions`; this is its markup and words.
 */
export function SessionsList({ onSignedOut }: SessionsListProps) {
  const t = useT()
  const locale = useLocale()
  const { listing, busy, failure, revoke, signOutEverywhere } = useSessions({ onSignedOut })
  const [note, setNote] = useState<string | null>(null)

  const when = (iso: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso))
  const deviceName = (session: ListedSession) => {
    if (session.device === null) return t('auth.sessions.unknownDevice')
    // The server's label is "<browser> on <system>" (server/session/device.ts; product names, never
    // translated): the words around them are the page's.
    const [browser, system, ...rest] = session.device.split(' on ')
    return system !== undefined && rest.length === 0 ? t('auth.sessions.deviceOn', { browser: browser!, system }) : session.device
  }

  // Another browser's row goes with the "Sign out" the keyboard was on: focus moves to the heading
  // once the list without it is drawn, rather than falling to the page.
  const heading = useRef<HTMLHeadingElement>(null)
  const refocus = useRef(false)
  useEffect(() => {
    if (!refocus.current) return
    refocus.current = false
    heading.current?.focus()
  }, [listing])

  async function onRevoke(session: ListedSession, button: HTMLButtonElement) {
    setNote(null)
    // Set before the answer: the list without the row may be drawn before this function goes on.
    refocus.current = document.activeElement === button && !session.current
    const done = await revoke(session)
    if (!done) refocus.current = false
    else if (!session.current) setNote(t('auth.sessions.revoked', { device: deviceName(session) }))
  }

  async function onEverywhere() {
    if (await signOutEverywhere()) setNote(t('auth.sessions.everywhereDone'))
  }

  return (
    <section className="stack" aria-labelledby="sessions-heading" data-testid="sessions">
      <h3 id="sessions-heading" ref={heading} tabIndex={-1}>
        {t('auth.sessions.heading')}
      </h3>
      {listing.kind === 'loading' && (
        <p className="muted" role="status">
          {t('auth.sessions.loading')}
        </p>
      )}
      {listing.kind === 'failed' && <ErrorAlert error={listing.error} testId="sessions-error" />}
      {listing.kind === 'ready' && (
        <ul className="sessions" data-testid="sessions-list">
          {listing.sessions.map((session) => (
            <li key={session.id} data-testid="session-row" data-current={session.current || undefined}>
              <div>
                <strong data-testid="session-device">{deviceName(session)}</strong>
                {session.place && <span className="muted"> · {session.place}</span>}
                {session.current && (
                  <span className="badge" data-testid="session-this-device">
                    {' '}
                    {t('auth.sessions.thisDevice')}
                  </span>
                )}
              </div>
              <div className="muted">
                {t('auth.sessions.created', { time: when(session.createdAt) })} · {t('auth.sessions.lastSeen', { time: when(session.lastSeenAt) })}
              </div>
              <button
                type="button"
                className="button small"
                data-testid="session-revoke"
                aria-label={t('auth.sessions.revokeLabel', { device: deviceName(session) })}
                aria-disabled={busy !== null}
                onClick={(event) => busy === null && void onRevoke(session, event.currentTarget)}
              >
                {t('auth.sessions.revoke')}
              </button>
            </li>
          ))}
        </ul>
      )}
      <button type="button" className="button" data-testid="sign-out-everywhere" aria-disabled={busy !== null} onClick={() => busy === null && void onEverywhere()}>
        {t('auth.sessions.everywhere')}
      </button>
      {note && (
        <p className="muted" role="status" data-testid="sessions-note">
          {note}
        </p>
      )}
      {failure && <ErrorAlert error={failure} testId="sessions-error" />}
    </section>
  )
}
