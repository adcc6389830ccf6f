import { describe, expect, it } from 'vitest'
import type { WalletOption } from '@/react/wagmi/useWalletOptions'
import { initialState, isCurrentAttempt, reduce, type Action, type State } from './connectDialogState'

const icon = 'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg"/%3E'
const rainbow: WalletOption = { key: 'rainbow', name: 'Rainbow', icon, installed: false }
const metamask: WalletOption = { key: 'metamask', name: 'MetaMask', icon, installed: true }
const walletConnect: WalletOption = { key: 'walletconnect', name: 'WalletConnect', icon, installed: false, panel: 'walletConnect' }
const rejected = { message: 'Connection rejected.', code: 'user_rejected' }
const expired = { message: 'The pairing expired.' }

/** Runs the actions in order from `from`, checking none of them changes the state it was given. */
function run(from: State, ...actions: Action[]): State {
  return actions.reduce((state, action) => reduce(Object.freeze(state), action), from)
}

const fresh = () => initialState(undefined)
/** The dialog asked MetaMask to connect: the state and that attempt's number. */
function connectingMetaMask(from = fresh()): [State, number] {
  const state = run(from, { type: 'connectStarted', option: metamask })
  return [state, state.attempt]
}

describe('the connect dialog state', () => {
  it('starts on the list, with the last-used wallet read from storage, nothing kept and nothing closed', () => {
    expect(initialState('metamask')).toEqual({ view: { kind: 'list' }, attempt: 0, closed: false, readiness: 0, lastUsedKey: 'metamask', pendingKey: undefined })
  })

  describe('a tap on a row that is getting ready', () => {
    it('is kept, and dropped when acted on', () => {
      const kept = run(fresh(), { type: 'tapKept', key: 'rainbow' })
      expect(kept.pendingKey).toBe('rainbow')
      expect(kept.view).toEqual({ kind: 'list' })
      expect(run(kept, { type: 'tapDropped' }).pendingKey).toBeUndefined()
    })

    it('is kept even when recorded before the option list knows the row, and survives the warm-ups until acted on', () => {
      // The reducer does not look the key up: the list may not have that row yet (options load late).
      const kept = run(fresh(), { type: 'tapKept', key: 'not-listed-yet' }, { type: 'familyReady' }, { type: 'familyReady' })
      expect(kept.pendingKey).toBe('not-listed-yet')
      expect(kept.readiness).toBe(2)
    })

    it('is replaced by a later tap on another row that is getting ready (one kept tap at a time)', () => {
      expect(run(fresh(), { type: 'tapKept', key: 'rainbow' }, { type: 'tapKept', key: 'trust' }).pendingKey).toBe('trust')
    })

    it('keeps the same state object when nothing changes (no render for a drop with nothing kept, or the same tap twice)', () => {
      const state = fresh()
      expect(reduce(state, { type: 'tapDropped' })).toBe(state)
      const kept = run(state, { type: 'tapKept', key: 'rainbow' })
      expect(reduce(kept, { type: 'tapKept', key: 'rainbow' })).toBe(kept)
    })

    it('stays kept while another view shows, so it can act when the list is back', () => {
      // A retry of a wallet that became not ready keeps the tap on the error view; Back shows the list again.
      const [connecting, id] = connectingMetaMask()
      const state = run(connecting, { type: 'connectFailed', attempt: id, error: rejected }, { type: 'tapKept', key: 'metamask' }, { type: 'back' })
      expect(state.view).toEqual({ kind: 'list' })
      expect(state.pendingKey).toBe('metamask')
    })
  })

  describe('connecting', () => {
    it('shows the wallet being asked, under a new attempt number that counts', () => {
      const [state, id] = connectingMetaMask()
      expect(state.view).toEqual({ kind: 'connecting', option: metamask, attempt: id })
      expect(id).toBe(1)
      expect(isCurrentAttempt(state, id)).toBe(true)
    })

    it('shows the error of a failure of the current attempt, which then stops counting', () => {
      const [connecting, id] = connectingMetaMask()
      const state = run(connecting, { type: 'connectFailed', attempt: id, error: rejected })
      expect(state.view).toEqual({ kind: 'error', option: metamask, error: rejected })
      expect(isCurrentAttempt(state, id)).toBe(false)
    })

    it('shows one error when the connector reports the failure and then its promise rejects too', () => {
      const [connecting, id] = connectingMetaMask()
      const reported = run(connecting, { type: 'connectFailed', attempt: id, error: expired })
      expect(reduce(reported, { type: 'connectFailed', attempt: id, error: rejected })).toBe(reported)
      expect(reported.view).toEqual({ kind: 'error', option: metamask, error: expired })
    })

    it('retries after a rejection under a new attempt, and the old attempt’s late answers no longer count', () => {
      const [connecting, first] = connectingMetaMask()
      const failed = run(connecting, { type: 'connectFailed', attempt: first, error: rejected })
      const [retrying, second] = connectingMetaMask(failed)
      expect(second).toBeGreaterThan(first)
      expect(retrying.view).toEqual({ kind: 'connecting', option: metamask, attempt: second })
      expect(isCurrentAttempt(retrying, first)).toBe(false)
      expect(reduce(retrying, { type: 'connectFailed', attempt: first, error: expired })).toBe(retrying)
      expect(run(retrying, { type: 'connectFailed', attempt: second, error: expired }).view).toEqual({ kind: 'error', option: metamask, error: expired })
    })

    it('goes back to the list on Cancel; a connect that finishes after that does not count (the dialog undoes it)', () => {
      const [connecting, id] = connectingMetaMask()
      const back = run(connecting, { type: 'back' })
      expect(back.view).toEqual({ kind: 'list' })
      expect(isCurrentAttempt(back, id)).toBe(false)
      // A rejection that arrives after Back leaves the list on screen.
      expect(reduce(back, { type: 'connectFailed', attempt: id, error: rejected })).toBe(back)
    })

    it('ignores a failure for an attempt that is not the one on screen', () => {
      const [connecting] = connectingMetaMask()
      expect(reduce(connecting, { type: 'connectFailed', attempt: 99, error: rejected })).toBe(connecting)
      expect(reduce(fresh(), { type: 'connectFailed', attempt: 0, error: rejected })).toEqual(fresh())
    })
  })

  describe('a choice that fails before any attempt', () => {
    it('shows its error (no app link, no way to reach the wallet), from the list or from a previous error', () => {
      const state = run(fresh(), { type: 'chooseFailed', option: rainbow, error: rejected })
      expect(state.view).toEqual({ kind: 'error', option: rainbow, error: rejected })
      expect(state.attempt).toBe(0)
      expect(run(state, { type: 'chooseFailed', option: rainbow, error: expired }).view).toEqual({ kind: 'error', option: rainbow, error: expired })
    })
  })

  describe('a family view', () => {
    it('opens for its row, and any attempt of the dialog stops counting (the view connects by itself)', () => {
      const state = run(fresh(), { type: 'panelOpened', option: walletConnect })
      expect(state.view).toEqual({ kind: 'panel', option: walletConnect })
      expect(isCurrentAttempt(state, 0)).toBe(false)
    })

    it('goes back to the list, where a connect the view had started no longer counts', () => {
      const [connecting, id] = connectingMetaMask()
      const panel = run(connecting, { type: 'panelOpened', option: walletConnect })
      const back = run(panel, { type: 'back' })
      expect(back.view).toEqual({ kind: 'list' })
      expect(back.attempt).toBe(panel.attempt)
      expect(isCurrentAttempt(back, id)).toBe(false)
      expect(reduce(back, { type: 'connectFailed', attempt: id, error: rejected })).toBe(back)
    })
  })

  describe('Back', () => {
    it('from an error shows the list, and is nothing on the list', () => {
      const state = run(fresh(), { type: 'chooseFailed', option: rainbow, error: rejected })
      expect(run(state, { type: 'back' }).view).toEqual({ kind: 'list' })
      const list = fresh()
      expect(reduce(list, { type: 'back' })).toBe(list)
    })
  })

  describe('closing and connecting for good', () => {
    it('closing ends the attempt in progress, once; nothing after counts', () => {
      const [connecting, id] = connectingMetaMask()
      const closed = run(connecting, { type: 'closed' })
      expect(closed.closed).toBe(true)
      expect(isCurrentAttempt(closed, id)).toBe(false)
      expect(reduce(closed, { type: 'closed' })).toBe(closed)
      expect(reduce(closed, { type: 'connectFailed', attempt: id, error: rejected })).toBe(closed)
    })

    it('a connection marks the dialog done, so closing it afterwards changes nothing', () => {
      const [connecting] = connectingMetaMask()
      const connected = run(connecting, { type: 'connected' })
      expect(connected.closed).toBe(true)
      expect(connected.view).toBe(connecting.view)
      expect(reduce(connected, { type: 'closed' })).toBe(connected)
      expect(reduce(connected, { type: 'connected' })).toBe(connected)
    })

    it('a warm-up that settles after the dialog closed changes nothing', () => {
      const closed = run(fresh(), { type: 'closed' })
      expect(reduce(closed, { type: 'familyReady' })).toBe(closed)
    })
  })

  it('counts each settled warm-up', () => {
    expect(run(fresh(), { type: 'familyReady' }, { type: 'familyReady' }).readiness).toBe(2)
  })

  it('forgets the last-used wallet on "Forget", and forgetting twice changes nothing', () => {
    const forgotten = run(initialState('metamask'), { type: 'lastUsedForgotten' })
    expect(forgotten.lastUsedKey).toBeUndefined()
    expect(reduce(forgotten, { type: 'lastUsedForgotten' })).toBe(forgotten)
  })
})
