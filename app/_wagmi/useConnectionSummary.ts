'use client'
import type { Config } from '@wagmi/core'
import { useCallback, useRef, useSyncExternalStore } from 'react'
import type { Address } from 'viem'
import { useConfig } from 'wagmi'

export type ConnectionSummary = {
  address: Address | undefined
  chainId: number | undefined
  status: Config['state']['status']
}

/** The fields of wagmi's `getConnection` the page reads, by the same rules (none while disconnected). */
export function readConnectionSummary(config: Config): ConnectionSummary {
  const { status, current, connections } = config.state
  if (status === 'disconnected') return { address: undefined, chainId: undefined, status }
  const connection = current === null ? undefined : connections.get(current)
  return { address: connection?.accounts[0], chainId: connection?.chainId, status }
}

/**
 * Address, chain id and status of the current connection, re-rendering only when one of them
 * changes. What wagmi's `useConnection` gives the page, on React's own `useSyncExternalStore`:
 * wagmi's hook brings its tracked-selector store, deep equality and `getConnection`'s full result
 * into the first-load bundle, for three fields the page's one stateful region needs at startup.
 * Server and client read the same (hydrated) wagmi state, as with wagmi's hook.
 */
export function useConnectionSummary(): ConnectionSummary {
  const config = useConfig()
  const last = useRef<ConnectionSummary | undefined>(undefined)
  const subscribe = useCallback((onChange: () => void) => config.subscribe((state) => state, onChange), [config])
  const getSnapshot = useCallback(() => {
    const next = readConnectionSummary(config)
    const previous = last.current
    // The same object while nothing the page reads has changed, as useSyncExternalStore requires.
    if (previous && previous.address === next.address && previous.chainId === next.chainId && previous.status === next.status) {
      return previous
    }
    last.current = next
    return next
  }, [config])
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot)
}
