import { SigilError, type SigilErrorOptions } from './SigilError'

/**
 * The error catalogue of docs/errors.md (its verbatim connection and switching errors, and the
 * other wallet errors), one class each.
 * Each class writes its code once, as a static (callers match on it without string comparison),
 * and exports `<Class>Type` as viem does, to narrow a caught `unknown` by its literal `name`.
 */

export class ProviderNotFoundInitError extends SigilError {
  static readonly code = 'provider_not_found_init'
  override name = 'ProviderNotFoundInitError' as const
  constructor(options?: SigilErrorOptions) { super(ProviderNotFoundInitError.code, options) }
}
/** @public */
export type ProviderNotFoundInitErrorType = ProviderNotFoundInitError

export class ProviderNotFoundError extends SigilError {
  static readonly code = 'provider_not_found'
  override name = 'ProviderNotFoundError' as const
  constructor(options?: SigilErrorOptions) { super(ProviderNotFoundError.code, options) }
}
/** @public */
export type ProviderNotFoundErrorType = ProviderNotFoundError

export class ConnectionRejectedError extends SigilError {
  static readonly code = 'connection_rejected'
  override name = 'ConnectionRejectedError' as const
  constructor(options?: SigilErrorOptions) { super(ConnectionRejectedError.code, options) }
}
/** @public */
export type ConnectionRejectedErrorType = ConnectionRejectedError

export class SessionNotFoundError extends SigilError {
  static readonly code = 'session_not_found'
  override name = 'SessionNotFoundError' as const
  constructor(options?: SigilErrorOptions) { super(SessionNotFoundError.code, options) }
}
/** @public */
export type SessionNotFoundErrorType = SessionNotFoundError

/** Target chain is outside what the session/connector supports: only the wallet can switch. */
export class NetworkSwitchOnlyInWalletError extends SigilError {
  static readonly code = 'network_switching_only_available_in_wallet'
  override name = 'NetworkSwitchOnlyInWalletError' as const
  constructor(options?: SigilErrorOptions) { super(NetworkSwitchOnlyInWalletError.code, options) }
}
/** @public */
export type NetworkSwitchOnlyInWalletErrorType = NetworkSwitchOnlyInWalletError

/** Wallet-book `switchNetworkOnlyFromWallet`. */
export class NetworkSwitchOnlyThroughWalletError extends SigilError {
  static readonly code = 'network_switching_only_through_wallet'
  override name = 'NetworkSwitchOnlyThroughWalletError' as const
  constructor(options?: SigilErrorOptions) { super(NetworkSwitchOnlyThroughWalletError.code, options) }
}
/** @public */
export type NetworkSwitchOnlyThroughWalletErrorType = NetworkSwitchOnlyThroughWalletError

export class NetworkSwitchNotSupportedError extends SigilError {
  static readonly code = 'network_switching_not_supported'
  override name = 'NetworkSwitchNotSupportedError' as const
  constructor(options?: SigilErrorOptions) { super(NetworkSwitchNotSupportedError.code, options) }
}
/** @public */
export type NetworkSwitchNotSupportedErrorType = NetworkSwitchNotSupportedError

export class InAppBrowserBaseNotFoundError extends SigilError {
  static readonly code = 'in_app_browser_base_not_found'
  override name = 'InAppBrowserBaseNotFoundError' as const
  constructor(wallet: string, options?: SigilErrorOptions) {
    super(InAppBrowserBaseNotFoundError.code, { ...options, values: { wallet } })
  }
}
/** @public */
export type InAppBrowserBaseNotFoundErrorType = InAppBrowserBaseNotFoundError

export class ChainNotSupportedError extends SigilError {
  static readonly code = 'chain_not_supported'
  override name = 'ChainNotSupportedError' as const
  constructor(chainId: number | string, options?: SigilErrorOptions) {
    super(ChainNotSupportedError.code, { ...options, metaMessages: [`Chain id: ${chainId}`] })
  }
}
/** @public */
export type ChainNotSupportedErrorType = ChainNotSupportedError

/** EIP-3326 4902 and its variants: the wallet does not know the chain yet. */
export class ChainNotConfiguredError extends SigilError {
  static readonly code = 'chain_not_configured'
  override name = 'ChainNotConfiguredError' as const
  constructor(options?: SigilErrorOptions) { super(ChainNotConfiguredError.code, options) }
}
/** @public */
export type ChainNotConfiguredErrorType = ChainNotConfiguredError

export class AccountNotFoundError extends SigilError {
  static readonly code = 'account_not_found'
  override name = 'AccountNotFoundError' as const
  constructor(options?: SigilErrorOptions) { super(AccountNotFoundError.code, options) }
}
/** @public */
export type AccountNotFoundErrorType = AccountNotFoundError

export class SignerNotFoundError extends SigilError {
  static readonly code = 'signer_not_found'
  override name = 'SignerNotFoundError' as const
  constructor(options?: SigilErrorOptions) { super(SignerNotFoundError.code, options) }
}
/** @public */
export type SignerNotFoundErrorType = SignerNotFoundError

export class SwitchChainRejectedError extends SigilError {
  static readonly code = 'switch_chain_rejected'
  override name = 'SwitchChainRejectedError' as const
  constructor(options?: SigilErrorOptions) { super(SwitchChainRejectedError.code, options) }
}
/** @public */
export type SwitchChainRejectedErrorType = SwitchChainRejectedError

export class AddChainRejectedError extends SigilError {
  static readonly code = 'add_chain_rejected'
  override name = 'AddChainRejectedError' as const
  constructor(options?: SigilErrorOptions) { super(AddChainRejectedError.code, options) }
}
/** @public */
export type AddChainRejectedErrorType = AddChainRejectedError

/** EIP-1193 4001 for anything other than connect/switch/add (e.g. a signature). */
export class UserRejectedError extends SigilError {
  static readonly code = 'user_rejected'
  override name = 'UserRejectedError' as const
  constructor(options?: SigilErrorOptions) { super(UserRejectedError.code, options) }
}
/** @public */
export type UserRejectedErrorType = UserRejectedError

export class InvalidAddressError extends SigilError {
  static readonly code = 'invalid_address'
  override name = 'InvalidAddressError' as const
  constructor(value: unknown, options?: SigilErrorOptions) {
    super(InvalidAddressError.code, { ...options, metaMessages: ['An address is 0x followed by 40 hexadecimal characters.', `Got: ${String(value).slice(0, 80)}`] })
  }
}
/** @public */
export type InvalidAddressErrorType = InvalidAddressError

/** EIP-1193 -32002: the wallet still shows a prompt for an earlier request; the user should look there. */
export class RequestPendingError extends SigilError {
  static readonly code = 'request_pending'
  override name = 'RequestPendingError' as const
  constructor(options?: SigilErrorOptions) { super(RequestPendingError.code, options) }
}
/** @public */
export type RequestPendingErrorType = RequestPendingError

export class RequestTimeoutError extends SigilError {
  static readonly code = 'request_timeout'
  override name = 'RequestTimeoutError' as const
  constructor(method: string, timeoutMs: number, options?: SigilErrorOptions) {
    super(RequestTimeoutError.code, { ...options, details: `${method} did not answer within ${timeoutMs} ms` })
  }
}
/** @public */
export type RequestTimeoutErrorType = RequestTimeoutError

export class WalletDisconnectedError extends SigilError {
  static readonly code = 'wallet_disconnected'
  override name = 'WalletDisconnectedError' as const
  constructor(options?: SigilErrorOptions) { super(WalletDisconnectedError.code, options) }
}
/** @public */
export type WalletDisconnectedErrorType = WalletDisconnectedError

export class UnknownWalletError extends SigilError {
  static readonly code = 'unknown'
  override name = 'UnknownWalletError' as const
  constructor(options?: SigilErrorOptions) { super(UnknownWalletError.code, options) }
}
/** @public */
export type UnknownWalletErrorType = UnknownWalletError
