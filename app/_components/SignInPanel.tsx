'use client'
import dynamic from 'next/dynamic'
import { useCallback, useEffect, useReducer, useRef, useState } from 'react'
import { getConnection } from '@wagmi/core'
import { isAddressEqual, type Address } from 'viem'
import { useChains, useConfig } from 'wagmi'
import { shownError, type ShownError } from '@/lib/errors/shownError'
import { ErrorAlert } from '@/lib/i18n/ErrorAlert'
import { useT } from '@/lib/i18n/useT'
import type { Translate } from '@/lib/i18n/t'
import { afterPaint } from '@/lib/react/afterPaint'
import { useLifetimeEffect } from '@/lib/react/useLifetimeEffect'
import {
  createSignInMessage,
  fetchAccount,
  fetchNonce,
  fetchSession,
  isAuthError,
  signOut,
  verifySignIn,
} from '@/lib/siwe/client'
import { sessionKeptBy, type KnownSession } from '@/lib/siwe/knownSession'
import { familyOfConnectorType } from '@/lib/siwe/families'
import { usePublicConfigIfAny } from './publicConfigContext'
import { useSetSigilAccount, useSigilAccount } from './useSigilAccount'
import {
  createNonceKeeper,
  initialSignInState,
  NONCE_CHECK_MS,
  signInReducer,
  type NonceKeeper,
  type SignInNote,
  type SignInState,
} from '../_lib/signInMachine'
import { signPersonalMessage } from '@/app/_wagmi/signPersonalMessage'
import { mapProviderError } from '@/connectors/shared/providerErrors'
import { takeHandedOffSignIn, type HandedOffSignIn } from '@/connectors/shared/signInHandOff'

export type SignInPanelProps = {
  address: Address
  chainId: number
  /** The session as last known (rendered by the server, then kept by the page); `undefined` = ask the API. */
  session: KnownSession
  onSessionChange: (session: { address: Address; chainId: number } | null) => void
}

function initialState(session: KnownSession, address: Address): SignInState {
  // The session is the account's: the wallet that signed in, or one the server listed as linked to it.
  if (session && sessionKeptBy(session, address)) return { ...initialSignInState, status: 'signed-in', session: { address: session.address, chainId: session.chainId } }
  return initialSignInState
}

function noteText(note: SignInNote, t: Translate): string {
  // The state is the connector's flag (a signature ended with no answer), never a wallet's name.
  return note === 'signatureNotCompleted' ? t('signature.notCompleted') : t(note)
}

/** A failure as the panel shows it: the sign-in API's error as it came, any other mapped as a wallet's. */
function failure(error: unknown): ShownError {
  return shownError(isAuthError(error) ? error : mapProviderError(error, 'sign'))
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
 * Sign-In with Ethereum. The nonce is fetched before the tap, so the wallet request goes out inside
 * the user's gesture (mobile browsers drop wallet links opened later). Signing out, disconnecting or
 * switching to another account ends the server session.
 */
export function SignInPanel({ address, chainId, session: known, onSessionChange }: SignInPanelProps) {
  const t = useT()
  const config = useConfig()
  const chains = useChains()
  const signInStatement = usePublicConfigIfAny()?.signInStatement
  // Same on the server and in the browser (both start from the server's reading): no hydration mismatch.
  const [state, dispatch] = useReducer(signInReducer, undefined, () => initialState(known, address))
  const busy = state.status === 'preparing' || state.status === 'signing' || state.status === 'verifying'
  const keeper = useRef<NonceKeeper | null>(null)
  keeper.current ??= createNonceKeeper({ fetchNonce })

  const endSession = useCallback(() => {
    onSessionChange(null)
    void signOut().catch(() => {
      // The cookie expires on its own; the next sign-in replaces it.
    })
  }, [onSessionChange])

  // The session belongs to this account, to another one (ended here), or is unknown (asked): once
  // per appearance of the panel (useLifetimeEffect), so StrictMode does not sign out or ask twice.
  const knownAtMount = useRef(known)
  useLifetimeEffect(() => {
    const session = knownAtMount.current
    if (session === null) return
    if (session) {
      if (!sessionKeptBy(session, address)) endSession()
      return
    }
    let live = true
    fetchSession()
      .then(async (found) => {
        if (!live || !found) return
        // Another wallet signed in: kept if the server lists the connected one among the account's.
        const wallets = isAddressEqual(found.address, address) ? undefined : (await fetchAccount())?.wallets.map((wallet) => wallet.address)
        if (!live) return
        if (!sessionKeptBy({ address: found.address, wallets }, address)) return endSession()
        dispatch({ type: 'sessionFound', session: found })
        onSessionChange({ address: found.address, chainId: found.chainId })
      })
      .catch(() => {
        // No answer: stay idle; signing in will report the problem if it persists.
      })
    return () => {
      live = false
    }
  })

  // The account and its linked wallets (useSigilAccount), read while signed in.
  const account = useSigilAccount({ enabled: state.status === 'signed-in' })
  const [linkingAsked, setLinking] = useState(false)
  // Signed out: the account is forgotten, so the next sign-in (maybe another wallet's) reads its own.
  const setAccount = useSetSigilAccount()
  const signedIn = state.status === 'signed-in'
  const linking = linkingAsked && signedIn
  useEffect(() => {
    if (signedIn) return
    setAccount(null)
  }, [signedIn, setAccount])
  // The account's wallets as last read; before the first reading, the server's list of the page's render.
  const linkedHere = account.data
    ? account.data.wallets.some((wallet) => isAddressEqual(wallet.address, address))
    : known !== undefined && known !== null && sessionKeptBy(known, address)
  const accountLoading = account.isPending && account.fetchStatus !== 'idle'

  // Switching to another account in the wallet ends the session of the previous one, unless the user
  // is linking (they switch to the wallet they link) or the account is one of the linked wallets.
  const session = state.session
  useEffect(() => {
    if (state.status !== 'signed-in' || !session || isAddressEqual(session.address, address)) return
    if (linking || linkedHere || accountLoading) return
    dispatch({ type: 'signedOut', note: 'auth.ended' })
    endSession()
  }, [state.status, session, address, endSession, linking, linkedHere, accountLoading])

  // Keep a fresh nonce ready while idle: checked often (background tabs throttle timers), and again
  // as soon as the page is visible or focused, so the tap finds one already received.
  useEffect(() => {
    if (state.status !== 'idle') return
    const nonces = keeper.current!
    const refresh = () => nonces.refresh()
    // The first after the frame that shows the panel (the request's cost does not hold it back).
    const cancelFirst = afterPaint(refresh)
    const timer = setInterval(refresh, NONCE_CHECK_MS)
    document.addEventListener('visibilitychange', refresh)
    window.addEventListener('focus', refresh)
    return () => {
      cancelFirst()
      clearInterval(timer)
      document.removeEventListener('visibilitychange', refresh)
      window.removeEventListener('focus', refresh)
    }
  }, [state.status])

  /** The attempt under way; Cancel moves on, and an older attempt's late answers are dropped. */
  const attempt = useRef(0)
  /** Where the keyboard goes once the control the user acted on is replaced (Sign in ↔ Sign out). */
  const moveFocus = useRef(false)
  const signInButton = useRef<HTMLButtonElement>(null)
  const signOutButton = useRef<HTMLButtonElement>(null)

  /**
   * Signs in: asks the wallet to sign the page's message, or, when the wallet already signed one
   * while connecting (`handed`, one-tap sign-in over WalletConnect), only verifies that.
   */
  async function signIn(handed?: HandedOffSignIn) {
    if (busy) return
    const current = ++attempt.current
    const live = () => attempt.current === current
    moveFocus.current = document.activeElement === signInButton.current
    dispatch({ type: 'start' })
    preloadSignedInParts()
    // A handed-off sign-in carries its own nonce, in its message.
    const taken = handed ? undefined : keeper.current!.take()
    try {
      // A nonce already here is used as it is: nothing is awaited between the tap and the wallet's
      // request, so a popup (the Coinbase Smart Wallet) opens inside the click.
      const nonce = taken === undefined || typeof taken === 'string' ? taken : await taken
      if (!live()) return
      const message = handed ? handed.message : createSignInMessage({ address, chainId, nonce: nonce!, origin: window.location.origin, statement: signInStatement })
      dispatch({ type: 'messageReady' })
      const signature = handed ? handed.signature : await signPersonalMessage(config, { message })
      // Cancelled meanwhile: a signature that comes back late signs nobody in.
      if (!live()) return
      // Nothing back: the wallet did not complete the signature and its connector swallowed the error.
      if (signature === undefined) return dispatch({ type: 'notCompleted' })
      dispatch({ type: 'signed' })
      const family = familyOfConnectorType(getConnection(config).connector?.type)
      const session = await verifySignIn({ message, signature, family })
      if (!live()) {
        void signOut().catch(() => undefined)
        return
      }
      dispatch({ type: 'verified', session })
      onSessionChange(session)
    } catch (error) {
      if (!live()) return
      if (!isAuthError(error) && mapProviderError(error, 'sign').code === 'user_rejected') dispatch({ type: 'rejected' })
      else dispatch({ type: 'failed', error: failure(error) })
    }
  }

  // One-tap sign-in: the wallet signed while it connected; verified once, as the panel appears.
  useLifetimeEffect(() => {
    if (knownAtMount.current) return
    const handed = takeHandedOffSignIn(address)
    if (handed) void signIn(handed)
  })

  function cancel() {
    attempt.current += 1
    moveFocus.current = true
    dispatch({ type: 'cancelled' })
  }

  async function onSignOut() {
    moveFocus.current = document.activeElement === signOutButton.current
    try {
      await signOut()
      setLinking(false)
      dispatch({ type: 'signedOut' })
      onSessionChange(null)
    } catch (error) {
      dispatch({ type: 'failed', error: failure(error) })
    }
  }

  // Signed out from the sessions list (this device's row, or everywhere): the server already ended it.
  const signedOutFromList = useCallback(() => {
    setLinking(false)
    dispatch({ type: 'signedOut' })
    onSessionChange(null)
  }, [onSessionChange])

  // The control the user acted on was replaced: the keyboard goes to the one in its place.
  useEffect(() => {
    if (!moveFocus.current) return
    if (state.status === 'signed-in') {
      moveFocus.current = false
      signOutButton.current?.focus()
    } else if (state.status === 'idle') {
      moveFocus.current = false
      signInButton.current?.focus()
    }
  }, [state.status])

  const signedInChain = state.session ? chains.find((candidate) => candidate.id === state.session!.chainId) : undefined
  const signedInChainName = state.session ? (signedInChain?.name ?? t('chain.unknown', { id: state.session.chainId })) : ''
  return (
    <section className="card" aria-labelledby="sign-in-heading">
      <h2 id="sign-in-heading">{t('auth.heading')}</h2>
      <p className="muted">{t('auth.intro')}</p>
      <p className="status-line" role="status" data-testid="auth-status" data-state={state.status}>
        {state.status === 'signed-in' && state.session ? t('auth.signedInOn', { chain: signedInChainName }) : t(`auth.state.${state.status}`)}
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
              <dd data-testid="auth-chain" data-chain-id={state.session.chainId}>
                {signedInChainName}
              </dd>
            </div>
          </dl>
          <button ref={signOutButton} type="button" className="button" data-testid="sign-out-button" onClick={onSignOut}>
            {t('auth.signOut')}
          </button>
          <LinkedWallets
            address={address}
            chainId={chainId}
            account={account}
            linking={linking}
            onLinkingChange={setLinking}
            onSignedOut={signedOutFromList}
          />
          <SessionsList onSignedOut={signedOutFromList} />
        </>
      ) : (
        <div className="row">
          {/* Busy: aria-disabled, not disabled, so the keyboard focus stays on it while the wallet is asked. */}
          <button ref={signInButton} type="button" className="button primary" data-testid="sign-in-button" aria-disabled={busy} onClick={() => signIn()}>
            {t('auth.signIn')}
          </button>
          {busy && (
            <button type="button" className="button" data-testid="sign-in-cancel" onClick={cancel}>
              {t('auth.cancel')}
            </button>
          )}
        </div>
      )}
      {state.note && (
        <p className="muted" data-testid="auth-note">
          {noteText(state.note, t)}
        </p>
      )}
      {state.error && (
        <ErrorAlert error={state.error} testId="auth-error" />
      )}
    </section>
  )
}
