'use client'
import { connect, disconnect, type Connector } from '@wagmi/core'
import { useEffect, type RefObject } from 'react'
import { useConfig } from 'wagmi'
import type { WalletOption } from '@/react/wagmi/useWalletOptions'
import { connectionEvents } from '@sigil/connectors/shared/connectionEvents'
import { mapProviderError } from '@sigil/connectors/shared/providerErrors'
import { shownError } from '@sigil/lib/errors/shownError'
import { ProviderNotFoundError } from '@sigil/lib/errors/wallet'
import type { LastUsedWallet } from '../lib/lastUsedWallet'
import { isCurrentAttempt, type Action, type State } from './connectDialogState'
import type { useFamilyWarmUp } from './useFamilyWarmUp'
import { preloadConnectedViewInRuntime } from './runtimeViews'

async function resetConnector(config: Parameters<typeof disconnect>[0], connector: Connector) {
  try {
    await disconnect(config, { connector })
  } catch {
    // The connector was never connected: nothing to undo.
  }
}

type Options = {
  state: State
  send: (action: Action) => void
  /** The state after every action sent so far: what a late answer checks before acting. */
  latest: RefObject<State>
  isMobile: boolean
  warm: ReturnType<typeof useFamilyWarmUp>
  lastUsedWallet: LastUsedWallet
  onConnected: () => void
  onClose: () => void
  /** Opened to link another wallet (ConnectDialog's `linking`): the pick is not remembered as the last used. */
  linking: boolean
}

/**
 * What the connect dialog does when the user chooses a wallet, cancels, or closes: it connects,
 * opens links, and undoes a connection nobody waits for any more. The state it moves is
 * `connectDialogState.ts`.
 */
export function useWalletChoice({ state, send, latest, isMobile, warm, lastUsedWallet, onConnected, onClose, linking }: Options) {
  const config = useConfig()

  // A connector may also report a failure outside the promise `connect` returned (a wallet family
  // that retries on its own, a pairing that expires): show it if it concerns the wallet in progress.
  const connecting = state.view.kind === 'connecting' ? state.view : null
  useEffect(() => {
    if (!connecting) return
    return connectionEvents.on('connectionFailed', (event) => {
      if (event.connectorKey !== connecting.option.key) return
      send({ type: 'connectFailed', attempt: connecting.attempt, error: shownError(event.error) })
      if (connecting.option.connector) void resetConnector(config, connecting.option.connector)
    })
  }, [connecting, config, send])

  /** A wallet connected: remembered as the last used, then the page swaps this dialog for the account view. */
  function connected(option: WalletOption) {
    if (!linking) lastUsedWallet.remember(option.key)
    // Closing must not undo the connection.
    send({ type: 'connected' })
    onConnected()
  }

  /** Ends the attempt in progress, if any (the action moves it on), and undoes what it started. */
  function endAttempt(action: { type: 'back' } | { type: 'closed' }) {
    const before = latest.current.view
    send(action)
    if (before.kind === 'connecting' && before.option.connector) void resetConnector(config, before.option.connector)
  }

  async function start(option: WalletOption, connector: Connector) {
    send({ type: 'connectStarted', option })
    // The account view the connection leads to (usually asked for already, on the row's intent).
    void preloadConnectedViewInRuntime()
    const id = latest.current.attempt
    try {
      await connect(config, { connector })
      if (!isCurrentAttempt(latest.current, id)) {
        // Cancelled while the wallet was asking: do not leave a connection the user gave up on.
        await resetConnector(config, connector)
        return
      }
      connected(option)
    } catch (error) {
      if (!isCurrentAttempt(latest.current, id)) return
      // Nothing half-connected: reset the connector before showing the error (not shown if the
      // attempt stopped counting meanwhile).
      await resetConnector(config, connector)
      send({ type: 'connectFailed', attempt: id, error: shownError(mapProviderError(error, 'connect')) })
    }
  }

  function select(option: WalletOption) {
    // Linking: the wallet connected already is handed back as it is (wagmi refuses connecting it twice).
    if (linking && option.connector && option.connector.uid === config.state.current) return connected(option)
    if (warm.isPreparing(option)) {
      // Kept, not dropped: its family is (or now starts) warming up, and the tap acts when it is ready.
      warm.onIntent(option)
      send({ type: 'tapKept', key: option.key })
      return
    }
    send({ type: 'tapDropped' })
    // On a phone without this wallet, open the page in the wallet's in-app browser. This must run
    // inside the tap with nothing awaited first: iOS Safari drops navigations started more than
    // ~500 ms after the gesture (docs/connectors/lifecycle.md#acting-inside-the-tap).
    if (isMobile && option.openInApp) {
      try {
        option.openInApp()
      } catch (error) {
        send({ type: 'chooseFailed', option, error: shownError(mapProviderError(error, 'connect')) })
        return
      }
      // A family view (WalletConnect on a phone: the deep link just fired) stays open with its
      // fallbacks — store link, QR code, copy link — in case the app is not installed.
      if (option.panel && option.connector) send({ type: 'panelOpened', option })
      return
    }
    if (option.panel && option.connector) send({ type: 'panelOpened', option })
    else if (option.connector) void start(option, option.connector)
    // A wallet this computer does not have and nothing else reaches: its row leads to its store page,
    // as its "Install" link does (the list offers no row without a way).
    else if (option.installUrl) window.open(option.installUrl, '_blank', 'noopener,noreferrer')
    else send({ type: 'chooseFailed', option, error: shownError(new ProviderNotFoundError()) })
  }

  return {
    select,
    connected,
    /** Cancel while the wallet is asked: back to the list, the attempt undone. */
    cancel: () => endAttempt({ type: 'back' }),
    close() {
      if (latest.current.closed) return
      endAttempt({ type: 'closed' })
      onClose()
    },
  }
}
