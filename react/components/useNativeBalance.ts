'use client'
import { getClient } from '@wagmi/core'
import { useEffect, useState } from 'react'
import { hexToBigInt, type Address } from 'viem'
import { useConfig } from 'wagmi'
import { afterPaint } from '@sigil/lib/react/afterPaint'

/** How often the balance is read while the tab is visible: a transfer shows without a reload. */
export const BALANCE_POLL_MS = 4_000
/** The longest wait between reads while the RPC does not answer (the wait doubles after each failure). */
export const BALANCE_BACKOFF_MAX_MS = 60_000

/** The wait before the next read after `failures` failed reads in a row: 4 s, then 8, 16, … up to a minute. */
export function nextBalanceReadDelay(failures: number): number {
  return Math.min(BALANCE_POLL_MS * 2 ** Math.min(failures, 16), BALANCE_BACKOFF_MAX_MS)
}

export type NativeBalance = {
  /** `undefined` until the first answer, or when the chain is not one of the page's. */
  value: bigint | undefined
  /** The last read failed (the RPC does not answer: e.g. no local anvil running). */
  unreachable: boolean
}

/**
 * The native balance of `address` on `chainId`, through the page's own RPC map (a configured
 * `RPC_URL_<id>` is reached via the `/api/rpc/<id>` proxy, its key on the server). Read at once, then
 * every few seconds while the tab is visible; `undefined` until the first answer, or when the chain
 * is not one of the page's (`enabled` false). A failed read keeps the last value, says the RPC is
 * unreachable, and the reads back off (doubling up to a minute) until one answers again: a chain that
 * is not running costs a failed request a minute, not one every 4 s.
 */
export function useNativeBalance(address: Address, chainId: number, enabled: boolean): NativeBalance {
  const config = useConfig()
  const key = `${chainId}:${address.toLowerCase()}`
  const [state, setState] = useState<{ key: string; value: bigint } | undefined>(undefined)
  const [unreachableKey, setUnreachableKey] = useState<string | undefined>(undefined)
  useEffect(() => {
    if (!enabled) return
    let stopped = false
    let timer: ReturnType<typeof setTimeout> | undefined
    let failures = 0
    const read = async () => {
      if (document.visibilityState === 'visible') {
        try {
          // One `eth_getBalance` on wagmi's bare client. Not wagmi's or viem's `getBalance`: those
          // also read ERC-20 balances or balances at a block hash, which brings `call`, multicall and
          // the ABI coder (~24 kB gzip) into the account view's chunk for a native balance.
          const client = getClient(config, { chainId })
          if (!client) throw new Error(`chain ${chainId} is not configured`)
          const value = hexToBigInt(await client.request({ method: 'eth_getBalance', params: [address, 'latest'] }))
          failures = 0
          if (!stopped) {
            setState({ key, value })
            setUnreachableKey(undefined)
          }
        } catch {
          // Unreachable RPC: the row keeps its last value, and the page says the chain does not answer.
          failures += 1
          if (!stopped) setUnreachableKey(key)
        }
      }
      if (!stopped) timer = setTimeout(() => void read(), nextBalanceReadDelay(failures))
    }
    // The first read after the frame that shows the account: the client's set-up and the request
    // cost the main thread a few milliseconds that would otherwise hold that frame back.
    const cancel = afterPaint(() => void read())
    return () => {
      stopped = true
      cancel()
      clearTimeout(timer)
    }
  }, [config, address, chainId, enabled, key])
  return { value: enabled && state?.key === key ? state.value : undefined, unreachable: enabled && unreachableKey === key }
}
