/**
 * The embedded wallet's server-only strings: the emails it sends and the recovery cancel page. Apart
 * from the view's catalogue (lib/i18n/embedded.ts) so none of this ships to the browser.
 *
 * Every sentence must stay true of what the server does (README, "Security model of the embedded
 * wallet"): codes work once, for 15 minutes, only in the browser that asked for them; Sigil never
 * asks anyone for a code or a link.
 */
export const embeddedServer = {
  mail: {
    verifySubject: 'Your Sigil verification code',
    verifyText:
      'Your code to confirm this email for a new Sigil wallet is {code}.\n\n' +
      'It works once, for {minutes} minutes, and only in the browser that asked for it.\n\n' +
      'Never share this code. Sigil will never ask you for it, by phone, chat or email: anyone who asks for it is trying to use your email for a wallet they control.\n\n' +
      'If you did not ask for it, ignore this email. No wallet is made with your email without this code.',
    recoverySubject: 'Your Sigil recovery code',
    recoveryText:
      'Your Sigil wallet recovery code is {code}.\n\n' +
      'It works once, for {minutes} minutes, and only in the browser that asked for it.\n\n' +
      'Never share this code. Sigil will never ask you for it, by phone, chat or email: anyone who asks for it is trying to take your wallet.\n\n' +
      'If you did not ask to recover a wallet, ignore this email and do not enter the code anywhere.',
    noticeSubject: 'Sigil: a recovery of your wallet {address} has started',
    noticeText:
      'At {time} (UTC), a browser that entered the code we sent to this address started to recover your Sigil wallet {address} ({from}).\n\n' +
      'For your safety, the wallet\u2019s key is released to that browser only at {releaseTime} (UTC), not before.\n\n' +
      'If that was you, there is nothing to do: come back to that browser after that time to finish.\n\n' +
      'If it was not you, someone is reading your email. Cancel the recovery before {releaseTime}: {link}\n' +
      'Or open your wallet on a device that holds it: it shows the recovery, and one passkey touch cancels it.\n' +
      'Then secure your email account. The cancel link works once, until {expiry} (UTC).\n\n' +
      'Sigil will never ask you for a code or for this link.',
    ceilingSubject: 'Sigil: many codes were asked for your email',
    ceilingText:
      'In the last hour, browsers asked for more than {count} Sigil codes for this address. If that was not you, someone may be trying to get into your wallet, or to keep you out of it: ignore those codes and never share one.\n\n' +
      'A browser where you used a code for this address in the last 30 days still gets codes now; any other browser gets them again after {time} (UTC).\n\n' +
      'Sigil will never ask you for a code.',
    deviceAddedSubject: 'Sigil: a device was added to your wallet {address}',
    deviceAddedText:
      'At {time} (UTC), a new device was added to your Sigil wallet {address}: a device that already held the wallet showed a code, ' +
      'the new device entered it, and the first device approved it with its passkey. The new device has its own passkey and can sign with the wallet.\n\n' +
      'If that was you, there is nothing to do.\n\n' +
      'If it was not you, someone with access to one of your devices added another: move your funds to a new wallet now.\n\n' +
      'Sigil will never ask you for a code.',
    /** The browser that started a recovery, in the notice's `{from}` (the browser and the system are product names). */
    browserOn: '{browser} on {system}',
    browserOnly: 'a browser on {system}',
    browserUnknown: 'an unknown browser',
  },
  cancelPage: {
    title: 'Cancel a wallet recovery',
    confirm:
      'A recovery of your Sigil wallet {address} started at {time} (UTC); its key is released at {releaseTime} (UTC). If this was not you, cancel the recovery: it can then never finish.',
    button: 'Cancel the recovery',
    cancelled: 'The recovery of wallet {address} is cancelled.',
    notFinished: 'Its key was not released, and it cannot finish now.',
    keyWasReleased: 'Its key had been released to that browser, which may have seen your recovery phrase: move your funds to a new wallet now.',
    secureEmail: 'Someone who can read your email started it: secure your email account.',
    invalid: 'This cancel link is not valid.',
    expired: 'This cancel link has expired.',
    alreadyCancelled: 'This recovery was already cancelled.',
    alreadyCompleted: 'This recovery already finished at {time} (UTC): it can no longer be cancelled. If it was not you, move your funds to a new wallet now.',
  },
} as const
