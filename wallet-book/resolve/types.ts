import type { EIP1193Provider } from 'viem'

/**
 * EIP-6963 announcement (https://eips.ethereum.org/EIPS/eip-6963), structurally the same as
 * `mipd`'s `EIP6963ProviderDetail` (which wagmi's store hands out), so its values pass straight in.
 */
export type EIP6963ProviderInfo = {
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
