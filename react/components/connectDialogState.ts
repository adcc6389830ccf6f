import type { WalletOption } from '@/react/wagmi/useWalletOptions'
import type { ShownError } from '@sigil/lib/errors/shownError'

/** What the dialog's body shows. */
export type View =
  | { kind: 'list' }
  /** The wallet is asked to connect; `attempt` is the number of that request (see `State.attempt`). */
  | { kind: 'connecting'; option: WalletOption; attempt: number }
  | { kind: 'error'; option: WalletOption; error: ShownError }
  /** A family's own view (WalletConnect's QR code, the embedded wallet), which connects by itself. */
  | { kind: 'panel'; option: WalletOption }

/**
 * The connect dialog's state. Pure data, changed only by `reduce`; what the dialog does to the
 * world (connecting, opening links, the storage of the last-used wallet) stays in the component,
 * which reads this state to decide it.
 */
export type State = {
  view: View
  /**
   * The number of the connection attempt that still counts. It moves on whenever one stops counting
   * (cancelled, failed, closed, another view chosen): a wallet's answer that arrives for an older
   * number is undone or ignored.
   */
  attempt: number
  /** Closed, or connected (the page swaps the dialog away): nothing may act or undo any more. */
  closed: boolean
  /** Bumped when a family warmed up in this dialog settles, so its row shows (and acts) as ready. */
  readiness: number
  /** The wallet the user connected with last, as the list shows it (none once forgotten). */
  lastUsedKey: string | undefined
  /** A row tapped while it was getting ready: its tap waits to be acted on, and the row shows it. */
  pendingKey: string | undefined
}

export type Action =
  /** A row that is getting ready was tapped: the tap is kept for when it is. */
  | { type: 'tapKept'; key: string }
  /** The kept tap is acted on, or given up for another choice. */
  | { type: 'tapDropped' }
  /** The dialog asks the wallet to connect: a new attempt. */
  | { type: 'connectStarted'; option: WalletOption }
  /** The attempt numbered `attempt` failed (its promise, or the connector's own report). */
  | { type: 'connectFailed'; attempt: number; error: ShownError }
  /** A choice failed before any attempt (no way to reach the wallet, its app link threw). */
  | { type: 'chooseFailed'; option: WalletOption; error: ShownError }
  /** The family's own view opens; it connects by itself, so any attempt of the dialog's stops counting. */
  | { type: 'panelOpened'; option: WalletOption }
  /** Cancel while connecting, Back from an error or a family view. */
  | { type: 'back' }
  /** The dialog goes away (close button, Esc, backdrop). */
  | { type: 'closed' }
  /** A wallet connected: the dialog is on its way out, and closing it must not undo the connection. */
  | { type: 'connected' }
  /** A family's warm-up settled. */
  | { type: 'familyReady' }
  /** "Forget" on the last-used row. */
  | { type: 'lastUsedForgotten' }

export function initialState(lastUsedKey: string | undefined): State {
  return { view: { kind: 'list' }, attempt: 0, closed: false, readiness: 0, lastUsedKey, pendingKey: undefined }
}

/** Whether the attempt numbered `attempt` still counts. */
export function isCurrentAttempt(state: State, attempt: number): boolean {
  return !state.closed && attempt === state.attempt
}

export function reduce(state: State, action: Action): State {
  switch (action.type) {
    case 'tapKept':
      return state.pendingKey === action.key ? state : { ...state, pendingKey: action.key }
    case 'tapDropped':
      return state.pendingKey === undefined ? state : { ...state, pendingKey: undefined }
    case 'connectStarted': {
      const attempt = state.attempt + 1
      return { ...state, attempt, view: { kind: 'connecting', option: action.option, attempt } }
    }
    case 'connectFailed': {
      const { view } = state
      if (view.kind !== 'connecting' || view.attempt !== action.attempt || !isCurrentAttempt(state, action.attempt)) return state
      return { ...state, attempt: state.attempt + 1, view: { kind: 'error', option: view.option, error: action.error } }
    }
    case 'chooseFailed':
      return { ...state, view: { kind: 'error', option: action.option, error: action.error } }
    case 'panelOpened':
      return { ...state, attempt: state.attempt + 1, view: { kind: 'panel', option: action.option } }
    case 'back':
      if (state.view.kind === 'list') return state
      return { ...state, attempt: state.view.kind === 'connecting' ? state.attempt + 1 : state.attempt, view: { kind: 'list' } }
    case 'closed':
      return state.closed ? state : { ...state, closed: true, attempt: state.attempt + 1 }
    case 'connected':
      return state.closed ? state : { ...state, closed: true }
    case 'familyReady':
      return state.closed ? state : { ...state, readiness: state.readiness + 1 }
    case 'lastUsedForgotten':
      return state.lastUsedKey === undefined ? state : { ...state, lastUsedKey: undefined }
  }
}
