import { format } from './format'

/**
 * The catalogue section of the embedded wallet: its error messages (`errors`, keyed by error code) and its
 * view's strings (`ui`). Its own module, so these strings load with the family, not with the page.
 * The embedded wallet's API (`app/api/embedded/*`) answers with the same codes and messages, so what the
 * server says and what the view shows never drift apart.
 */
export const embedded = {
  errors: {
    // In the browser: passkeys and storage.
    embedded_webauthn_unsupported: 'Passkeys are not available in this browser. Try a recent Chrome, Edge, Safari or Firefox.',
    embedded_prf_unsupported:
      'This browser or passkey cannot protect a wallet: it does not support the passkey encryption extension (PRF). No wallet was created. Try a recent Chrome, Edge or Safari, or a passkey on your phone.',
    embedded_passkey_cancelled: 'The passkey request was cancelled or timed out.',
    embedded_passkey_exists:
      'This device already has a passkey for this wallet, so the browser would not make another. Unlock with it, or delete it in your passkey settings and try again.',
    embedded_passkey_not_allowed_here: 'Passkeys cannot be used on this page address. Open the site at its own HTTPS address and try again.',
    embedded_passkey_unsupported_options: 'This passkey or security key cannot do what the wallet needs (a passkey stored on the device). Try a passkey on this device or on your phone.',
    embedded_passkey_failed: 'The passkey did not work. Please try again.',
    embedded_invalid_user_id: 'The passkey user id must be 1 to 64 bytes long.',
    embedded_unlock_failed: 'This passkey cannot unlock the wallet stored on this device.',
    embedded_no_wallet: 'There is no wallet on this device yet. Create one, or recover yours by email.',
    embedded_storage_unavailable: 'This browser cannot keep the wallet (its storage is blocked or full).',
    embedded_wallet_mismatch: 'The recovered key does not match this wallet. Nothing was changed.',
    embedded_network_error: 'The server could not be reached. Check your connection and try again.',
    embedded_unexpected_response: 'The server sent an unexpected answer.',
    // The API (also raised in the browser from the server's answer).
    embedded_malformed_body: 'The request could not be read.',
    embedded_body_too_large: 'The request is too large.',
    embedded_invalid_email: 'Enter a valid email address.',
    embedded_invalid_code_format: 'Enter the 6-digit code from the email.',
    embedded_challenge_invalid: 'This passkey request is not valid any more. Please try again.',
    embedded_passkey_invalid: 'The passkey could not be verified. Please try again.',
    embedded_wallet_exists: 'This wallet already exists.',
    embedded_wallet_not_found: 'No wallet was found for this recovery.',
    embedded_code_invalid: 'That code is not right. {attemptsLeft} attempts left.',
    embedded_code_expired: 'This code has expired. Ask for a new one.',
    embedded_code_locked: 'Too many wrong codes. Ask for a new one.',
    embedded_code_other_browser: 'This code was asked for in another browser, and works only there. Ask for a new code here.',
    embedded_email_unverified: 'Confirm your email first: ask for a new code.',
    embedded_wallet_limit: 'This email already has 5 wallets. Recover one of them, or use another email.',
    embedded_recovery_cancelled: 'This recovery was cancelled by the wallet’s owner.',
    embedded_recovery_pending: 'The wallet’s key is released on {releaseAt} (UTC), in {timeLeft}. Come back then to finish the recovery.',
    embedded_recovery_completed: 'This recovery has already finished.',
    embedded_device_proof_invalid: 'This device could not prove that it holds the wallet. Unlock the wallet and try again.',
    embedded_recovery_session_invalid: 'Your recovery session has ended. Start again with a new code.',
    embedded_rate_limited: 'Too many requests. Please wait a few minutes and try again.',
    embedded_mail_failed: 'The email could not be sent. Please try again.',
    embedded_mail_unavailable: 'This site is not set up to send email, so wallets cannot be created or recovered here.',
    embedded_unavailable: 'The wallet service is temporarily unavailable. Please try again.',
    embedded_internal_error: 'Something went wrong on our side. Please try again.',
    embedded_vault_unavailable: 'The wallet could not be loaded. Check your connection and try again.',
    embedded_unavailable_here: 'The email & passkey wallet is not available on this site. Every other wallet works.',
  },
  ui: {
    title: 'Email & passkey wallet',
    intro: 'A wallet made in this browser and locked with a passkey. We confirm your email with a code; it lets you recover the wallet on a new device.',
    emailLabel: 'Email',
    create: 'Create wallet',
    creating: 'Creating your wallet… confirm with your passkey.',
    existing: 'Wallet on this device',
    unlock: 'Unlock with passkey',
    unlocking: 'Unlocking… confirm with your passkey.',
    createAnother: 'Create a new wallet',
    recover: 'Recover by email',
    recoverIntro: 'We will email you a one-time code. It is valid for 15 minutes, in this browser only.',
    sendCode: 'Send code',
    sending: 'Sending…',
    codeSent: 'We sent a 6-digit code to {email}.',
    confirmCodeSent: 'Check your email: we sent a 6-digit code to {email}. Enter it here to confirm your email.',
    confirmEmail: 'Confirm email',
    emailConfirmed: 'Email confirmed. Create the passkey that locks your wallet.',
    codeLabel: 'Code',
    verify: 'Verify code',
    verifying: 'Checking…',
    chooseWallet: 'Choose the wallet to recover',
    chooseWalletHint: 'Wallets made with this email after it was confirmed. Pick only an address you recognise.',
    createdOn: 'created {date}',
    chooseContinue: 'Continue',
    newPasskeyIntro: 'Code accepted. Create a new passkey on this device to finish recovering {address}.',
    newPasskey: 'Create new passkey',
    recovering: 'Recovering… confirm with your passkey.',
    reveal: 'Reveal recovery phrase',
    revealIntro: 'Anyone with this phrase controls the wallet. Never share it.',
    hide: 'Hide phrase',
    back: 'Back',
    cancel: 'Cancel',
    continueInVault: 'Continue in the wallet window.',
    openWallet: 'Open the wallet',
    legacyNotice: 'This browser holds a wallet made before the wallet moved to its own protected window ({address}). To keep using it, choose “Recover by email” there once: the same address comes back.',
    opensInWindow: 'Your wallet opens in a window of its own.',
    continue: 'Continue',
    popupIdle: 'Connected to {host}. Keep this window open while you use the site: closing it locks the wallet.',
    lostPasskey: 'Lost your passkey, or is it on another device? Recover this wallet by email: you make a new passkey for the same address.',
    resendCode: 'Resend code',
    resendIn: 'Resend code in {time}',
    codeResent: 'We sent a new code to {email}. Only the newest code works.',
    codeLimit: 'You have asked for too many codes. You can ask for a new one in {minutes} min.',
    recoveryWaiting: 'For your safety, the key of {address} is released to this browser only on {date}, in {timeLeft}. We emailed the wallet’s owner, who can cancel the recovery until then. You can close this window and come back.',
    recoveryFinish: 'Finish recovery',
    recoveryPendingHere: 'This browser is recovering {address}.',
    recoveryAlert: 'A recovery of this wallet started on {date} from {from}. If it was not you, cancel it now: someone can read your email.',
    cancelRecovery: 'Cancel the recovery',
    keepRecovery: 'It was me',
    cancellingRecovery: 'Cancelling… confirm with your passkey.',
    recoveryCancelledHere: 'The recovery was cancelled. Secure your email account now.',
  },
} as const

export type EmbeddedErrorCode = keyof (typeof embedded)['errors']
export type EmbeddedUiKey = keyof (typeof embedded)['ui']

/** A string of this section's `ui`, with `{name}` placeholders filled. */
export function tEmbedded(key: EmbeddedUiKey, values?: Record<string, string | number>): string {
  return format((embedded.ui as Record<string, string>)[key] ?? key, values)
}

export function isEmbeddedErrorCode(value: unknown): value is EmbeddedErrorCode {
  return typeof value === 'string' && Object.hasOwn(embedded.errors, value)
}
