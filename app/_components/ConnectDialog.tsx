'use client'
import { connect, disconnect, type Connector } from '@wagmi/core'
import { useEffect, useEffectEvent, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react'
import { useConfig } from 'wagmi'
import { addWalletConnectors } from '@/app/_wagmi/createSigilConfig'
import { WalletConfigProvider } from '@/app/_wagmi/clientWallet'
import { families } from '@/connectors/families'
import { connectionEvents } from '@/connectors/shared/connectionEvents'
import { familyOf, type FamilyPanelId, type SigilFamilyHandle } from '@/connectors/shared/lazyConnector'
import { mapProviderError } from '@/connectors/shared/providerErrors'
import { shownError, type ShownError } from '@/lib/errors/shownError'
import { ProviderNotFoundError } from '@/lib/errors/wallet'
import { ErrorAlert } from '@/lib/i18n/ErrorAlert'
import { useT } from '@/lib/i18n/useT'
import { detectPlatform } from '@/lib/platform/detectPlatform'
import { useWalletOptions, type WalletOption as WalletOptionData } from '@/app/_wagmi/useWalletOptions'
import { useLifetimeEffect } from '@/lib/react/useLifetimeEffect'
import { focusableIn, wrapFocusTarget } from '../_lib/focusable'
import { createLastUsedWallet } from '../_lib/lastUsedWallet'
import { FamilyPanel, preloadFamilyPanel } from './FamilyPanel'
import * as connectedView from './ConnectedView'
import { markConnectedViewLoaded } from './loadConnectedView'
import { WalletConnectOffNotice } from './WalletConnectOffNotice'
import { WalletHelp } from './WalletHelp'
import { WalletList } from './WalletList'

// The account view that follows a connection travels in this dialog's chunk: it is fetched with the
// dialog (on hover of "Connect wallet", or its click), never behind the dialog's logos, and the
// modules the two share (the catalogue, the error mapping) come once. The page renders it from here.
markConnectedViewLoaded(connectedView)

type View =
  | { kind: 'list' }
  | { kind: 'connecting'; option: WalletOptionData }
  | { kind: 'error'; option: WalletOptionData; error: ShownError }
  /** A family's own view (WalletConnect's QR code, the embedded wallet), which connects by itself. */
  | { kind: 'panel'; option: WalletOptionData }

export type ConnectDialogProps = {
  /** Called once when the dialog should go away (close button, Esc, backdrop, cancel by closing). */
  onClose: () => void
  /** Called after a wallet connected; the dialog is removed by the page switching views. */
  onConnected: () => void
  /** Opened from the landing card's "No wallet?": straight to the email & passkey wallet, when the page has it. */
  startWith?: 'embedded' | undefined
  /**
   * Opened from the linked-wallets panel: the wallet picked connects beside the current connection
   * (wagmi keeps both; the panel reads the new one from `config.state.current`). Picking the wallet
   * already connected calls `onConnected` at once, without connecting again. Not remembered as the
   * last used wallet.
   */
  linking?: boolean | undefined
}

/** How long after the dialog appears a phone's warm-up starts (see the dialog's first effect). */
const WARM_UP_DELAY_MS = 300

async function resetConnector(config: Parameters<typeof disconnect>[0], connector: Connector) {
  try {
    await disconnect(config, { connector })
  } catch {
    // The connector was never connected: nothing to undo.
  }
}

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
 */
function ConnectDialogView({ onClose, onConnected, startWith, linking }: ConnectDialogProps) {
  const t = useT()
  const config = useConfig()
  const options = useWalletOptions()
  const dialog = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  const [view, setView] = useState<View>({ kind: 'list' })
  // Bumped when a warmed-up family finishes preparing, so its row becomes tappable.
  const [readiness, setReadiness] = useState(0)
  // Each attempt has a number; a result that arrives for an older one (cancelled) is undone.
  const attempt = useRef(0)
  const closed = useRef(false)
  // Rendered only in the browser (loaded with ssr: false), so reading storage and navigator here is safe.
  const lastUsedWallet = useMemo(() => createLastUsedWallet(), [])
  const [lastUsedKey, setLastUsedKey] = useState(() => lastUsedWallet.get())
  const platform = useMemo(
    () => detectPlatform({ userAgent: navigator.userAgent, maxTouchPoints: navigator.maxTouchPoints, vendor: navigator.vendor }),
    [],
  )

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
    const timer = setTimeout(() => {
      for (const connector of config.connectors) {
        const family = familyOf(connector)
        if (family?.warmUpWithDialog) warmUp(family, family.listing?.panel)
        else if (family?.listing?.panel) preloadFamilyPanel(family.listing.panel)
      }
    }, WARM_UP_DELAY_MS)
    return () => clearTimeout(timer)
  })

  // Families already warming up in this dialog: each starts once, whatever number of signals.
  const warming = useRef(new Set<SigilFamilyHandle>())
  // Families whose warm-up has settled (loaded and prepared: WalletConnect's pairing URI exists).
  const warmedUp = useRef(new Set<SigilFamilyHandle>())
  /** Loads a family (and its view) and runs its `prepare`; the row becomes tappable when it is ready. */
  function warmUp(family: SigilFamilyHandle, panel: FamilyPanelId | undefined) {
    if (panel) preloadFamilyPanel(panel)
    if (warming.current.has(family)) return
    warming.current.add(family)
    void family.preload({ isMobile: platform.isMobile }).then(() => {
      warmedUp.current.add(family)
      if (!closed.current) setReadiness((n) => n + 1)
    })
  }

  /** The user reaches for a row (pointer over it, keyboard focus, a touch): warm its family up. */
  function onIntent(option: WalletOptionData) {
    const family = option.connector ? familyOf(option.connector) : undefined
    if (family) warmUp(family, option.panel)
    else if (option.panel) preloadFamilyPanel(option.panel)
  }

  // A connector may also report a failure outside the promise `connect` returned (a wallet family
  // that retries on its own, a pairing that expires): show it if it concerns the wallet in progress.
  const connecting = view.kind === 'connecting' ? view.option : null
  useEffect(() => {
    if (!connecting) return
    return connectionEvents.on('connectionFailed', (event) => {
      if (event.connectorKey !== connecting.key) return
      attempt.current += 1
      if (connecting.connector) void resetConnector(config, connecting.connector)
      setView({ kind: 'error', option: connecting, error: shownError(event.error) })
    })
  }, [connecting, config])

  // Focus follows the view: the control that had it may be gone.
  useEffect(() => {
    const element = dialog.current
    if (!element) return
    const target =
      view.kind === 'connecting'
        ? element.querySelector<HTMLElement>('[data-testid="connect-cancel"]')
        : view.kind === 'error'
          ? element.querySelector<HTMLElement>('[data-testid="connect-retry"]')
          : (element.querySelector<HTMLElement>('[data-testid^="wallet-option-"]') ??
            element.querySelector<HTMLElement>('[data-testid="dialog-close"]'))
    target?.focus()
  }, [view.kind])

  /** A wallet connected: remembered as the last used, then the page swaps this dialog for the account view. */
  function connected(option: WalletOptionData) {
    if (!linking) lastUsedWallet.remember(option.key)
    // Closing must not undo the connection.
    closed.current = true
    onConnected()
  }

  function close() {
    if (closed.current) return
    closed.current = true
    cancelAttempt()
    onClose()
  }

  function cancelAttempt() {
    attempt.current += 1
    if (view.kind === 'connecting' && view.option.connector) void resetConnector(config, view.option.connector)
  }

  async function start(option: WalletOptionData, connector: Connector) {
    const id = ++attempt.current
    setView({ kind: 'connecting', option })
    try {
      await connect(config, { connector })
      if (id !== attempt.current) {
        // Cancelled while the wallet was asking: do not leave a connection the user gave up on.
        await resetConnector(config, connector)
        return
      }
      connected(option)
    } catch (error) {
      if (id !== attempt.current) return
      // Nothing half-connected: reset the connector before showing the error.
      await resetConnector(config, connector)
      if (id !== attempt.current) return
      setView({ kind: 'error', option, error: shownError(mapProviderError(error, 'connect')) })
    }
  }

  /**
   * A row whose family connects from inside the tap (on a phone, a deep link that needs its URI) does
   * not act on a tap until the family is ready: a tap before is kept and acted on once it is (see
   * `pendingTap`), while the browser still counts the page as just tapped (Chromium: 5 s; iOS Safari
   * is stricter, and the WalletConnect view that follows keeps its "Open" link and QR code). A
   * family that can act in the tap before it loaded (the Coinbase Smart Wallet opens its popup's
   * window at once) is always ready. A row that opens a family view (the QR code) shows its
   * own progress there, so on a computer it is never held back.
   */
  // The embedded wallet's row, for the help panel's "create one" link (absent if the page has none).
  const embeddedOption = options.find((option) => option.panel === 'embedded')
  // Asked for from the landing card: its view once the list knows the row (once per dialog).
  const started = useRef(false)
  useEffect(() => {
    if (started.current || startWith !== 'embedded' || !embeddedOption) return
    started.current = true
    select(embeddedOption)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the row first exists
  }, [startWith, embeddedOption])

  function isPreparing(option: WalletOptionData): boolean {
    void readiness
    const family = option.connector ? familyOf(option.connector) : undefined
    if (family === undefined || !family.warmUpWithDialog || family.isReady()) return false
    return platform.isMobile ? !family.listing?.panel : !option.panel
  }

  // A row tapped while it was getting ready (issue 28, item 1): the tap is kept, the row shows it at
  // once (busy, "Getting ready…"), and it is acted on when the row is ready, once. The ref is the
  // one claim on it: whatever runs first takes it, nothing runs it twice (StrictMode included).
  const pendingTap = useRef<string | null>(null)
  const [pendingKey, setPendingKey] = useState<string | undefined>(undefined)
  function keepTap(option: WalletOptionData | null) {
    pendingTap.current = option?.key ?? null
    setPendingKey(option?.key)
  }
  const actOnPendingTap = useEffectEvent(() => {
    const option = options.find((candidate) => candidate.key === pendingTap.current)
    if (!option || isPreparing(option) || view.kind !== 'list' || closed.current) return
    // Loaded is not enough: its warm-up (WalletConnect's pairing, for the link's URI) must have settled.
    const family = option.connector ? familyOf(option.connector) : undefined
    if (family && warming.current.has(family) && !warmedUp.current.has(family)) return
    keepTap(null)
    select(option)
  })
  // Readiness arrives from a family's warm-up, outside any event: an effect is where it is seen.
  useEffect(() => actOnPendingTap(), [readiness, pendingKey, options])

  function select(option: WalletOptionData) {
    // Linking: the wallet connected already is handed back as it is (wagmi refuses connecting it twice).
    if (linking && option.connector && option.connector.uid === config.state.current) return connected(option)
    if (isPreparing(option)) {
      // Kept, not dropped: its family is (or now starts) warming up, and the tap acts when it is ready.
      onIntent(option)
      keepTap(option)
      return
    }
    if (pendingTap.current !== null) keepTap(null)
    // On a phone without this wallet, open the page in the wallet's in-app browser. This must run
    // inside the tap with nothing awaited first: iOS Safari drops navigations started more than
    // ~500 ms after the gesture (docs/connectors/lifecycle.md#acting-inside-the-tap).
    if (platform.isMobile && option.openInApp) {
      try {
        option.openInApp()
      } catch (error) {
        setView({ kind: 'error', option, error: shownError(mapProviderError(error, 'connect')) })
        return
      }
      // A family view (WalletConnect on a phone: the deep link just fired) stays open with its
      // fallbacks — store link, QR code, copy link — in case the app is not installed.
      if (option.panel && option.connector) {
        attempt.current += 1
        setView({ kind: 'panel', option })
      }
      return
    }
    if (option.panel && option.connector) {
      attempt.current += 1
      setView({ kind: 'panel', option })
      return
    }
    if (option.connector) {
      void start(option, option.connector)
      return
    }
    // A wallet this computer does not have and nothing else reaches: its row leads to its store page,
    // as its "Install" link does (the list offers no row without a way).
    if (option.installUrl) {
      window.open(option.installUrl, '_blank', 'noopener,noreferrer')
      return
    }
    setView({ kind: 'error', option, error: shownError(new ProviderNotFoundError()) })
  }

  function onKeyDown(event: KeyboardEvent<HTMLDialogElement>) {
    if (event.key !== 'Tab' || !dialog.current) return
    const items = focusableIn(dialog.current)
    const active = document.activeElement instanceof HTMLElement ? document.activeElement : null
    const target = wrapFocusTarget(items, active, event.shiftKey)
    if (target) {
      event.preventDefault()
      target.focus()
    }
  }

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
        <div className="dialog-header">
          <h2 id={titleId}>{t('connect.title')}</h2>
          <button type="button" className="icon-button" data-testid="dialog-close" aria-label={t('connect.close')} onClick={close}>
            <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </div>

        <div className="dialog-scroll">
          {view.kind === 'list' && (
            <WalletList
              options={options}
              isMobile={platform.isMobile}
              onSelect={select}
              isPreparing={isPreparing}
              pendingKey={pendingKey}
              onIntent={onIntent}
              lastUsedKey={lastUsedKey}
              onForgetLastUsed={() => {
                lastUsedWallet.forget()
                setLastUsedKey(undefined)
              }}
            />
          )}

          {view.kind === 'panel' && view.option.panel && (
            <FamilyPanel
              panel={view.option.panel}
              option={view.option}
              isMobile={platform.isMobile}
              onConnected={() => connected(view.option)}
              onBack={() => setView({ kind: 'list' })}
            />
          )}

          {view.kind === 'connecting' && (
            <div className="dialog-state">
              {/* eslint-disable-next-line @next/next/no-img-element -- icons are data URIs; next/image adds nothing */}
              <img className="wallet-icon large" src={view.option.icon} alt="" width={48} height={48} />
              <p role="status" className="state-title" data-testid="connect-status">
                {t('connect.opening', { wallet: view.option.name })}
              </p>
              <p className="muted">{t('connect.hint')}</p>
              <div className="spinner" aria-hidden="true" />
              <button
                type="button"
                className="button"
                data-testid="connect-cancel"
                onClick={() => {
                  cancelAttempt()
                  setView({ kind: 'list' })
                }}
              >
                {t('connect.cancel')}
              </button>
            </div>
          )}

          {view.kind === 'error' && (
            <div className="dialog-state">
              {/* eslint-disable-next-line @next/next/no-img-element -- icons are data URIs; next/image adds nothing */}
              <img className="wallet-icon large" src={view.option.icon} alt="" width={48} height={48} />
              <ErrorAlert error={view.error} testId="connect-error" />
              <div className="row">
                <button type="button" className="button primary" data-testid="connect-retry" onClick={() => select(view.option)}>
                  {t('connect.retry')}
                </button>
                <button type="button" className="button" onClick={() => setView({ kind: 'list' })}>
                  {t('connect.back')}
                </button>
              </div>
            </div>
          )}
        </div>

        {/* Below the scrolling list, so a newcomer finds it without scrolling past every wallet. */}
        {view.kind === 'list' && <WalletHelp onCreateWallet={embeddedOption && (() => select(embeddedOption))} />}
        {view.kind === 'list' && <WalletConnectOffNotice />}
      </div>
    </dialog>
  )
}
