import { SigilError, type SigilErrorOptions } from './SigilError'

/**
 * The error catalogue of docs/errors.md (its verbatim connection and switching errors, and the
 * other wallet errors), one class each.
 * Each class carries its code as a static so callers can match without string comparison.
 */

export class ProviderNotFoundInitError extends SigilError {
  static readonly code = 'provider_not_found_init'
  override name = 'ProviderNotFoundInitError'
  constructor(options?: SigilErrorOptions) { super('provider_not_found_init', options) }
}

export class ProviderNotFoundError extends SigilError {
  static readonly code = 'provider_not_found'
  override name = 'ProviderNotFoundError'
  constructor(options?: SigilErrorOptions) { super('provider_not_found', options) }
}

export class ConnectionRejectedError extends SigilError {
  static readonly code = 'connection_rejected'
  override name = 'ConnectionRejectedError'
  constructor(options?: SigilErrorOptions) { super('connection_rejected', options) }
}

export class SessionNotFoundError extends SigilError {
  static readonly code = 'session_not_found'
  override name = 'SessionNotFoundError'
  constructor(options?: SigilErrorOptions) { super('session_not_found', options) }
}

/** Target chain is outside what the session/connector supports: only the wallet can switch. */
export class NetworkSwitchOnlyInWalletError extends SigilError {
  static readonly code = 'network_switching_only_available_in_wallet'
  override name = 'NetworkSwitchOnlyInWalletError'
  constructor(options?: SigilErrorOptions) { super('network_switching_only_available_in_wallet', options) }
}

/** Wallet-book `switchNetworkOnlyFromWallet`. */
export class NetworkSwitchOnlyThroughWalletError extends SigilError {
  static readonly code = 'network_switching_only_through_wallet'
  override name = 'NetworkSwitchOnlyThroughWalletError'
  constructor(options?: SigilErrorOptions) { super('network_switching_only_through_wallet', options) }
}

export class NetworkSwitchNotSupportedError extends SigilError {
  static readonly code = 'network_switching_not_supported'
  override name = 'NetworkSwitchNotSupportedError'
  constructor(options?: SigilErrorOptions) { super('network_switching_not_supported', options) }
}

export class InAppBrowserBaseNotFoundError extends SigilError {
  static readonly code = 'in_app_browser_base_not_found'
  override name = 'InAppBrowserBaseNotFoundError'
  constructor(wallet: string, options?: SigilErrorOptions) {
    super('in_app_browser_base_not_found', { ...options, values: { wallet } })
  }
}

export class ChainNotSupportedError extends SigilError {
  static readonly code = 'chain_not_supported'
  override name = 'ChainNotSupportedError'
  constructor(chainId: number | string, options?: SigilErrorOptions) {
    super('chain_not_supported', { ...options, metaMessages: [`Chain id: ${chainId}`] })
  }
}

/** EIP-3326 4902 and its variants: the wallet does not know the chain yet. */
export class ChainNotConfiguredError extends SigilError {
  static readonly code = 'chain_not_configured'
  override name = 'ChainNotConfiguredError'
  constructor(options?: SigilErrorOptions) { super('chain_not_configured', options) }
}

export class AccountNotFoundError extends SigilError {
  static readonly code = 'account_not_found'
  override name = 'AccountNotFoundError'
  constructor(options?: SigilErrorOptions) { super('account_not_found', options) }
}

export class SignerNotFoundError extends SigilError {
  static readonly code = 'signer_not_found'
  override name = 'SignerNotFoundError'
  constructor(options?: SigilErrorOptions) { super('signer_not_found', options) }
}

export class SwitchChainRejectedError extends SigilError {
  static readonly code = 'switch_chain_rejected'
  override name = 'SwitchChainRejectedError'
  constructor(options?: SigilErrorOptions) { super('switch_chain_rejected', options) }
}

export class AddChainRejectedError extends SigilError {
  static readonly code = 'add_chain_rejected'
  override name = 'AddChainRejectedError'
  constructor(options?: SigilErrorOptions) { super('add_chain_rejected', options) }
}

/** EIP-1193 4001 for anything other than connect/switch/add (e.g. a signature). */
export class UserRejectedError extends SigilError {
  static readonly code = 'user_rejected'
  override name = 'UserRejectedError'
  constructor(options?: SigilErrorOptions) { super('user_rejected', options) }
}

export class InvalidAddressError extends SigilError {
  static readonly code = 'invalid_address'
  override name = 'InvalidAddressError'
  constructor(value: unknown, options?: SigilErrorOptions) {
    super('invalid_address', { ...options, metaMessages: ['An address is 0x followed by 40 hexadecimal characters.', `Got: ${String(value).slice(0, 80)}`] })
  }
}

/** EIP-1193 -32002: the wallet still shows a prompt for an earlier request; the user should look there. */
export class RequestPendingError extends SigilError {
  static readonly code = 'request_pending'
  override name = 'RequestPendingError'
  constructor(options?: SigilErrorOptions) { super('request_pending', options) }
}

export class RequestTimeoutError extends SigilError {
  static readonly code = 'request_timeout'
  override name = 'RequestTimeoutError'
  constructor(method: string, timeoutMs: number, options?: SigilErrorOptions) {
    super('request_timeout', { ...options, details: `${method} did not answer within ${timeoutMs} ms` })
  }
}

export class WalletDisconnectedError extends SigilError {
  static readonly code = 'wallet_disconnected'
  override name = 'WalletDisconnectedError'
  constructor(options?: SigilErrorOptions) { super('wallet_disconnected', options) }
}

export class UnknownWalletError extends SigilError {
  static readonly code = 'unknown'
  override name = 'UnknownWalletError'
  constructor(options?: SigilErrorOptions) { super('unknown', options) }
}
