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
    embedded_code_tries_exhausted: 'Too many wrong codes for this email in this browser. Try again after {time} (UTC).',
    embedded_code_requests_limited: 'Too many codes were asked for this email from this browser. Ask again after {time} (UTC).',
    embedded_code_requests_paused:
      'Too many codes were asked for this email from other browsers. Ask again after {time} (UTC), or from a browser where you used a code for this email before.',
    embedded_email_unverified: 'Confirm your email first: ask for a new code.',
    embedded_wallet_limit: 'This email already has 5 wallets. Recover one of them, or use another email.',
    embedded_recovery_cancelled: 'This recovery was cancelled from the email sent to the wallet’s owner.',
    embedded_recovery_session_invalid: 'Your recovery session has ended. Start again with a new code.',
    embedded_pairing_code_format: 'Enter the 10-character code shown on your other device.',
    embedded_pairing_code_invalid: 'This code is not known. Check it on your other device.',
    embedded_pairing_expired: 'This code has expired. Start again on your other device.',
    embedded_pairing_used: 'This code was already used. Start again on your other device.',
    embedded_pairing_not_approved: 'Your other device has not approved this one yet.',
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
    addDevice: 'Add a device',
    addDeviceIntro: 'On your other device, scan this QR code, or open the wallet there, choose “I have this wallet on another device” and type the code. It works once, for {minutes} minutes.',
    addDeviceQr: 'QR code that opens this wallet on your other device',
    addDeviceWaiting: 'Waiting for your other device…',
    compareIntro: 'A device entered the code. Approve only if it shows exactly this number:',
    approveDevice: 'Numbers match: approve',
    rejectDevice: 'They differ: cancel',
    approving: 'Approving… confirm with your passkey.',
    deviceApproved: 'Approved. Your other device can now finish with its own passkey.',
    done: 'Done',
    haveElsewhere: 'I have this wallet on another device',
    joinIntro: 'On the device that has the wallet, open it and choose “Add a device”. Then scan its QR code, or type the code it shows here.',
    pairCodeLabel: 'Code from your other device',
    joinCompare: 'Check that your other device shows this number, then approve there:',
    joinWaiting: 'Waiting for your other device to approve…',
    joinPasskeyIntro: 'Approved. Create a passkey on this device to finish adding {address}.',
    joining: 'Adding this device… confirm with your passkey.',
    activity: 'Activity',
    activityIntro: 'What happened to this wallet on our servers. Each entry is chained to the one before, and this device checks the chain itself.',
    activityVerified: 'Verified: {count} entries, the chain is unbroken.',
    activityBroken: 'Warning: the log does not check out from entry {seq} on. Entries may have been changed or removed. Export it and keep the copy.',
    export: 'Export',
    eventCreated: 'Wallet created',
    eventDeviceAdded: 'Device added',
    eventRecoveryStarted: 'Recovery started',
    eventRecoveryKeyReleased: 'Recovery key released',
    eventRecoveryCompleted: 'Recovered by email',
    eventRecoveryCancelled: 'Recovery cancelled',
    eventSettingsChanged: 'Settings changed',
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
