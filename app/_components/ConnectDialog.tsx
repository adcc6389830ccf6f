'use client'
import { useEffect, useEffectEvent, useId, useMemo, useRef, useState } from 'react'
import { useConfig } from 'wagmi'
import { addWalletConnectors } from '@/app/_wagmi/createSigilConfig'
import { WalletConfigProvider } from '@/app/_wagmi/pageWallet'
import { families } from '@/connectors/families'
import { detectPlatform } from '@/lib/platform/detectPlatform'
import { useWalletOptions } from '@/app/_wagmi/useWalletOptions'
import { useLifetimeEffect } from '@/lib/react/useLifetimeEffect'
import { createLastUsedWallet } from '../_lib/lastUsedWallet'
import { ConnectDialogHeader, ConnectErrorState, ConnectingState } from './ConnectDialogStates'
import { FamilyPanel } from './FamilyPanel'
import { useConnectDialogState } from './useConnectDialogState'
import { useDialogFocus } from './useDialogFocus'
import { useSteadyDialogHeight } from './useSteadyDialogHeight'
import { useFamilyWarmUp } from './useFamilyWarmUp'
import { useWalletChoice } from './useWalletChoice'
import { FamilyNotices } from './FamilyNotices'
import { WalletHelp } from './WalletHelp'
import { WalletList } from './WalletList'
import type { ConnectDialogProps } from './viewProps'


/** How long after the dialog appears a phone's warm-up starts (see the dialog's first effect). */
const WARM_UP_DELAY_MS = 300

/**
 * The connect dialog on the page's wallet config (app/_wagmi/walletRuntime.ts), which its chunk
 * carries: started here if the page had not started it yet.
 */
export function ConnectDialog(props: ConnectDialogProps) {
  return (
    <WalletConfigProvider>
      <DialogWithEveryWallet {...props} />
    </WalletConfigProvider>
  )
}

function DialogWithEveryWallet(props: ConnectDialogProps) {
  const config = useConfig()
  // Before the first render: the dialog lists every book wallet through its connectors, created now
  // if the page has not been idle yet (createSigilConfig, `bookWallets: 'when-idle'`); and the
  // families warm what a choice will need.
  useState(() => {
    addWalletConnectors(config)
    for (const family of families) family.preloadWithDialog?.()
    return true
  })
  return <ConnectDialogView {...props} />
}

/**
 * The connect dialog: a native modal `<dialog>` (top layer, inert page behind it, Esc) with the
 * focus kept inside by hand, because Chromium lets Tab leave a modal dialog for the browser's UI.
 * Its state is `connectDialogState.ts`; what a choice does (connecting, links) is `useWalletChoice.ts`.
 */
function ConnectDialogView({ onClose, onConnected, startWith, linking }: ConnectDialogProps) {
  const config = useConfig()
  const options = useWalletOptions()
  const dialog = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  // Rendered only in the browser (loaded with ssr: false), so reading storage and navigator here is safe.
  const lastUsedWallet = useMemo(() => createLastUsedWallet(), [])
  const [state, send, latest] = useConnectDialogState(() => lastUsedWallet.get())
  const { view } = state
  const platform = useMemo(
    () => detectPlatform({ userAgent: navigator.userAgent, maxTouchPoints: navigator.maxTouchPoints, vendor: navigator.vendor }),
    [],
  )
  const warm = useFamilyWarmUp(platform.isMobile, () => send({ type: 'familyReady' }))

  // Once per appearance of the dialog, StrictMode's rehearsal included (useLifetimeEffect): no
  // `close()` on the way out either. Closing a modal `<dialog>` fires its `close` event, wired to
  // `onClose`, a moment later; and React removing the element takes it out of the top layer anyway.
  useLifetimeEffect(() => {
    const element = dialog.current
    if (element && !element.open) element.showModal()
    // On a computer no family loads until the user reaches for its row (`onIntent`): most pick an
    // extension, which needs no SDK. A phone has no hover, and a deep link must fire inside the tap
    // with its URI ready, so there the families that act inside the tap (WalletConnect pre-pairs,
    // the Coinbase SDK is created) warm up a moment after the dialog opens: their SDKs are large to
    // parse, and a wallet picked in the first moments must not wait behind them.
    if (!platform.isMobile) return
    const timer = setTimeout(() => warm.warmUpWithDialog(config.connectors), WARM_UP_DELAY_MS)
    return () => clearTimeout(timer)
  })
  // After the dialog is shown (the effects run in this order): the connector's own failure reports,
  // then focus following the view.
  const { select, connected, cancel, close } = useWalletChoice({ state, send, latest, isMobile: platform.isMobile, warm, lastUsedWallet, onConnected, onClose, linking: linking === true })
  const onKeyDown = useDialogFocus(dialog, view.kind)
  useSteadyDialogHeight(dialog, view.kind === 'list')

  // The row that makes a new wallet, for the help panel's "create one" link (absent if the page has none).
  const newWalletOption = options.find((option) => option.createsWallet)
  // Asked for from the landing card: its view once the list knows the row (once per dialog).
  const started = useRef(false)
  useEffect(() => {
    if (started.current || startWith !== 'create' || !newWalletOption) return
    started.current = true
    select(newWalletOption)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the row first exists
  }, [startWith, newWalletOption])

  // A row tapped while it was getting ready (issue 28, item 1): the tap is kept (`pendingKey`), the
  // row shows it at once (busy, "Getting ready…"), and it is acted on when the row is ready, once.
  // `latest` is the one claim on it: whatever runs first takes it, nothing runs it twice (StrictMode
  // included, and a click on another row that lands before this effect).
  const actOnPendingTap = useEffectEvent(() => {
    const { pendingKey, view, closed } = latest.current
    const option = pendingKey === undefined ? undefined : options.find((candidate) => candidate.key === pendingKey)
    if (!option || warm.isPreparing(option) || view.kind !== 'list' || closed || warm.isSettling(option)) return
    send({ type: 'tapDropped' })
    select(option)
  })
  // Readiness arrives from a family's warm-up, outside any event: an effect is where it is seen.
  useEffect(() => actOnPendingTap(), [state.readiness, state.pendingKey, options])

  return (
    <dialog
      ref={dialog}
      className="dialog"
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      data-testid="connect-dialog"
      onKeyDown={onKeyDown}
      onCancel={(event) => {
        // Esc: close through our own path so state, cancellation and focus stay in step.
        event.preventDefault()
        close()
      }}
      onClose={close}
      onClick={(event) => {
        // A click on the backdrop lands on the <dialog> itself; clicks inside land on its content.
        if (event.target === dialog.current) close()
      }}
    >
      <div className="dialog-body">
        <ConnectDialogHeader titleId={titleId} onClose={close} />
        <div className="dialog-scroll">
          {view.kind === 'list' && (
            <WalletList
              options={options}
              isMobile={platform.isMobile}
              onSelect={select}
              isPreparing={warm.isPreparing}
              pendingKey={state.pendingKey}
              onIntent={warm.onIntent}
              lastUsedKey={state.lastUsedKey}
              onForgetLastUsed={() => {
                lastUsedWallet.forget()
                send({ type: 'lastUsedForgotten' })
              }}
            />
          )}
          {view.kind === 'panel' && view.option.panel && (
            <FamilyPanel
              panel={view.option.panel}
              option={view.option}
              isMobile={platform.isMobile}
              onConnected={() => connected(view.option)}
              onBack={() => send({ type: 'back' })}
            />
          )}
          {view.kind === 'connecting' && <ConnectingState option={view.option} onCancel={cancel} />}
          {view.kind === 'error' && (
            <ConnectErrorState option={view.option} error={view.error} onRetry={() => select(view.option)} onBack={() => send({ type: 'back' })} />
          )}
        </div>

        {/* Below the scrolling list, so a newcomer finds it without scrolling past every wallet. */}
        {view.kind === 'list' && <WalletHelp onCreateWallet={newWalletOption && (() => select(newWalletOption))} />}
        {view.kind === 'list' && <FamilyNotices />}
      </div>
    </dialog>
  )
}
