'use client'
import { useCallback, useReducer, useRef, type RefObject } from 'react'
import { initialState, reduce, type Action, type State } from './connectDialogState'

/**
 * The connect dialog's state through `useReducer`, with the state as it stands after every action
 * dispatched so far (`latest`): what a wallet's late answer or a kept tap checks before acting must
 * not wait for a render. Both come from the same pure `reduce` over the same actions, in order.
 */
export function useConnectDialogState(lastUsedKey: () => string | undefined): [State, (action: Action) => void, RefObject<State>] {
  const [state, dispatch] = useReducer(reduce, undefined, () => initialState(lastUsedKey()))
  const latest = useRef(state)
  const send = useCallback((action: Action) => {
    const next = reduce(latest.current, action)
    // Nothing changed (a tap dropped when none was kept): no render.
    if (next === latest.current) return
    latest.current = next
    dispatch(action)
  }, [])
  return [state, send, latest]
}
