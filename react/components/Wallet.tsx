'use client'
import dynamic from 'next/dynamic'
import { useEffect, useEffectEvent, useRef, useState, type ComponentType, type ReactNode } from 'react'
import { useConnectionSummary } from '@/react/wagmi/useConnectionSummary'
import { fetchWalletRuntimeWithDialog, startWalletRuntime } from '@/react/wagmi/loadWalletRuntime'
import { useWalletInputs } from '@/react/wagmi/walletRuntime'
import { clearEarlyTapMark, handOverDialogFrame, onEarlyTap, openDialogFrame, setEarlyTapMark, takeEarlyTap } from '../lib/earlyTap'
import { whenIdle } from '../lib/whenIdle'
import type { KnownSession } from '@sigil/lib/siwe/knownSession'
import { ConnectButton } from './ConnectButton'
import { ConnectedSlot } from './ConnectedSlot'
import { loadConnectDialog, loadedConnectDialog, prefetchConnectDialog, preloadConnectDialog } from './loadConnectDialog'
import { useEndSessionOnDisconnect } from './useEndSessionOnDisconnect'
import type { ConnectDialogProps } from './viewProps'

// Only ever opened by a click, so never rendered on the server. The dialog's module is rendered
// directly once here (`loadedConnectDialog`); this wrapper only where it could not be fetched: it tries
// again, and its failure reaches the page's root error page (app/global-error.tsx).
const LazyConnectDialog = dynamic(() => loadConnectDialog().then((m) => m.ConnectDialog), { ssr: false })

// A tap the inline script kept before hydration: the dialog's code (the runtime with the dialog, one
// chunk group) starts loading as soon as this module has, beside hydration rather than after it.
if (typeof window !== 'undefined') onEarlyTap(preloadConnectDialog)

export type WalletProps = {
  /** The sign-in session as the server saw it when rendering the page. */
  initialSession: KnownSession
  /** The connect button's text, looked up on the server (see ConnectButton). */
  connectLabel: string
  /** Shown above the connect button while disconnected; rendered on the server, no code of its own. */
  intro: ReactNode
  /** "No wallet? Create one with your email", from the catalogue on the server. */
  createLabel: string
  /**
   * The connect dialog's frame (`ConnectDialogFrame`, a server component): shown at once by a tap
   * that comes before the dialog's code, which replaces it as it arrives. Optional: without it such a
   * tap shows the button busy until the dialog opens.
   */
  dialogFrame?: ReactNode
}

/** The page's one stateful region: the connect button and its dialog, or the account and its panels. */
export function Wallet({ initialSession, connectLabel, intro, createLabel, dialogFrame }: WalletProps) {
  const walletInputs = useWalletInputs()
  const { address, chainId, status } = useConnectionSummary(walletInputs.initialState)
  const storedConnection = walletInputs.initialState?.current != null
  // The runtime with the dialog sets off as the page hydrates, fetched and not run (walletGroupHeld.ts):
  // its bytes travel beside hydration, its modules run when the page is idle or a tap asks for them
  // (below). Started in the first render, the earliest moment this component knows whether the cookie
  // holds a connection (then the runtime comes alone, with the account view) and once per mount (the
  // state's initializer): a fetch that failed is tried again by whoever asks next.
  useState(() => {
    if (typeof window !== 'undefined' && !storedConnection && !savesData()) fetchWalletRuntimeWithDialog()
  })
  // Outlives the sign-in panel, which unmounts while disconnected.
  const [session, setSession] = useState<KnownSession>(initialSession)
  // While wagmi reconnects after a reload, the cookie's account is shown: the server rendered it too.
  // `connecting` with an address is a second wallet connecting beside this one (linking a wallet,
  // LinkedWallets.tsx): the current connection stays, and so does its view.
  const connected = address !== undefined && chainId !== undefined && status !== 'disconnected'
  useEndSessionOnDisconnect(connected ? address : undefined, () => setSession(null))
  // Read when a dialog's module arrives: a page that connected meanwhile opens no dialog over its account.
  const connectedNow = useRef(connected)
  useEffect(() => {
    connectedNow.current = connected
  }, [connected])

  // The dialog lives here, not in the button: a connection the user cancelled can still land for an
  // instant before it is undone, and that must not tear the dialog down under them.
  const [dialogOpen, setDialogOpen] = useState(false)
  const [startWith, setStartWith] = useState<'create' | undefined>(undefined)
  // Chosen as the dialog opens, and kept while it is open (another component would remount it): the
  // module itself, or the lazy wrapper where the module could not be fetched (it tries again, and its
  // failure reaches the page's root error page).
  const [ConnectDialog, setConnectDialog] = useState<ComponentType<ConnectDialogProps>>(() => LazyConnectDialog)
  const opener = useRef<HTMLButtonElement>(null)
  const createLink = useRef<HTMLButtonElement>(null)
  // The latest ask for the dialog: an older one whose module arrives late opens nothing.
  const asked = useRef(0)
  function showDialog(component: ComponentType<ConnectDialogProps>, start: 'create' | undefined) {
    setConnectDialog(() => component)
    setStartWith(start)
    setDialogOpen(true)
  }
  // The dialog opens in the commit its module is here in: at once once it has loaded (fetched when
  // the page was idle, or on intent). Before that, the control asked from stays busy (the early tap's
  // marks) until the module arrives, rather than opening through the lazy wrapper, whose reveal React
  // holds back by up to 300 ms after the chunk is here (react/lib/loadedModule.ts).
  function openDialog(start?: 'create') {
    const ask = ++asked.current
    const control = start === 'create' ? createLink.current : opener.current
    const loaded = loadedConnectDialog()?.ConnectDialog
    if (loaded) {
      // A tap before hydration whose module came during it: its marks come off as the dialog opens.
      clearEarlyTapMark(control)
      return showDialog(loaded, start)
    }
    setEarlyTapMark(control)
    // "Connect wallet": the dialog's frame at once, with the list as the server drew it (a row tapped
    // there is kept for the dialog). "No wallet?" goes straight to the email wallet's view: no frame.
    if (start === undefined) openDialogFrame()
    // Opened only if this is still the latest ask and the page has not connected meanwhile.
    const stillWanted = () => ask === asked.current && !connectedNow.current
    // A page that connected meanwhile opens no dialog, and the frame that stood for it closes.
    const dropped = () => void (connectedNow.current && handOverDialogFrame())
    void loadConnectDialog({ chosen: walletInputs.publicConfig.families }).then(
      (module) => (stillWanted() ? showDialog(module.ConnectDialog, start) : dropped()),
      () => (stillWanted() ? showDialog(LazyConnectDialog, start) : dropped()),
    ).finally(() => clearEarlyTapMark(control))
  }
  // The wallet runtime when the browser is idle after hydration (react/wagmi/walletRuntime.ts): the
  // EIP-6963 discovery and the book's connectors are ready before the dialog is asked for. A page the
  // server rendered connected starts it sooner, from the account view's chunk. Its chunks bring the
  // dialog's with them (one wave of fetching), except where the cookie holds a connection or the user
  // asked to save data; the dialog's modules run only at the next idle moment, so a tap once the page
  // works opens it at once (docs/first-load.md#the-dialog-comes-when-the-page-is-idle). Fetched in one
  // wave, run in two tasks: the runtime and the dialog run in one task cost the page's blocking time
  // (Lighthouse's mobile score fell from 97 to 92). Run at that idle moment only while the runtime has
  // nothing connected or connecting, not where the cookie holds a connection (the runtime's status may
  // read `disconnected` until its restore begins), nor where the user asked to save data.
  const wantsDialogAhead = useEffectEvent((status: string) => status === 'disconnected' && !storedConnection && !savesData())
  useEffect(() => {
    let cancelled = false
    let cancelNext = () => undefined as void
    const start = () => {
      if (cancelled) return
      startWalletRuntime(walletInputs, { withDialog: !storedConnection && !savesData() })
        .then((config) => {
          if (cancelled) return
          cancelNext = whenIdle(() => {
            if (wantsDialogAhead(config.state.status)) prefetchConnectDialog(walletInputs.publicConfig.families)
          })
        })
        .catch(() => undefined)
    }
    const cancelStart = whenIdle(start)
    return () => {
      cancelled = true
      cancelStart()
      cancelNext()
    }
  }, [walletInputs, storedConnection])
  // A tap on "Connect wallet" (or "No wallet?") before hydration, kept by the inline script (react/lib/earlyTap.ts):
  // acted on now, once (takeEarlyTap hands it out once, StrictMode's second run gets nothing). The
  // control stays busy until the dialog's code is here, when the dialog itself appears.
  const openForEarlyTap = useEffectEvent(() => {
    const tapped = takeEarlyTap()
    if (!tapped) return
    // Both controls may have been tapped (the script marks each): the one acted on is the last.
    clearEarlyTapMark(opener.current)
    clearEarlyTapMark(createLink.current)
    openDialog(tapped === 'create-wallet-link' ? 'create' : undefined)
  })
  // The tap comes from outside React (the inline script), known only once hydrated: an effect is the place.
  // eslint-disable-next-line react-hooks/set-state-in-effect -- one state change, after hydration, for an outside event
  useEffect(() => openForEarlyTap(), [])
  const restoreFocus = useRef(false)
  useEffect(() => {
    // Back to the opener once the dialog is gone: while it is open the page behind it is inert.
    if (dialogOpen || !restoreFocus.current) return
    restoreFocus.current = false
    opener.current?.focus()
  }, [dialogOpen])
  // Where focus goes when one view replaces the other (the control that had it is gone).
  const [focusTarget, setFocusTarget] = useState<'account' | 'connect' | null>(null)
  useEffect(() => {
    if (!connected && focusTarget === 'connect') opener.current?.focus()
  }, [connected, focusTarget])

  // The page's disconnected face. It stays (inert) after a connection in this page until the account
  // view's chunk is here (ConnectedSlot): one swap, no empty frame between them for the page to jump.
  const disconnectedCard = (inert: boolean) => (
    <div className="card" inert={inert || undefined}>
      {intro}
      <ConnectButton ref={opener} label={connectLabel} onOpen={() => openDialog()} />
      <button
        ref={createLink}
        type="button"
        className="link-button"
        data-testid="create-wallet-link"
        onClick={() => openDialog('create')}
        onPointerEnter={preloadConnectDialog}
        onFocus={preloadConnectDialog}
        onTouchStart={preloadConnectDialog}
        // The inline script may have marked it busy before hydration (react/lib/earlyTap.ts).
        suppressHydrationWarning
      >
        {createLabel}
      </button>
    </div>
  )

  return (
    <>
      {connected ? (
        <ConnectedSlot
          address={address}
          chainId={chainId}
          session={session}
          onSessionChange={setSession}
          autoFocus={focusTarget === 'account'}
          onDisconnect={() => setFocusTarget('connect')}
          whileLoading={disconnectedCard(true)}
        />
      ) : (
        disconnectedCard(false)
      )}
      {/* Closed until a tap opens it (the page leaves it out where the cookie holds a connection). */}
      {dialogFrame}
      {dialogOpen && (
        <ConnectDialog
          startWith={startWith}
          onClose={() => {
            restoreFocus.current = true
            setDialogOpen(false)
          }}
          onConnected={() => {
            setDialogOpen(false)
            setFocusTarget('account')
          }}
        />
      )}
    </>
  )
}

/** The browser's data saver (`Save-Data`): nothing is fetched ahead of a tap. */
function savesData(): boolean {
  return (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData === true
}
