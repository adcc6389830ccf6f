/**
 * The catalogue's `errors` section: the message of every error code. verbatim where docs/errors.md says so
 * (the first block), then our wording for the other wallet-level conditions.
 * Its own module so code that only raises errors does not carry the page's strings along.
 */
export const errors = {
  // Verbatim (docs/errors.md#connection-and-switching-errors-the-product-must-show-verbatim).
  provider_not_found_init: 'No provider found (init connection)',
  provider_not_found: 'No provider found',
  connection_rejected: 'Connection rejected. Please try again.',
  session_not_found: 'No session found',
  network_switching_only_available_in_wallet:
    'Network switching is not available at this time. The user should manually switch network in their wallet',
  network_switching_only_through_wallet: 'Network switching is only supported through the wallet',
  network_switching_not_supported: 'Network switching not supported',
  in_app_browser_base_not_found: 'No inAppBrowserBase found for {wallet}.',
  // Other wallet-level conditions (docs/errors.md#other-wallet-errors): our wording.
  chain_not_supported: 'This network is not supported.',
  chain_not_configured: 'This network is not set up in the wallet.',
  account_not_found: 'No account found in the wallet.',
  signer_not_found: 'The wallet has no signer for this account.',
  switch_chain_rejected: 'The network switch was rejected in the wallet.',
  add_chain_rejected: 'Adding the network was rejected in the wallet.',
  user_rejected: 'The request was rejected in the wallet.',
  invalid_address: 'That is not a valid address.',
  request_timeout: 'The wallet did not answer in time.',
  request_pending: 'A request is already open in your wallet. Please check the wallet.',
  wallet_disconnected: 'The wallet disconnected.',
  unknown: 'Something went wrong with the wallet.',
  // Our wording: a wallet link could not be built from its inputs (a programming error, never the user's).
  invalid_wallet_link_input: 'This wallet link could not be built.',
} as const
