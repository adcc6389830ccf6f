import type { Address } from 'viem'
import type { KnownSession } from '@sigil/lib/siwe/knownSession'

/**
 * The props of the views the wallet runtime loads on demand (the connect dialog, the account view),
 * apart from the views themselves: the first load and the registry that reaches them
 * (runtimeViews.ts) name them without importing the views' modules.
 */

export type ConnectDialogProps = {
  /** Called once when the dialog should go away (close button, Esc, backdrop, cancel by closing). */
  onClose: () => void
  /** Called after a wallet connected; the dialog is removed by the page switching views. */
  onConnected: () => void
  /**
   * Opened from the landing card's "No wallet?": straight to the row of the family that makes a new
   * wallet (`listing.createsWallet`: the email & passkey wallet), when the page has it.
   */
  startWith?: 'create' | undefined
  /**
   * Opened from the linked-wallets panel: the wallet picked connects beside the current connection
   * (wagmi keeps both; the panel reads the new one from `config.state.current`). Picking the wallet
   * already connected calls `onConnected` at once, without connecting again. Not remembered as the
   * last used wallet.
   */
  linking?: boolean | undefined
}

export type ConnectedViewProps = {
  address: Address
  chainId: number
  session: KnownSession
  onSessionChange: (session: { address: Address; chainId: number } | null) => void
  /** Take focus on mount (the connect dialog that had it is gone). */
  autoFocus: boolean
  onDisconnect: () => void
}
