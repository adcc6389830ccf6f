'use client'
import { useEffect, useId, useRef, useState } from 'react'
import { WalletConfigProvider } from '@/react/wagmi/pageWallet'
import { useLifetimeEffect } from '@sigil/lib/react/useLifetimeEffect'
import { handOverDialogFrame } from '../lib/earlyTap'
import { ConnectDialogHeader, ConnectErrorState, ConnectingState } from './ConnectDialogStates'
import { FamilyPanel } from './FamilyPanel'
import { useConnectDialog } from './useConnectDialog'
import { useDialogFocus } from './useDialogFocus'
import { useSteadyDialogHeight } from './useSteadyDialogHeight'
import { FamilyNotices } from './FamilyNotices'
import { WalletHelp } from './WalletHelp'
import { WalletList } from './WalletList'
import type { ConnectDialogProps } from './viewProps'


/**
 * The connect dialog on the page's wallet config (react/wagmi/walletRuntime.ts), which its chunk
 * carries: started here if the page had not started it yet.
 */
export function ConnectDialog(props: ConnectDialogProps) {
  return (
    <WalletConfigProvider>
      <ConnectDialogView {...props} />
    </WalletConfigProvider>
  )
}

/**
 * The connect dialog: a native modal `<dialog>` (top layer, inert page behind it, Esc) with the
 * focus kept inside by hand, because Chromium lets Tab leave a modal dialog for the browser's UI.
 * Everything but its markup, focus and height is `useConnectDialog` (the list, the state, what a
 * choice does), which another app can draw its own dialog over.
 */
function ConnectDialogView({ onClose, onConnected, startWith, linking }: ConnectDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  const { options, state, isMobile, select, connected, back, close, intent, isPreparing, forgetLastUsed } = useConnectDialog({ onConnected, onClose, linking })
  const { view } = state

  // Once per appearance of the dialog, StrictMode's rehearsal included (useLifetimeEffect): no
  // `close()` on the way out either. Closing a modal `<dialog>` fires its `close` event, wired to
  // `onClose`, a moment later; and React removing the element takes it out of the top layer anyway.
  // The dialog's frame, if a tap opened it while this code was on its way, closes as the dialog
  // opens, in the same task (no frame between them); a wallet tapped in it is selected here.
  const [frameRow, setFrameRow] = useState<string | undefined>(undefined)
  useLifetimeEffect(() => {
    const tapped = handOverDialogFrame()
    // The frame it stood for was closed by the user while this code was on its way: not opened.
    if (tapped === false) {
      close()
      return
    }
    const element = dialog.current
    if (element && !element.open) element.showModal()
    if (tapped !== undefined) setFrameRow(tapped)
  })
  const pressedOnBackdrop = useRef(false)
  /** The pointer is on the backdrop: on the <dialog> element and outside its box. */
  const onBackdrop = (event: { target: EventTarget; clientX: number; clientY: number }) => {
    const element = dialog.current
    if (event.target !== element || !element) return false
    const box = element.getBoundingClientRect()
    return event.clientX < box.left || event.clientX > box.right || event.clientY < box.top || event.clientY > box.bottom
  }
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
  // A wallet tapped in the frame: chosen as a tap on its row here would be, once the list has it, unless
  // the user chose in the dialog first (a row the browser's list lacks, such as one the server drew
  // for a phone the browser is not, is dropped: the list is there to choose again). A phone row that
  // opens the page in the wallet's browser is not followed this late (iOS drops a navigation that
  // comes long after the tap): its row takes the focus, for the tap that opens it.
  const frameOption = frameRow === undefined ? undefined : options.find((option) => option.key === frameRow)
  const frameChosen = useRef(false)
  useEffect(() => {
    if (frameChosen.current || !frameOption) return
    frameChosen.current = true
    if (isMobile && frameOption.opens === 'wallet-browser') {
      dialog.current?.querySelector<HTMLElement>(`[data-testid="wallet-option-${frameOption.key}"]`)?.focus()
      return
    }
    select(frameOption)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the row first exists
  }, [frameOption])
  const choose = (option: (typeof options)[number]) => {
    frameChosen.current = true
    select(option)
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
      onPointerDown={(event) => (pressedOnBackdrop.current = onBackdrop(event))}
      onClick={(event) => {
        // Closes only for a press and a release both on the backdrop. A click on the backdrop lands
        // on the <dialog> itself, but so does one on the dialog's own blank space (it keeps the list's
        // height) and a drag from its content let go outside (the click goes to the common ancestor).
        if (pressedOnBackdrop.current && onBackdrop(event)) close()
        pressedOnBackdrop.current = false
      }}
    >
      <div className="dialog-body">
        <ConnectDialogHeader titleId={titleId} onClose={close} />
        <div className="dialog-scroll">
          {view.kind === 'list' && (
            <WalletList
              options={options}
              isMobile={isMobile}
              onSelect={choose}
              isPreparing={isPreparing}
              pendingKey={state.pendingKey}
              onIntent={intent}
              lastUsedKey={state.lastUsedKey}
              onForgetLastUsed={forgetLastUsed}
            />
          )}
          {view.kind === 'panel' && view.option.panel && (
            <FamilyPanel
              panel={view.option.panel}
              option={view.option}
              isMobile={isMobile}
              onConnected={() => connected(view.option)}
              onBack={back}
            />
          )}
          {view.kind === 'connecting' && <ConnectingState option={view.option} onCancel={back} />}
          {view.kind === 'error' && (
            <ConnectErrorState option={view.option} error={view.error} onRetry={() => choose(view.option)} onBack={back} />
          )}
        </div>

        {/* Below the scrolling list, so a newcomer finds it without scrolling past every wallet. */}
        {view.kind === 'list' && <WalletHelp onCreateWallet={newWalletOption && (() => choose(newWalletOption))} />}
        {view.kind === 'list' && <FamilyNotices />}
      </div>
    </dialog>
  )
}
