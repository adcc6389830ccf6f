'use client'
import { useEffect, useState } from 'react'
import { useAccount } from 'wagmi'
import type { ChainSwitchBlock, ChainSwitchOptions } from '@/connectors/shared/types'

const none: ReadonlyMap<number, ChainSwitchBlock> = new Map()

/**
 * The chains the connected wallet cannot be asked to switch to, with the check that stops each
 * (the connector's `chainSwitchOptions`): the menu shows them disabled with the reason, and the
 * wrong-network banner offers a switch only where one can work. Asked again when the connection or
 * its chain changes (a WalletConnect session may approve more chains). Empty until known.
 */
export function useChainSwitchOptions(chainId: number): ReadonlyMap<number, ChainSwitchBlock> {
  const { connector, status } = useAccount()
  const [blocked, setBlocked] = useState<{ for: unknown; map: ReadonlyMap<number, ChainSwitchBlock> }>({ for: undefined, map: none })
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
  }, [connector, status, chainId])
  return blocked.for === connector ? blocked.map : none
}
