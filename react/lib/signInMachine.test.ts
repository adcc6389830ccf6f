import { describe, expect, it } from 'vitest'
import { NONCE_MAX_AGE_MS } from '@sigil/lib/siwe/policy'
import {
  createNonceKeeper,
  initialSignInState,
  NONCE_CHECK_MS,
  NONCE_REFRESH_MS,
  signInReducer,
  type SignInEvent,
  type SignInState,
} from './signInMachine'

const session = { address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', chainId: 31337 } as const

function run(...events: SignInEvent[]): SignInState {
  return events.reduce(signInReducer, initialSignInState)
}

describe('signInReducer', () => {
  it('walks idle → preparing → signing → verifying → signed-in', () => {
    expect(run({ type: 'start' }).status).toBe('preparing')
    expect(run({ type: 'start' }, { type: 'messageReady' }).status).toBe('signing')
    expect(run({ type: 'start' }, { type: 'messageReady' }, { type: 'signed' }).status).toBe('verifying')
    const done = run({ type: 'start' }, { type: 'messageReady' }, { type: 'signed' }, { type: 'verified', session })
    expect(done).toEqual({ status: 'signed-in', session, note: null, error: null })
  })

  it('returns to idle with the cancelled note, not an error, when the signature is rejected', () => {
    const state = run({ type: 'start' }, { type: 'messageReady' }, { type: 'rejected' })
    expect(state).toEqual({ status: 'idle', session: null, note: 'auth.cancelled', error: null })
  })

  it('a failed sign-out keeps the session with its error, and nothing else takes it', () => {
    const error = { message: 'The server could not be reached.', code: 'network' } as never
    const signedIn = run({ type: 'sessionFound', session })
    expect(signInReducer(signedIn, { type: 'signOutFailed', error })).toEqual({ status: 'signed-in', session, note: null, error })
    // Outside a session (a late answer after signing out) it changes nothing.
    expect(run({ type: 'signOutFailed', error })).toEqual(initialSignInState)
  })

  it('returns to idle with the error when verification fails', () => {
    const error = { message: 'The sign-in message has expired. Please sign in again.', code: 'message_expired' }
    const state = run({ type: 'start' }, { type: 'messageReady' }, { type: 'signed' }, { type: 'failed', error })
    expect(state).toEqual({ status: 'idle', session: null, note: null, error })
  })

  it('clears an old note and error when a new attempt starts', () => {
    const state = run({ type: 'start' }, { type: 'rejected' }, { type: 'start' })
    expect(state).toEqual({ status: 'preparing', session: null, note: null, error: null })
  })

  it('ignores events that do not fit the current state', () => {
    expect(run({ type: 'signed' })).toEqual(initialSignInState)
    expect(run({ type: 'verified', session })).toEqual(initialSignInState)
    expect(run({ type: 'rejected' })).toEqual(initialSignInState)
    const signedIn = run({ type: 'sessionFound', session })
    expect(signInReducer(signedIn, { type: 'start' })).toBe(signedIn)
    expect(signInReducer(signedIn, { type: 'failed', error: { message: 'late' } })).toBe(signedIn)
  })

  it('restores a session found on the server only from idle', () => {
    expect(run({ type: 'sessionFound', session }).status).toBe('signed-in')
    expect(run({ type: 'start' }, { type: 'sessionFound', session }).status).toBe('preparing')
  })

  it('signs out to idle, with a note when the account changed', () => {
    const signedIn = run({ type: 'sessionFound', session })
    expect(signInReducer(signedIn, { type: 'signedOut' })).toEqual(initialSignInState)
    expect(signInReducer(signedIn, { type: 'signedOut', note: 'auth.ended' }).note).toBe('auth.ended')
  })

  it('keeps the note when told again that the session ended', () => {
    const ended = signInReducer(run({ type: 'sessionFound', session }), { type: 'signedOut', note: 'auth.ended' })
    expect(signInReducer(ended, { type: 'signedOut' })).toBe(ended)
  })

  it('returns to idle with the neutral "not completed" note, not an error, when the signature came back empty', () => {
    const state = run({ type: 'start' }, { type: 'messageReady' }, { type: 'notCompleted' })
    expect(state).toEqual({ status: 'idle', session: null, note: 'signatureNotCompleted', error: null })
    expect(run({ type: 'notCompleted' })).toEqual(initialSignInState)
  })
})

describe('createNonceKeeper', () => {
  /** A nonce endpoint at the network edge: numbered nonces, answered when the test says so. */
  function setup() {
    let clock = 0
    let issued = 0
    const pending: { resolve: () => void; reject: (error: Error) => void }[] = []
    const fetchNonce = () =>
      new Promise<string>((resolve, reject) => {
        const nonce = `nonce${++issued}`
        pending.push({ resolve: () => resolve(nonce), reject })
      })
    const keeper = createNonceKeeper({ fetchNonce, now: () => clock })
    const settle = async () => {
      pending.splice(0).forEach((request) => request.resolve())
      await Promise.resolve()
      await Promise.resolve()
    }
    return { keeper, settle, pending, fetches: () => issued, advance: (ms: number) => (clock += ms) }
  }

  it('refreshes clearly before the max age, even when a throttled background timer runs only once a minute', () => {
    expect(NONCE_REFRESH_MS).toBeLessThanOrEqual(NONCE_MAX_AGE_MS / 2)
    // Worst case: the check that should have refreshed runs a minute late, one check later.
    expect(NONCE_REFRESH_MS + NONCE_CHECK_MS + 60_000).toBeLessThan(NONCE_MAX_AGE_MS)
  })

  it('hands a received, fresh nonce over synchronously (nothing awaited between the tap and the wallet)', async () => {
    const { keeper, settle } = setup()
    keeper.refresh()
    await settle()
    expect(keeper.take()).toBe('nonce1')
  })

  it('is single use: the next take fetches a new nonce', async () => {
    const { keeper, settle, fetches } = setup()
    keeper.refresh()
    await settle()
    keeper.take()
    const next = keeper.take()
    expect(next).toBeInstanceOf(Promise)
    expect(fetches()).toBe(2)
  })

  it('fetches a new nonce once the last one is due for refresh, and not before', async () => {
    const { keeper, settle, fetches, advance } = setup()
    keeper.refresh()
    await settle()
    advance(NONCE_REFRESH_MS - 1)
    keeper.refresh()
    expect(fetches()).toBe(1)
    advance(1)
    keeper.refresh()
    expect(fetches()).toBe(2)
    await settle()
    expect(keeper.take()).toBe('nonce2')
  })

  it('never hands over a nonce older than the max age', async () => {
    const { keeper, settle, fetches, advance } = setup()
    keeper.refresh()
    await settle()
    advance(NONCE_MAX_AGE_MS + 1)
    const taken = keeper.take()
    expect(taken).toBeInstanceOf(Promise)
    expect(fetches()).toBe(2)
    await settle()
    await expect(taken).resolves.toBe('nonce2')
  })

  it('hands over the request still in flight rather than asking twice', async () => {
    const { keeper, settle, fetches } = setup()
    keeper.refresh()
    const taken = keeper.take()
    expect(taken).toBeInstanceOf(Promise)
    await settle()
    await expect(taken).resolves.toBe('nonce1')
    expect(fetches()).toBe(1)
  })

  it('forgets a failed prefetch, so the next refresh asks again', async () => {
    const { keeper, pending, fetches } = setup()
    keeper.refresh()
    pending.splice(0).forEach((request) => request.reject(new Error('offline')))
    await Promise.resolve()
    await Promise.resolve()
    keeper.refresh()
    expect(fetches()).toBe(2)
  })
})
