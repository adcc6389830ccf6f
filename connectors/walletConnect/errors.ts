import { SigilError, type SigilErrorOptions } from '@sigil/lib/errors/SigilError'
import { walletConnect } from './messages'

/**
 * The deployment has no WalletConnect project id. The relay refuses clients without one, so the
 * family fails at once with this (and the rest of the app keeps working) instead of opening a
 * socket that is closed on arrival.
 */
export class WalletConnectNotConfiguredError extends SigilError {
  static readonly code = 'walletconnect_not_configured'
  override name = 'WalletConnectNotConfiguredError' as const
  constructor(options?: SigilErrorOptions) {
    super(WalletConnectNotConfiguredError.code, { ...options, template: walletConnect.errors.walletconnect_not_configured })
  }
}
/** @public */
export type WalletConnectNotConfiguredErrorType = WalletConnectNotConfiguredError

/**
 * Every automatic pairing attempt (docs/connectors/retries-and-timeouts.md#connectors-the-browser: at
 * most 10) expired without a wallet answering.
 */
export class PairingExpiredError extends SigilError {
  static readonly code = 'walletconnect_pairing_expired'
  override name = 'PairingExpiredError' as const
  constructor(attempts: number, options?: SigilErrorOptions) {
    super(PairingExpiredError.code, {
      ...options,
      template: walletConnect.errors.walletconnect_pairing_expired,
      values: { attempts },
      metaMessages: [`Pairing attempts: ${attempts}`],
    })
  }
}
/** @public */
export type PairingExpiredErrorType = PairingExpiredError

/**
 * A WalletConnect connection is live and another one was asked for (linking a second phone wallet).
 * The SDK holds one session per page, so a second pairing would take the first one's place: its
 * account, its requests and, once ended, the session itself (docs/families/walletConnect.md#one-session-per-page).
 */
export class WalletConnectSessionInUseError extends SigilError {
  static readonly code = 'walletconnect_session_in_use'
  override name = 'WalletConnectSessionInUseError' as const
  constructor(options?: SigilErrorOptions) {
    super(WalletConnectSessionInUseError.code, { ...options, template: walletConnect.errors.walletconnect_session_in_use })
  }
}
/** @public */
export type WalletConnectSessionInUseErrorType = WalletConnectSessionInUseError
