import type { WalletOption } from '@/app/_wagmi/useWalletOptions'

/** What the connect dialog gives a family view. The view connects by itself (wagmi `connect`). */
export type FamilyPanelProps = {
  /** The chosen row; `option.connector` is the family's (lazy) connector. */
  option: WalletOption
  isMobile: boolean
  /** After wagmi reports the connection: the dialog closes and the account view takes over. */
  onConnected: () => void
  /** Back to the wallet list (the view must undo any half-made connection when it unmounts). */
  onBack: () => void
}
