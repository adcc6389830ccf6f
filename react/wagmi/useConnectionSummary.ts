'use client'
import type { Config, State } from '@wagmi/core'
import { useCallback, useRef, useSyncExternalStore } from 'react'
import type { Address } from 'viem'
import { startedWalletConfig, subscribeWalletConfig } from './walletRuntime'

export type ConnectionSummary = {
  address: Address | undefined
  chainId: number | undefined
  status: Config['state']['status']
}

type SummarisedState = Pick<State, 'status' | 'current' | 'connections'>

const disconnected: ConnectionSummary = { address: undefined, chainId: undefined, status: 'disconnected' }

/** The fields of wagmi's `getConnection` the page reads, by the same rules (none while disconnected). */
function readConnectionSummary(state: SummarisedState): ConnectionSummary {
  const { status, current, connections } = state
  if (status === 'disconnected') return disconnected
  const connection = current === null ? undefined : connections.get(current)
  return { address: connection?.accounts[0], chainId: connection?.chainId, status }
}

/**
 * The cookie's connection as wagmi's provider hydrates it (`reconnecting`), before the runtime has
 * started: what the server rendered, and what the client's first render must match.
 */
function summaryOfInitialState(initialState: State | undefined): ConnectionSummary {
  if (!initialState || initialState.current === null || !initialState.connections.get(initialState.current)) return disconnected
  return readConnectionSummary({ ...initialState, status: 'reconnecting' })
}

const subscribeToNothing = () => () => {}

/**
 * Address, chain id and status of the current connection, re-rendering only when one of them
 * changes: the cookie's (as the server rendered it) until the wallet runtime has started, then the
 * page's wagmi config's, live. What wagmi's `useConnection` gives the page, on React's own
 * `useSyncExternalStore` and without wagmi's code: the page's stateful region renders before the
 * runtime is loaded (react/wagmi/walletRuntime.ts).
 */
export function useConnectionSummary(initialState: State | undefined): ConnectionSummary {
  // undefined while hydrating (as on the server), whatever has started meanwhile.
  const config = useSyncExternalStore(subscribeWalletConfig, startedWalletConfig, () => undefined)
  const last = useRef<ConnectionSummary | undefined>(undefined)
  const subscribe = useCallback((onChange: () => void) => (config ? config.subscribe((state) => state, onChange) : subscribeToNothing()), [config])
  const getSnapshot = useCallback(() => {
    const next = config ? readConnectionSummary(config.state) : summaryOfInitialState(initialState)
    const previous = last.current
    // The same object while nothing the page reads has changed, as useSyncExternalStore requires.
    if (previous && previous.address === next.address && previous.chainId === next.chainId && previous.status === next.status) {
      return previous
    }
    last.current = next
    return next
  }, [config, initialState])
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot)
}
