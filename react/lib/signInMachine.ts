import type { Address } from 'viem'
import type { ShownError } from '@sigil/lib/errors/shownError'
import type { UiKey } from '@sigil/lib/i18n/en'
import { NONCE_MAX_AGE_MS } from '@sigil/lib/siwe/policy'

/**
 * Sign-In with Ethereum as a small explicit state machine (RainbowKit's habit):
 * idle → preparing → signing → verifying → signed-in. A rejected signature returns to idle with a
 * note, not an error screen; so does a signature the wallet did not complete through a connector that
 * swallows its signing errors (docs/families/coinbaseSmartWallet.md#what-it-does, the Coinbase Smart
 * Wallet); any other failure returns to idle with the error (its message, code and values, which the
 * page shows in its own words).
 */
type SignInStatus = 'idle' | 'preparing' | 'signing' | 'verifying' | 'signed-in'

/**
 * A short, calm note: a key of the page's strings, or `signatureNotCompleted` — the neutral outcome of
 * a signature that returned nothing, whose text belongs to the families that produce it.
 */
export type SignInNote = UiKey | 'signatureNotCompleted'

export type SignInState = {
  status: SignInStatus
  session: { address: Address; chainId: number } | null
  /** A short, calm note (e.g. the user cancelled). */
  note: SignInNote | null
  /** A failure, shown as an alert. */
  error: ShownError | null
}

export type SignInEvent =
  | { type: 'start' }
  | { type: 'messageReady' }
  | { type: 'signed' }
  | { type: 'verified'; session: { address: Address; chainId: number } }
  | { type: 'rejected' }
  /** The user stopped waiting (Cancel): whatever the wallet answers later is dropped. */
  | { type: 'cancelled' }
  /** The signature came back empty: the wallet's error was swallowed by its connector. */
  | { type: 'notCompleted' }
  | { type: 'failed'; error: ShownError }
  | { type: 'sessionFound'; session: { address: Address; chainId: number } }
  | { type: 'signedOut'; note?: UiKey | undefined }
  /** Signing out failed (the server could not be reached): still signed in, and the error says why. */
  | { type: 'signOutFailed'; error: ShownError }

export const initialSignInState: SignInState = { status: 'idle', session: null, note: null, error: null }

const busy: readonly SignInStatus[] = ['preparing', 'signing', 'verifying']

/** Events that do not fit the current state are ignored (e.g. a late answer after signing out). */
export function signInReducer(state: SignInState, event: SignInEvent): SignInState {
  switch (event.type) {
    case 'start':
      return state.status === 'idle' ? { status: 'preparing', session: null, note: null, error: null } : state
    case 'messageReady':
      return state.status === 'preparing' ? { ...state, status: 'signing' } : state
    case 'signed':
      return state.status === 'signing' ? { ...state, status: 'verifying' } : state
    case 'verified':
      return state.status === 'verifying' ? { status: 'signed-in', session: event.session, note: null, error: null } : state
    case 'rejected':
    case 'cancelled':
      return busy.includes(state.status) ? { ...initialSignInState, note: 'auth.cancelled' } : state
    case 'notCompleted':
      return busy.includes(state.status) ? { ...initialSignInState, note: 'signatureNotCompleted' } : state
    case 'failed':
      return busy.includes(state.status) ? { ...initialSignInState, error: event.error } : state
    case 'sessionFound':
      return state.status === 'idle' ? { status: 'signed-in', session: event.session, note: null, error: null } : state
    case 'signedOut':
      // Heard twice (a view's read answered "signed out" as the page's own sign-out ended): the
      // first word stays, e.g. the note that another account ended the session.
      if (state.status === 'idle' && event.note === undefined) return state
      return { ...initialSignInState, note: event.note ?? null }
    case 'signOutFailed':
      return state.status === 'signed-in' ? { ...state, error: event.error } : state
  }
}


/**
 * A nonce older than this is replaced ahead of the tap. Clearly under the max age, and checked every
 * `NONCE_CHECK_MS`: a background tab's timers may be throttled to one run a minute, so the next check
 * still comes well before the nonce expires (plus a check whenever the page becomes visible or focused).
 */
export const NONCE_REFRESH_MS = 2 * 60 * 1000
export const NONCE_CHECK_MS = 30 * 1000

export type NonceKeeper = {
  /** Fetches a new nonce when there is none, the last fetch failed, or it is due for refresh. */
  refresh(): void
  /**
   * Takes the nonce (single use: the next attempt gets a new one). A fresh one already received is
   * returned as a plain string, so the tap reaches the wallet without awaiting anything (a popup or
   * wallet link opened after a network wait is blocked by Safari and mobile browsers); otherwise a
   * promise (still fetching, or stale → a new fetch).
   */
  take(): string | Promise<string>
}

export function createNonceKeeper(options: { fetchNonce: () => Promise<string>; now?: () => number }): NonceKeeper {
  const now = options.now ?? Date.now
  type Entry = { promise: Promise<string>; value?: string; at: number }
  let entry: Entry | null = null

  function prefetch() {
    // Aged from when it was asked for: the server started its clock no earlier.
    const next: Entry = { promise: options.fetchNonce(), at: now() }
    entry = next
    next.promise.then(
      (value) => {
        next.value = value
      },
      () => {
        // A failed prefetch is retried at the tap (or the next check), where its error can be shown.
        if (entry === next) entry = null
      },
    )
  }

  return {
    refresh() {
      if (!entry || now() - entry.at >= NONCE_REFRESH_MS) prefetch()
    },
    take() {
      const taken = entry
      entry = null
      if (taken && now() - taken.at <= NONCE_MAX_AGE_MS) return taken.value ?? taken.promise
      return options.fetchNonce()
    },
  }
}
