import { describe, expect, it } from 'vitest'
import { initialSignInState, signInReducer, type SignInEvent, type SignInState } from './signInMachine'

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

  it('returns to idle with the message when verification fails', () => {
    const state = run({ type: 'start' }, { type: 'messageReady' }, { type: 'signed' }, { type: 'failed', message: 'The sign-in message has expired.' })
    expect(state).toEqual({ status: 'idle', session: null, note: null, error: 'The sign-in message has expired.' })
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
    expect(signInReducer(signedIn, { type: 'failed', message: 'late' })).toBe(signedIn)
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

  it('returns to idle with the neutral "not completed" note, not an error, when the signature came back empty', () => {
    const state = run({ type: 'start' }, { type: 'messageReady' }, { type: 'notCompleted' })
    expect(state).toEqual({ status: 'idle', session: null, note: 'signatureNotCompleted', error: null })
    expect(run({ type: 'notCompleted' })).toEqual(initialSignInState)
  })
})
