'use client'
import { switchChain, type Config } from '@wagmi/core'
import { useCallback, useEffect, useRef, useState } from 'react'
import { useConfig } from 'wagmi'
import { connectionEvents } from '@sigil/connectors/shared/connectionEvents'
import { mapProviderError } from '@sigil/connectors/shared/providerErrors'
import { isLostPagePart, type ShownErrorReason } from '@sigil/lib/errors/shownError'

export type ChainSwitch = {
  /** The chain being switched to, while the wallet is asked. */
  pending: number | null
  /** The last failure's catalogue message, shown in `chain-error`. */
  error: string | null
  /** Its code (e.g. `network_switching_only_available_in_wallet`), as `data-code` for machines. */
  errorCode: string | null
  /**
   * What caused it, when that says more than the code (`page_part_lost`: the switch's own code could
   * not be fetched, so the wallet was never asked), for the alert to word instead of the code.
   */
  errorReason?: ShownErrorReason | null | undefined
  /** Never rejects: failures land in `error`. */
  switchTo: (chainId: number) => Promise<void>
  /** The error is the wallet's own move to a chain the app cannot use, not a switch the page asked for. */
  walletMoved?: boolean
}

/**
 * The one path for every chain switch on the page (menu, wrong-network button, test handle), so a
 * failure always shows the same way. The connector enforces the rules and raises the catalogue errors.
 * A switch the wallet made on its own to a chain the app cannot use
 * (docs/connectors/chain-switching.md#when-the-wallet-switches-by-itself) shows the same way, until the
 * wallet comes back to a chain the page knows (`chainId`, the connection's current chain).
 */
export function useChainSwitch(chainId?: number): ChainSwitch {
  const config = useConfig()
  const [state, setState] = useState<Omit<ChainSwitch, 'switchTo'>>({ pending: null, error: null, errorCode: null })
  const [walletMove, setWalletMove] = useState<{ chainId: number; error: string; errorCode: string } | null>(null)
  useEffect(
    () =>
      connectionEvents.on('networkSwitchFailed', (event) => {
        setWalletMove({ chainId: event.chainId, error: event.error.message, errorCode: event.error.code })
      }),
    [],
  )
  // The switch the wallet is being asked for: a pick while it is out (a double click on the banner, a
  // menu pick meanwhile) is not sent, as a wallet answers a second prompt with "already pending" and
  // the page would show that error over the first prompt, still open.
  const inFlight = useRef<Promise<void> | null>(null)
  const switchTo = useCallback(
    (chainId: number) => {
      if (inFlight.current) return inFlight.current
      setState({ pending: chainId, error: null, errorCode: null })
      const run = (async () => {
        try {
          await reconnectionSettled(config)
          await switchChain(config, { chainId })
          setState({ pending: null, error: null, errorCode: null })
        } catch (error) {
          const shown = mapProviderError(error, 'switchChain')
          setState({ pending: null, error: shown.message, errorCode: shown.code, errorReason: isLostPagePart(shown) ? 'page_part_lost' : null })
        } finally {
          inFlight.current = null
        }
      })()
      inFlight.current = run
      return run
    },
    [config],
  )
  const moved = walletMove !== null && walletMove.chainId === chainId && state.error === null && state.pending === null
  return moved ? { ...state, error: walletMove.error, errorCode: walletMove.errorCode, switchTo, walletMoved: true } : { ...state, switchTo }
}

/**
 * Resolves once wagmi is no longer restoring the connection after a load
 * (docs/connectors/chain-switching.md#a-switch-asked-for-while-the-session-is-restored).
 *
 * The page shows the account from wagmi's cookie at once, while the connector restores its session
 * behind it (a WalletConnect session: the SDK's chunk, then its storage). During that time wagmi's
 * state holds no live connection, and `switchChain` without one only changes the chain wagmi would
 * use for a new connection: the wallet is never asked and the page stays on its chain, with no error.
 * A chain picked that early is therefore asked for once the restore is over.
 */
function reconnectionSettled(config: Config): Promise<void> {
  const restoring = (status: Config['state']['status']) => status === 'reconnecting'
  if (!restoring(config.state.status)) return Promise.resolve()
  return new Promise((resolve) => {
    const unsubscribe = config.subscribe(
      (state) => state.status,
      (status) => {
        if (restoring(status)) return
        unsubscribe()
        resolve()
      },
    )
  })
}
