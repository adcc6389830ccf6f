'use client'
import { useCallback, useEffect, useState } from 'react'
import { useAccount } from 'wagmi'
import type { ChainSwitchBlock, ChainSwitchOptions } from '@sigil/connectors/shared/types'

const none: ReadonlyMap<number, ChainSwitchBlock> = new Map()

export interface ChainSwitchOptionsResult {
  /** Each chain a switch cannot be asked for now, with the check that stops it. Empty until known. */
  readonly blocked: ReadonlyMap<number, ChainSwitchBlock>
  /** Asks the connector again (the chain menu calls it as it opens). */
  readonly recheck: () => void
}

/**
 * The chains the connected wallet cannot be asked to switch to, with the check that stops each
 * (the connector's `chainSwitchOptions`): the menu shows them disabled with the reason, and the
 * wrong-network banner offers a switch only where one can work. Asked again when the connection or
 * its chain changes (a WalletConnect session may approve more chains), and on `recheck`: after a
 * reload wagmi can report the connection before the wallet's SDK has restored its session, and an
 * answer read then blocks every chain; the menu asks again as it opens, so it shows the truth.
 */
export function useChainSwitchOptions(chainId: number): ChainSwitchOptionsResult {
  const { connector, status } = useAccount()
  const [blocked, setBlocked] = useState<{ for: unknown; map: ReadonlyMap<number, ChainSwitchBlock> }>({ for: undefined, map: none })
  const [asked, setAsked] = useState(0)
  const recheck = useCallback(() => setAsked((count) => count + 1), [])
  useEffect(() => {
    const source = connector as (typeof connector & Partial<ChainSwitchOptions>) | undefined
    if (status !== 'connected' || !source?.chainSwitchOptions) return
    let live = true
    source.chainSwitchOptions().then(
      (map) => live && setBlocked({ for: source, map }),
      () => live && setBlocked({ for: source, map: none }),
    )
    return () => {
      live = false
    }
  }, [connector, status, chainId, asked])
  return { blocked: blocked.for === connector ? blocked.map : none, recheck }
}
