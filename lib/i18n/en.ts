/**
 * The English catalogue: every user-facing string lives here (STYLE.md habit 10).
 * `errors` holds SPEC.md section 8 verbatim; keys are the error codes.
 * Other sections (ui, …) are added by the features that show them.
 */
export const en = {
  errors: {
    // SPEC.md section 8, verbatim.
    provider_not_found_init: 'No provider found (init connection)',
    provider_not_found: 'No provider found',
    connection_rejected: 'Connection rejected. Please try again.',
    session_not_found: 'No session found',
    network_switching_only_available_in_wallet:
      'Network switching is not available at this time. The user should manually switch network in their wallet',
    network_switching_only_through_wallet: 'Network switching is only supported through the wallet',
    network_switching_not_supported: 'Network switching not supported',
    in_app_browser_base_not_found: 'No inAppBrowserBase found for {wallet}.',
    // SPEC.md section 8, "other wallet-level conditions": our wording.
    chain_not_supported: 'This network is not supported.',
    chain_not_configured: 'This network is not set up in the wallet.',
    account_not_found: 'No account found in the wallet.',
    signer_not_found: 'The wallet has no signer for this account.',
    switch_chain_rejected: 'The network switch was rejected in the wallet.',
    add_chain_rejected: 'Adding the network was rejected in the wallet.',
    user_rejected: 'The request was rejected in the wallet.',
    invalid_address: 'That is not a valid address.',
    request_timeout: 'The wallet did not answer in time.',
    wallet_disconnected: 'The wallet disconnected.',
    unknown: 'Something went wrong with the wallet.',
  },
  /** Everything else the page shows. Flat keys, grouped by prefix; `{name}` placeholders are filled by `t()`. */
  ui: {
    'app.title': 'Sigil',
    'app.tagline': 'Connect any EVM wallet and prove you own it.',
    'connect.button': 'Connect wallet',
    'connect.title': 'Connect a wallet',
    'connect.close': 'Close',
    'connect.installed': 'Installed',
    'connect.notInstalled': 'Not installed',
    'connect.install': 'Install',
    'connect.installLabel': 'Install {wallet} (opens in a new tab)',
    'connect.openInApp': 'Open in app',
    'connect.opening': 'Opening {wallet}…',
    'connect.hint': 'Approve the request in your wallet.',
    'connect.cancel': 'Cancel',
    'connect.retry': 'Try again',
    'connect.back': 'Back to wallets',
    'connect.empty': 'No wallets found.',
    'connect.loading': 'Loading wallets…',
    'account.heading': 'Connected',
    'account.address': 'Address',
    'account.copy': 'Copy address',
    'account.copyShort': 'Copy',
    'account.copied': 'Copied',
    'account.copyFailed': 'Copy failed',
    'account.network': 'Network',
    'chain.unknown': 'Unknown network ({id})',
    'chain.menu': 'Switch network',
    'chain.switching': 'Switching…',
    'chain.wrong': 'Wrong network: your wallet is on a network Sigil does not support.',
    'chain.switchTo': 'Switch to {chain}',
    'sign.heading': 'Sign a message',
    'sign.label': 'Message',
    'sign.default': 'I own this wallet.',
    'sign.button': 'Sign message',
    'sign.signing': 'Check your wallet…',
    'sign.signature': 'Signature',
    'sign.verified': 'Signature verified',
    'sign.notVerified': 'Signature does not verify',
    'auth.heading': 'Sign-In with Ethereum',
    'auth.intro': 'Prove to the server that you own this address.',
    'auth.signIn': 'Sign in',
    'auth.signOut': 'Sign out',
    'auth.state.idle': 'Not signed in',
    'auth.state.preparing': 'Preparing…',
    'auth.state.signing': 'Approve the signature in your wallet…',
    'auth.state.verifying': 'Verifying…',
    'auth.state.signed-in': 'Signed in',
    'auth.address': 'Address',
    'auth.chain': 'Chain id',
    'auth.cancelled': 'Signature request cancelled.',
    'auth.ended': 'Signed out: the wallet account changed.',
    'disconnect.button': 'Disconnect',
  },
} as const

export type Catalogue = typeof en
export type ErrorCode = keyof Catalogue['errors']
export type UiKey = keyof Catalogue['ui']
