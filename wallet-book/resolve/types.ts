import type { EIP1193Provider } from 'viem'
import type { WalletBookEntry } from '../types'

/**
 * EIP-6963 announcement (https://eips.ethereum.org/EIPS/eip-6963), structurally the same as
 * `mipd`'s `EIP6963ProviderDetail` (which wagmi's store hands out), so its values pass straight in.
 */
type EIP6963ProviderInfo = {
  uuid: string
  name: string
  /** Per EIP-6963 a data URI; we never render anything else (no third-party loads). */
  icon: string
  /** Reverse-DNS id, e.g. `io.metamask`. */
  rdns: string
}

export type EIP6963ProviderDetail<TProvider = EIP1193Provider> = {
  info: EIP6963ProviderInfo
  provider: TProvider
}

/** A `window`, or any object shaped like one in tests. Read only through safe property access. */
export type WindowLike = object

export type InjectedProviderMatch = {
  provider: EIP1193Provider
  via: 'eip6963' | 'window'
  /** The announcement's metadata when found by EIP-6963. */
  info?: EIP6963ProviderInfo | undefined
}

/** One wallet as the dialog lists it (listWallets, listAnnouncedWallets). */
export type WalletListing = {
  /** Connector key: the wallet-book key, or `connectorKey(name)` for a wallet the book lacks. */
  key: string
  name: string
  /**
   * A data URI (the wallet's announced icon, or our monogram) or the same-origin path of its logo
   * from the icon package (`/wallet-logos/<id>.svg`); never another host.
   */
  icon: string
  installed: boolean
  /** How it was found: an EIP-6963 announcement, a window property, or only the book. */
  source: 'eip6963' | 'window' | 'book'
  rdns?: string | undefined
  entry?: WalletBookEntry | undefined
  provider?: EIP1193Provider | undefined
  /** Store or extension page for a wallet that is not installed, when one is known for the platform. */
  installUrl?: string | undefined
}
