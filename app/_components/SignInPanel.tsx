'use client'
import { useCallback, useEffect, useReducer, useRef } from 'react'
import { isAddressEqual, type Address } from 'viem'
import { useConfig } from 'wagmi'
import { t } from '@/lib/i18n/t'
import {
  createSignInMessage,
  fetchNonce,
  fetchSession,
  isAuthApiError,
  signOut,
  verifySignIn,
} from '@/lib/siwe/client'
import { initialSignInState, signInReducer } from '../_lib/signInMachine'
import { signPersonalMessage } from '@/lib/wagmi/signPersonalMessage'
import { mapProviderError } from '@/connectors/shared/providerErrors'

/** A nonce lives 5 minutes on the server; one older than this is fetched again. */
const NONCE_MAX_AGE_MS = 4 * 60 * 1000

export type SignInPanelProps = { address: Address; chainId: number }

function errorMessage(error: unknown): string {
  return isAuthApiError(error) ? error.message : mapProviderError(error, 'sign').message
}

/**
 * Sign-In with Ethereum. The nonce is fetched before the tap, so the wallet request goes out inside
 * the user's gesture (mobile browsers drop wallet links opened later). Signing out, disconnecting or
 * switching to another account ends the server session.
 */
export function SignInPanel({ address, chainId }: SignInPanelProps) {
  const config = useConfig()
  const [state, dispatch] = useReducer(signInReducer, initialSignInState)
  const nonce = useRef<{ value: Promise<string>; at: number } | null>(null)

  const prefetchNonce = useCallback(() => {
    const value = fetchNonce()
    const entry = { value, at: Date.now() }
    nonce.current = entry
    // A failed prefetch is retried at the tap, where its error can be shown.
    value.catch(() => {
      if (nonce.current === entry) nonce.current = null
    })
  }, [])

  // The server session may belong to this account (reload), or to another one (ended here).
  useEffect(() => {
    let live = true
    fetchSession()
      .then((session) => {
        if (!live || !session) return
        if (isAddressEqual(session.address, address)) dispatch({ type: 'sessionFound', session })
        else void signOut().catch(() => {})
      })
      .catch(() => {
        // No answer: stay idle; signing in will report the problem if it persists.
      })
    return () => {
      live = false
    }
  }, [address])

  // Switching to another account in the wallet ends the session of the previous one.
  const session = state.session
  useEffect(() => {
    if (state.status !== 'signed-in' || !session || isAddressEqual(session.address, address)) return
    dispatch({ type: 'signedOut', note: 'auth.ended' })
    void signOut().catch(() => {})
  }, [state.status, session, address])

  // Keep a fresh nonce ready while idle.
  useEffect(() => {
    if (state.status !== 'idle') return
    if (!nonce.current || Date.now() - nonce.current.at > NONCE_MAX_AGE_MS) prefetchNonce()
    const timer = setInterval(prefetchNonce, NONCE_MAX_AGE_MS)
    return () => clearInterval(timer)
  }, [state.status, prefetchNonce])

  async function signIn() {
    dispatch({ type: 'start' })
    const ready = nonce.current && Date.now() - nonce.current.at <= NONCE_MAX_AGE_MS ? nonce.current.value : fetchNonce()
    // Single use: the next attempt gets a new one.
    nonce.current = null
    try {
      const message = createSignInMessage({ address, chainId, nonce: await ready, origin: window.location.origin })
      dispatch({ type: 'messageReady' })
      const signature = await signPersonalMessage(config, { message })
      dispatch({ type: 'signed' })
      const session = await verifySignIn({ message, signature })
      dispatch({ type: 'verified', session })
    } catch (error) {
      if (!isAuthApiError(error) && mapProviderError(error, 'sign').code === 'user_rejected') dispatch({ type: 'rejected' })
      else dispatch({ type: 'failed', message: errorMessage(error) })
    }
  }

  async function onSignOut() {
    try {
      await signOut()
      dispatch({ type: 'signedOut' })
    } catch (error) {
      dispatch({ type: 'failed', message: errorMessage(error) })
    }
  }

  const busy = state.status === 'preparing' || state.status === 'signing' || state.status === 'verifying'
  return (
    <section className="card" aria-labelledby="sign-in-heading">
      <h2 id="sign-in-heading">{t('auth.heading')}</h2>
      <p className="muted">{t('auth.intro')}</p>
      <p className="status-line" role="status" data-testid="auth-status" data-state={state.status}>
        {t(`auth.state.${state.status}`)}
      </p>
      {state.status === 'signed-in' && state.session ? (
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
              <dd data-testid="auth-chain">{state.session.chainId}</dd>
            </div>
          </dl>
          <button type="button" className="button" data-testid="sign-out-button" onClick={onSignOut}>
            {t('auth.signOut')}
          </button>
        </>
      ) : (
        <button type="button" className="button primary" data-testid="sign-in-button" disabled={busy} onClick={signIn}>
          {t('auth.signIn')}
        </button>
      )}
      {state.note && (
        <p className="muted" data-testid="auth-note">
          {t(state.note)}
        </p>
      )}
      {state.error && (
        <p role="alert" className="error-text" data-testid="auth-error">
          {state.error}
        </p>
      )}
    </section>
  )
}
