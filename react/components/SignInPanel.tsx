'use client'
import dynamic from 'next/dynamic'
import { ErrorAlert } from '@sigil/lib/i18n/ErrorAlert'
import { useT } from '@sigil/lib/i18n/useT'
import type { Translate } from '@sigil/lib/i18n/t'
import type { SignInNote } from '../lib/signInMachine'
import { useSignIn, type UseSignInOptions } from './useSignIn'

export type SignInPanelProps = Omit<UseSignInOptions, 'onSignInStart'>

function noteText(note: SignInNote, t: Translate): string {
  // The state is the connector's flag (a signature ended with no answer), never a wallet's name.
  return note === 'signatureNotCompleted' ? t('signature.notCompleted') : t(note)
}

// Shown only while signed in: the linked wallets and the sessions list are chunks of their own,
// asked for when a sign-in starts (preloadSignedInParts), and with the page when it was rendered
// signed in (Next preloads what the server rendered).
const LinkedWallets = dynamic(() => import('./LinkedWallets').then((module) => module.LinkedWallets))
const SessionsList = dynamic(() => import('./SessionsList').then((module) => module.SessionsList))

/** Fetches the signed-in parts' chunks without waiting for them (a failure is the render's to report). */
function preloadSignedInParts(): void {
  void import('./LinkedWallets').catch(() => undefined)
  void import('./SessionsList').catch(() => undefined)
}

/**
 * Sign-In with Ethereum: the markup and words over `useSignIn` (the nonce fetched before the tap,
 * the message, the wallet's signature, the server's session, signing out, switching accounts). The
 * linked wallets and the sessions list are shown while signed in.
 */
export function SignInPanel({ address, chainId, session, onSessionChange }: SignInPanelProps) {
  const t = useT()
  const { state, busy, signIn, cancel, signOut, sessionEnded, account, linking, setLinking, signInButtonRef, signOutButtonRef } = useSignIn({
    address,
    chainId,
    session,
    onSessionChange,
    onSignInStart: preloadSignedInParts,
  })
  const note = state.status === 'idle' ? state.note : null
  const error = state.status === 'idle' || state.status === 'signed-in' ? state.error : null
  const signedInChainName = state.status === 'signed-in' ? (state.chain?.name ?? t('chain.unknown', { id: state.session.chainId })) : ''
  return (
    <section className="card" aria-labelledby="sign-in-heading">
      <h2 id="sign-in-heading">{t('auth.heading')}</h2>
      <p className="muted">{t('auth.intro')}</p>
      <p className="status-line" role="status" data-testid="auth-status" data-state={state.status}>
        {state.status === 'signed-in' ? t('auth.signedInOn', { chain: signedInChainName }) : t(`auth.state.${state.status}`)}
      </p>
      {state.status === 'signed-in' ? (
        <>
          <dl className="facts">
            <div>
              <dt>{t('auth.address')}</dt>
              <dd className="address" data-testid="auth-address">
                {state.session.address}
              </dd>
            </div>
            <div>
              <dt>{t('auth.chain')}</dt>
              <dd data-testid="auth-chain" data-chain-id={state.session.chainId}>
                {signedInChainName}
              </dd>
            </div>
          </dl>
          <button ref={signOutButtonRef} type="button" className="button" data-testid="sign-out-button" onClick={signOut}>
            {t('auth.signOut')}
          </button>
          <LinkedWallets
            address={address}
            chainId={chainId}
            account={account}
            linking={linking}
            onLinkingChange={setLinking}
            onSignedOut={sessionEnded}
          />
          <SessionsList onSignedOut={sessionEnded} />
        </>
      ) : (
        <div className="row">
          {/* Busy: aria-disabled, not disabled, so the keyboard focus stays on it while the wallet is asked. */}
          <button ref={signInButtonRef} type="button" className="button primary" data-testid="sign-in-button" aria-disabled={busy} onClick={() => signIn()}>
            {t('auth.signIn')}
          </button>
          {busy && (
            <button type="button" className="button" data-testid="sign-in-cancel" onClick={cancel}>
              {t('auth.cancel')}
            </button>
          )}
        </div>
      )}
      {note && (
        <p className="muted" data-testid="auth-note">
          {noteText(note, t)}
        </p>
      )}
      {error && (
        <ErrorAlert error={error} testId="auth-error" />
      )}
    </section>
  )
}
