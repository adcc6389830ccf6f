'use client'
import { useEffect, useEffectEvent, useMemo, useState } from 'react'
import { useConfig } from 'wagmi'
import { addWalletConnectors } from '@/react/wagmi/createSigilConfig'
import { preloadFamiliesWithDialog } from '@sigil/connectors/families'
import { useWalletOptions, type WalletOption } from '@/react/wagmi/useWalletOptions'
import { detectPlatform } from '@sigil/lib/platform/detectPlatform'
import { useLifetimeEffect } from '@sigil/lib/react/useLifetimeEffect'
import { createLastUsedWallet } from '../lib/lastUsedWallet'
import { usePublicConfigIfAny } from './publicConfigContext'
import { useConnectDialogState } from './useConnectDialogState'
import { useFamilyWarmUp } from './useFamilyWarmUp'
import { useWalletChoice } from './useWalletChoice'

/** How long after the dialog appears a phone's warm-up starts (see the warm-up effect below). */
const WARM_UP_DELAY_MS = 300

export type UseConnectDialogOptions = {
  /** Called after a wallet connected (the dialog's owner then shows the account). */
  onConnected: () => void
  /** Called once when the dialog should go away (closed, or cancelled by closing). */
  onClose: () => void
  /** Opened to link another wallet: the wallet connected already is handed back, the pick not remembered. */
  linking?: boolean | undefined
}

/**
 * The connect dialog without its markup: the wallet list (`useWalletOptions`), the dialog's state
 * (`connectDialogState.ts`: list, a family's view, connecting, error, the last-used wallet, a tap
 * kept while its row gets ready), what a choice does (`useWalletChoice`: connect, open the wallet's
 * app or store page, undo what nobody waits for), and the families' warm-up (on a phone, a moment
 * after the dialog appears; on a computer, on a row's intent). Sigil's own dialog
 * (ConnectDialog.tsx) is one view of it; another app can draw its own over the same hook, inside
 * the page's wagmi config. Browser-only (it reads storage and the user agent): render it with
 * `ssr: false`, as the dialog is.
 */
export function useConnectDialog({ onConnected, onClose, linking = false }: UseConnectDialogOptions) {
  const config = useConfig()
  const chosenFamilies = usePublicConfigIfAny()?.families
  // Before the first render: the dialog lists every book wallet through its connectors, created now
  // if the page has not been idle yet (createSigilConfig, `bookWallets: 'when-idle'`); and the
  // families the deployment offers warm what a choice will need.
  useState(() => {
    addWalletConnectors(config)
    preloadFamiliesWithDialog(chosenFamilies)
    return true
  })
  const options = useWalletOptions()
  const lastUsedWallet = useMemo(() => createLastUsedWallet(), [])
  const [state, send, latest] = useConnectDialogState(() => lastUsedWallet.get())
  const platform = useMemo(
    () => detectPlatform({ userAgent: navigator.userAgent, maxTouchPoints: navigator.maxTouchPoints, vendor: navigator.vendor }),
    [],
  )
  const warm = useFamilyWarmUp(platform.isMobile, () => send({ type: 'familyReady' }))

  // On a computer no family loads until the user reaches for its row (`intent`): most pick an
  // extension, which needs no SDK. A phone has no hover, and a deep link must fire inside the tap
  // with its URI ready, so there the families that act inside the tap (WalletConnect pre-pairs, the
  // Coinbase SDK is created) warm up a moment after the dialog opens: their SDKs are large to parse,
  // and a wallet picked in the first moments must not wait behind them. Once per appearance,
  // StrictMode's rehearsal included.
  useLifetimeEffect(() => {
    if (!platform.isMobile) return
    const timer = setTimeout(() => warm.warmUpWithDialog(config.connectors), WARM_UP_DELAY_MS)
    return () => clearTimeout(timer)
  })
  const { select, connected, cancel, close } = useWalletChoice({ state, send, latest, isMobile: platform.isMobile, warm, lastUsedWallet, onConnected, onClose, linking })

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

  return {
    /** The rows, installed wallets first (react/wagmi/walletOptions.ts), as the deployment chose them. */
    options,
    /** What the dialog shows: `state.view` (list, panel, connecting, error), the kept tap, the last-used key. */
    state,
    isMobile: platform.isMobile,
    /** A row chosen: connects, opens its family's view, its app or its store page. */
    select,
    /** A family's view (QR code, email wallet) connected its wallet. */
    connected: (option: WalletOption) => connected(option),
    /** Back to the list from a view or an error; while connecting, the attempt is undone. */
    back: () => (latest.current.view.kind === 'connecting' ? cancel() : send({ type: 'back' })),
    /** Close: the attempt in progress is undone, then `onClose`. */
    close,
    /** A row reached for (hover, focus, touch): its family starts loading. */
    intent: warm.onIntent,
    /** Whether a row's family is still getting ready. */
    isPreparing: warm.isPreparing,
    /** "Forget" on the last-used wallet. */
    forgetLastUsed: () => {
      lastUsedWallet.forget()
      send({ type: 'lastUsedForgotten' })
    },
  }
}
