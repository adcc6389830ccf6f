'use client'
import { useCallback, useEffect, useRef, useState } from 'react'
import { useAccount } from 'wagmi'
import { chainSwitchOptionsChanged, type ChainSwitchBlock, type ChainSwitchOptions } from '@sigil/connectors/shared/types'

const none: ReadonlyMap<number, ChainSwitchBlock> = new Map()

export interface ChainSwitchOptionsResult {
  /** Each chain a switch cannot be asked for now, with the check that stops it. Empty until known. */
  readonly blocked: ReadonlyMap<number, ChainSwitchBlock>
  /** Asks the connector again (the chain menu calls it as it opens). */
  readonly recheck: () => void
  /**
   * Asks the connector now whether `chainId` can be asked for, and keeps the answer: the chain menu
   * calls it when a chain shown blocked is picked, as the answer shown may be older than the wallet's
   * restored session. True where nothing is known to stop it (not connected yet, no answer).
   */
  readonly confirm: (chainId: number) => Promise<boolean>
}

type Source = NonNullable<ReturnType<typeof useAccount>['connector']> & Partial<ChainSwitchOptions>

/**
 * The chains the connected wallet cannot be asked to switch to, with the check that stops each
 * (the connector's `chainSwitchOptions`): the menu shows them disabled with the reason, and the
 * wrong-network banner offers a switch only where one can work. Asked again when the connection or
 * its chain changes (a WalletConnect session may approve more chains), when the connector says its
 * answer changed (`chainSwitchOptionsChanged`: the wallet updated the session), on `recheck` and on `confirm`:
 * after a reload wagmi can report the connection before the wallet's SDK has restored its session, and
 * an answer read then may block every chain (WalletConnect's waits for its restore); the menu asks again as it opens.
 * Answers can arrive out of order: the one asked last wins
 * (docs/connectors/chain-switching.md#a-chain-picked-while-its-answer-is-stale).
 */
export function useChainSwitchOptions(chainId: number): ChainSwitchOptionsResult {
  const { connector, status } = useAccount()
  const [blocked, setBlocked] = useState<{ for: unknown; map: ReadonlyMap<number, ChainSwitchBlock> }>({ for: undefined, map: none })
  const [asked, setAsked] = useState(0)
  const recheck = useCallback(() => setAsked((count) => count + 1), [])
  // Every ask is numbered; an answer is kept only if no later ask has been answered already: an older
  // answer may show until the newer one comes, never after it (and one for another connector is never
  // shown at all: `for`).
  const asks = useRef({ sent: 0, kept: 0 })
  const ask = useCallback(async (source: Source): Promise<ReadonlyMap<number, ChainSwitchBlock>> => {
    const number = ++asks.current.sent
    const map = await source.chainSwitchOptions!().catch(() => none)
    if (number > asks.current.kept) {
      asks.current.kept = number
      setBlocked({ for: source, map })
    }
    return map
  }, [])
  useEffect(() => {
    const source = connector as Source | undefined
    if (status !== 'connected' || !source?.chainSwitchOptions) return
    void ask(source)
  }, [connector, status, chainId, asked, ask])
  // The wallet changed what may be asked for (a WalletConnect session's chains): ask again now, so an
  // open menu shows it without being reopened.
  useEffect(() => {
    if (status !== 'connected' || !connector) return
    const onMessage = ({ type }: { type: string }) => {
      if (type === chainSwitchOptionsChanged) recheck()
    }
    connector.emitter.on('message', onMessage)
    return () => connector.emitter.off('message', onMessage)
  }, [connector, status, recheck])
  const confirm = useCallback(
    async (target: number) => {
      const source = connector as Source | undefined
      if (status !== 'connected' || !source?.chainSwitchOptions) return true
      return !(await ask(source)).has(target)
    },
    [connector, status, ask],
  )
  return { blocked: blocked.for === connector ? blocked.map : none, recheck, confirm }
}
