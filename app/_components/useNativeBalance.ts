'use client'
import { getClient } from '@wagmi/core'
import { useEffect, useState } from 'react'
import { hexToBigInt, type Address } from 'viem'
import { useConfig } from 'wagmi'
import { afterPaint } from '@/lib/react/afterPaint'

/** How often the balance is read while the tab is visible: a transfer shows without a reload. */
export const BALANCE_POLL_MS = 4_000

/**
 * The native balance of `address` on `chainId`, through the page's own RPC map (a configured
 * `RPC_URL_<id>` is reached via the `/api/rpc/<id>` proxy, its key on the server). Read at once, then
 * every few seconds while the tab is visible; `undefined` until the first answer, or when the chain
 * is not one of the page's (`enabled` false). A failed read keeps the last value.
 */
export function useNativeBalance(address: Address, chainId: number, enabled: boolean): bigint | undefined {
  const config = useConfig()
  const key = `${chainId}:${address.toLowerCase()}`
  const [state, setState] = useState<{ key: string; value: bigint } | undefined>(undefined)
  useEffect(() => {
    if (!enabled) return
    let stopped = false
    let timer: ReturnType<typeof setTimeout> | undefined
    const read = async () => {
      if (document.visibilityState === 'visible') {
        try {
          // One `eth_getBalance` on wagmi's bare client. Not wagmi's or viem's `getBalance`: those
          // also read ERC-20 balances or balances at a block hash, which brings `call`, multicall and
          // the ABI coder (~24 kB gzip) into the account view's chunk for a native balance.
          const client = getClient(config, { chainId })
          if (!client) throw new Error(`chain ${chainId} is not configured`)
          const value = hexToBigInt(await client.request({ method: 'eth_getBalance', params: [address, 'latest'] }))
          if (!stopped) setState({ key, value })
        } catch {
          // Unreachable RPC: the row keeps its last value, or stays hidden.
        }
      }
      if (!stopped) timer = setTimeout(() => void read(), BALANCE_POLL_MS)
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
  return enabled && state?.key === key ? state.value : undefined
}
