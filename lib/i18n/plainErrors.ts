import type { ShownErrorReason } from '../errors/shownError'
import type { auth } from './auth'
import type { ErrorCode } from './en'

/** Every error code the page can show: the wallets' (shared and families') and the sign-in API's. */
export type PlainErrorCode = ErrorCode | keyof (typeof auth)['errors']

/** What the page has words for: each code, and each cause worded instead of its code (`ShownError['reason']`). */
export type PlainErrorKey = PlainErrorCode | ShownErrorReason

/**
 * What the page shows for each error code, in plain words with the next step: the English of the
 * `errors` section every locale translates (messages.ts). Keyed by every code a user can see, so a
 * code added to a catalogue (errors.ts, auth.ts, a family's section) without its text here does not compile.
 *
 * Not `Error.message`: connectors and the APIs keep raising the catalogue text (docs/errors.md
 * verbatim, the API's English), which is what logs and developers read; the page shows it under this
 * text, with the code, as a detail (ErrorAlert.tsx).
 */
export const plainErrors: Record<PlainErrorKey, string> = {
  // The wallets (errors.ts).
  provider_not_found_init: 'No wallet was found in this browser. Install a wallet extension, or choose another wallet.',
  provider_not_found: 'No wallet was found in this browser. Install a wallet extension, or choose another wallet.',
  connection_rejected: 'Your wallet did not connect. Try again, and approve the request in your wallet.',
  session_not_found: 'Your wallet is no longer connected. Connect it again.',
  network_switching_only_available_in_wallet: 'Switch the network in your wallet app.',
  network_switching_only_through_wallet: 'Switch the network in your wallet app.',
  network_switching_not_supported: 'This wallet cannot change networks from this page. Change the network in your wallet.',
  in_app_browser_base_not_found: '{wallet} cannot open this page by itself. Open this site in {wallet}’s own browser, or choose another wallet.',
  chain_not_supported: 'This network is not supported here. Choose another network.',
  chain_not_configured: 'Your wallet does not know this network yet. Add it in your wallet, then try again.',
  account_not_found: 'No account was found in your wallet. Unlock your wallet or add an account, then try again.',
  signer_not_found: 'Your wallet cannot sign for this account. Check which account is chosen in your wallet.',
  switch_chain_rejected: 'The network was not changed: the switch was declined in your wallet. Try again to switch.',
  add_chain_rejected: 'The network was not added: it was declined in your wallet. Try again to add it.',
  user_rejected: 'The request was declined in your wallet. Try again when you are ready.',
  invalid_address: 'That is not a valid address. Check it and try again.',
  request_timeout: 'Your wallet did not answer in time. Check your wallet, then try again.',
  request_pending: 'Your wallet already has a request open. Open your wallet to finish or close it.',
  wallet_disconnected: 'Your wallet disconnected. Connect it again.',
  unknown: 'Something went wrong with your wallet. Try again.',
  invalid_wallet_link_input: 'The link to this wallet could not be made. Choose another wallet.',
  // WalletConnect (walletConnect.ts).
  walletconnect_not_configured: 'Connecting by QR code is not set up on this site. Choose another wallet.',
  walletconnect_pairing_expired: 'The QR code expired {attempts} times with no wallet connecting. Try again for a new code.',
  walletconnect_session_in_use: 'Only one wallet can be connected through WalletConnect at a time, and one already is. Connect this wallet another way, or disconnect the other one first.',
  // The Coinbase Smart Wallet (coinbaseSmartWallet.ts).
  coinbase_invalid_preference: 'The Coinbase Smart Wallet is not set up correctly on this site. Choose another wallet.',
  coinbase_invalid_keys_url: 'The Coinbase Smart Wallet is not set up correctly on this site. Choose another wallet.',
  // The embedded wallet and its API (embedded.ts).
  embedded_webauthn_unsupported: 'This browser cannot use passkeys. Try a recent Chrome, Edge, Safari or Firefox.',
  embedded_prf_unsupported: 'This browser or passkey cannot protect a wallet, so no wallet was made. Try a recent Chrome, Edge or Safari, or a passkey on your phone.',
  embedded_passkey_cancelled: 'The passkey step was cancelled or took too long. Try again.',
  embedded_passkey_exists: 'This device already has a passkey for this wallet. Unlock with it, or delete it in your passkey settings and try again.',
  embedded_passkey_not_allowed_here: 'Passkeys do not work at this page address. Open the site at its own https address and try again.',
  embedded_passkey_unsupported_options: 'This passkey or security key cannot hold the wallet. Use a passkey on this device or on your phone.',
  embedded_passkey_failed: 'The passkey did not work. Try again.',
  embedded_invalid_user_id: 'The wallet could not make a passkey. Try again.',
  embedded_unlock_failed: 'This passkey cannot unlock the wallet on this device. Use the passkey you made it with, or recover the wallet by email.',
  embedded_no_wallet: 'There is no wallet on this device yet. Create one, or recover yours by email.',
  embedded_storage_unavailable: 'This browser cannot keep the wallet: its storage is blocked or full. Allow storage for this site or free some space, then try again.',
  embedded_wallet_mismatch: 'The recovered key is not this wallet’s, so nothing was changed. Check that you chose the right wallet.',
  embedded_network_error: 'The server could not be reached. Check your connection and try again.',
  embedded_unexpected_response: 'The server gave an answer we did not expect. Try again in a moment.',
  embedded_malformed_body: 'The request could not be read. Reload the page and try again.',
  embedded_body_too_large: 'The request was too large. Reload the page and try again.',
  embedded_invalid_email: 'That email address is not valid. Check it and try again.',
  embedded_invalid_code_format: 'Enter the 6-digit code from the email.',
  embedded_challenge_invalid: 'This passkey request is no longer valid. Try again.',
  embedded_passkey_invalid: 'The passkey could not be checked. Try again.',
  embedded_wallet_exists: 'This wallet already exists. Unlock it instead.',
  embedded_wallet_not_found: 'No wallet was found to recover. Check the email address you used.',
  embedded_code_invalid: 'That code is not right ({attemptsLeft} attempts left). Check the email and try again.',
  embedded_code_expired: 'This code has expired. Ask for a new one.',
  embedded_code_locked: 'Too many wrong codes. Ask for a new one.',
  embedded_code_other_browser: 'This code only works in the browser that asked for it. Ask for a new code here.',
  embedded_code_tries_exhausted: 'Too many wrong codes for this email in this browser. Try again after {time} (UTC), or ask for a code in another browser.',
  embedded_code_tries_exhausted_email: 'Too many wrong codes for this email today. Try again after {time} (UTC), or from a browser where you used a code of this email before.',
  embedded_code_requests_limited: 'You asked for many codes for this email here. Ask again after {time} (UTC).',
  embedded_code_requests_paused: 'Many codes were asked for this email from other browsers, so new ones are paused until {time} (UTC). A browser where you used a code for this email before still gets one.',
  embedded_email_unverified: 'Your email is not confirmed yet. Ask for a new code to confirm it.',
  embedded_wallet_limit: 'This email already has 5 wallets. Recover one of them, or use another email.',
  embedded_pairing_code_format: 'Enter the 10-character code your other device shows under “Add a device”. Letters and digits only; dashes and spaces do not matter.',
  embedded_pairing_code_invalid: 'This code is not known. Check it on your other device, or scan its QR code instead.',
  embedded_pairing_expired: 'This code has expired (codes last 10 minutes). On your other device, choose “Add a device” again.',
  embedded_pairing_used: 'This code was already used by a device. On your other device, choose “Add a device” again for a new code.',
  embedded_pairing_not_approved: 'Your other device has not approved this one yet. Compare the numbers on both screens and approve there.',
  embedded_recovery_cancelled: 'This recovery was cancelled by the wallet’s owner, from their email or one of their devices. Start a new recovery if you still need one.',
  embedded_recovery_pending: 'For your safety, the wallet’s key is released only on {releaseAt} (UTC), in {timeLeft}. Come back then to finish the recovery.',
  embedded_recovery_completed: 'This recovery has already finished. Unlock the wallet with its passkey.',
  embedded_recovery_off: 'Email recovery is turned off for this wallet. Restore it from a device that holds it, or with its recovery phrase.',
  embedded_device_proof_invalid: 'This device could not prove that it holds the wallet. Unlock the wallet and try again.',
  embedded_recovery_session_invalid: 'Your recovery session has ended. Start again with a new code.',
  embedded_rate_limited: 'Too many requests. Wait a few minutes and try again.',
  embedded_mail_failed: 'The email could not be sent. Try again.',
  embedded_mail_unavailable: 'This site cannot send email, so wallets cannot be made or recovered here. Choose another wallet.',
  embedded_unavailable: 'The wallet service is down for the moment. Try again shortly.',
  embedded_internal_error: 'Something went wrong on our side. Try again.',
  embedded_vault_unavailable: 'The wallet could not be loaded. Check your connection and try again.',
  embedded_unavailable_here: 'The email & passkey wallet is not available on this site. Choose another wallet.',
  // The sign-in API (auth.ts); `invalid_address` is the wallets' above.
  malformed_body: 'The sign-in request could not be read. Reload the page and sign in again.',
  malformed_message: 'The sign-in message could not be read. Sign in again.',
  malformed_signature: 'The signature could not be read. Sign in again.',
  invalid_signature: 'The signature does not match your address. Sign in again with the same account.',
  not_signed_in: 'You are not signed in. Sign in first.',
  unknown_session: 'That session is not one of yours, or it has already ended. Reload the list.',
  unknown_wallet: 'That wallet is not linked to your account any more. Reload the list.',
  wallet_linked_elsewhere: 'This wallet is already linked to another account. Unlink it there first, or link a different wallet.',
  last_wallet: 'This is the only wallet of your account, so it cannot be unlinked. Link another wallet first.',
  origin_not_allowed: 'This request did not come from this site. Reload the page and try again.',
  body_too_large: 'The sign-in request was too large. Reload the page and sign in again.',
  domain_mismatch: 'The sign-in message was made for another site. Sign in again from this page.',
  uri_mismatch: 'The sign-in message names another address for this site. Sign in again from this page.',
  unsupported_chain: 'Sign-in does not work on this network. Switch to a supported network and sign in again.',
  message_expired: 'The sign-in message has expired. Sign in again.',
  message_not_yet_valid: 'The sign-in message is not valid yet. Check your device’s clock, then sign in again.',
  issued_at_in_future: 'The sign-in message is dated in the future. Check your device’s clock, then sign in again.',
  expiration_too_far: 'The sign-in message stays valid for too long. Sign in again from this page.',
  statement_mismatch: 'The sign-in message has text this site did not write. Sign in again from this page.',
  resources_not_allowed: 'The sign-in message asks for more than this site allows. Sign in again from this page.',
  request_id_invalid: 'The sign-in message is not one this site accepts. Sign in again from this page.',
  nonce_invalid: 'This sign-in request is no longer valid. Sign in again.',
  nonce_expired: 'This sign-in request has expired. Sign in again.',
  rate_limited: 'Too many sign-in attempts. Wait a minute and try again.',
  store_unavailable: 'Sign-in is down for the moment. Try again shortly.',
  rpc_unavailable: 'The network could not be reached to check your wallet. Try again shortly.',
  shutting_down: 'The server is restarting. Try again in a moment.',
  internal_error: 'Something went wrong on our side. Try again.',
  network_error: 'The server could not be reached. Check your connection and try again.',
  unexpected_response: 'The server gave an answer we did not expect. Try again in a moment.',
  // A cause, whatever the code: a part of the page that could not be fetched (shownError.ts).
  page_part_lost: 'Part of the page did not load, so your wallet was not asked. Reload the page and try again.',
}
