'use client'
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react'
import { getConnection } from '@wagmi/core'
import { isAddressEqual, type Address, type Chain } from 'viem'
import { useChains, useConfig } from 'wagmi'
import { shownError, type ShownError } from '@sigil/lib/errors/shownError'
import { afterPaint } from '@sigil/lib/react/afterPaint'
import { useLifetimeEffect } from '@sigil/lib/react/useLifetimeEffect'
import {
  createSignInMessage,
  fetchAccount,
  fetchNonce,
  fetchSession,
  isAuthError,
  signOut as endServerSession,
  verifySignIn,
} from '@sigil/lib/siwe/client'
import { sessionKeptBy, type KnownSession } from '@sigil/lib/siwe/knownSession'
import { familyOfConnectorType } from '@sigil/lib/siwe/families'
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
} from '../lib/signInMachine'
import { signPersonalMessage } from '@/react/wagmi/signPersonalMessage'
import { mapProviderError } from '@sigil/connectors/shared/providerErrors'
import { takeHandedOffSignIn, type HandedOffSignIn } from '@sigil/connectors/shared/signInHandOff'

type Session = { address: Address; chainId: number }

export type UseSignInOptions = {
  /** The wallet account connected now: the one that signs, and whose session is kept. */
  address: Address
  /** The chain the sign-in message names (the connection's). */
  chainId: number
  /** The session as last known (rendered by the server, then kept by the page); `undefined` = ask the API. */
  session: KnownSession
  /** Called when a session starts or is found (`{ address, chainId }`), and when it ends (`null`). */
  onSessionChange: (session: Session | null) => void
  /**
   * Called as a sign-in starts, before anything is awaited (Sigil's panel fetches the chunks it shows
   * once signed in). Optional.
   */
  onSignInStart?: (() => void) | undefined
}

/**
 * Where signing in is (react/lib/signInMachine.ts): `idle` (with the note of how the last attempt
 * ended — a key of the page's strings, or `signatureNotCompleted` — and/or its error), one of the
 * busy steps, or `signed-in` with the session and its chain as the page's wagmi config knows it
 * (`undefined`: not one of the config's chains).
 */
export type SignInPhase =
  | { status: 'idle'; note: SignInNote | null; error: ShownError | null }
  | { status: 'preparing' | 'signing' | 'verifying' }
  | { status: 'signed-in'; session: Session; chain: Chain | undefined; error: ShownError | null }

function phaseOf(state: SignInState, chains: readonly Chain[]): SignInPhase {
  switch (state.status) {
    case 'idle':
      return { status: 'idle', note: state.note, error: state.error }
    case 'signed-in': {
      // The machine enters `signed-in` only with a session.
      const session = state.session!
      return { status: 'signed-in', session, chain: chains.find((candidate) => candidate.id === session.chainId), error: state.error }
    }
    default:
      return { status: state.status }
  }
}

function initialState(session: KnownSession, address: Address): SignInState {
  // The session is the account's: the wallet that signed in, or one the server listed as linked to it.
  if (session && sessionKeptBy(session, address)) return { ...initialSignInState, status: 'signed-in', session: { address: session.address, chainId: session.chainId } }
  return initialSignInState
}

/** A failure as the page shows it: the sign-in API's error as it came, any other mapped as a wallet's. */
function failure(error: unknown): ShownError {
  return shownError(isAuthError(error) ? error : mapProviderError(error, 'sign'))
}

/**
 * Sign-In with Ethereum without the markup (SignInPanel.tsx draws it). The nonce is fetched before
 * the tap, so the wallet request goes out inside the user's gesture (mobile browsers drop wallet
 * links opened later); the message is EIP-4361's for the page's origin (and the deployment's
 * statement); the signature goes to `POST /api/auth/verify` with the connector's family. A sign-in
 * the wallet already signed while connecting (one-tap sign-in over WalletConnect) is verified as the
 * hook first mounts. Signing out, disconnecting or switching to an account that is not one of the
 * signed-in account's linked wallets ends the server session; an unknown session is asked for once.
 *
 * Returns:
 * - `state`: a `SignInPhase` (`idle` with its note and error, `preparing`, `signing`, `verifying`, `signed-in` with the session, its chain, and the error of a sign-out that failed);
 * - `busy`: an attempt is under way (`preparing`, `signing` or `verifying`);
 * - `signIn()`: starts an attempt (call it inside the tap's own handler; ignored while busy), resolves once it ended — its outcome is `state`, it never rejects;
 * - `cancel()`: stops waiting; a late signature or answer signs nobody in (the note says cancelled);
 * - `signOut()`: ends the session on the server, then `onSessionChange(null)`; if the server cannot be reached, still signed in with the error;
 * - `sessionEnded()`: the server already ended this browser's session (the sessions list, its own wallet unlinked): back to signed out;
 * - `account`: `useSigilAccount()` while signed in (the account's linked wallets);
 * - `linking` / `setLinking(linking)`: whether the user is linking another wallet (the session is then kept while the wallet switches account);
 * - `signInButtonRef` / `signOutButtonRef`: optional refs for the two controls; when the one the user acted on is replaced by the other, the keyboard focus goes to it.
 *
 * Needs the page's wagmi config and a `SigilAccountProvider` above it.
 */
export function useSignIn({ address, chainId, session: known, onSessionChange, onSignInStart }: UseSignInOptions) {
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
    void endServerSession().catch(() => {
      // The cookie expires on its own; the next sign-in replaces it.
    })
  }, [onSessionChange])

  // The session belongs to this account, to another one (ended here), or is unknown (asked): once
  // per appearance (useLifetimeEffect), so StrictMode does not sign out or ask twice.
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
    // The first after the frame that shows the view (the request's cost does not hold it back).
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
  const signInButtonRef = useRef<HTMLButtonElement>(null)
  const signOutButtonRef = useRef<HTMLButtonElement>(null)

  /**
   * Signs in: asks the wallet to sign the page's message, or, when the wallet already signed one
   * while connecting (`handed`, one-tap sign-in over WalletConnect), only verifies that.
   */
  async function signIn(handed?: HandedOffSignIn): Promise<void> {
    if (busy) return
    const current = ++attempt.current
    const live = () => attempt.current === current
    moveFocus.current = document.activeElement === signInButtonRef.current
    dispatch({ type: 'start' })
    onSignInStart?.()
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
        void endServerSession().catch(() => undefined)
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

  // One-tap sign-in: the wallet signed while it connected; verified once, as the hook first mounts.
  useLifetimeEffect(() => {
    if (knownAtMount.current) return
    const handed = takeHandedOffSignIn(address)
    if (handed) void signIn(handed)
  })

  function cancel(): void {
    attempt.current += 1
    moveFocus.current = true
    dispatch({ type: 'cancelled' })
  }

  async function signOut(): Promise<void> {
    moveFocus.current = document.activeElement === signOutButtonRef.current
    try {
      await endServerSession()
      setLinking(false)
      dispatch({ type: 'signedOut' })
      onSessionChange(null)
    } catch (error) {
      // Still signed in: the session lives until the server ends it, and the error says why it did not.
      dispatch({ type: 'signOutFailed', error: failure(error) })
    }
  }

  // Signed out from elsewhere (the sessions list's row for this device, or everywhere; this wallet
  // unlinked): the server already ended it.
  const sessionEnded = useCallback(() => {
    setLinking(false)
    dispatch({ type: 'signedOut' })
    onSessionChange(null)
  }, [onSessionChange])

  // The control the user acted on was replaced: the keyboard goes to the one in its place.
  useEffect(() => {
    if (!moveFocus.current) return
    if (state.status === 'signed-in') {
      moveFocus.current = false
      signOutButtonRef.current?.focus()
    } else if (state.status === 'idle') {
      moveFocus.current = false
      signInButtonRef.current?.focus()
    }
  }, [state.status])

  const phase = useMemo(() => phaseOf(state, chains), [state, chains])
  return {
    state: phase,
    busy,
    signIn: () => signIn(),
    cancel,
    signOut,
    sessionEnded,
    account,
    linking,
    setLinking,
    signInButtonRef,
    signOutButtonRef,
  }
}
