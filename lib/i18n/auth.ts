/**
 * The catalogue's `auth` section: the statement shown in the wallet and the message of every error
 * code the sign-in API answers with (the server sends them; the sign-in view shows the code's words in
 * the page's language, with this message beneath: plainErrors.ts).
 * Its own module so the server routes and the client helpers load only these strings.
 */
export const auth = {
  statement: 'Sign in to Sigil to prove you own this address.',
  /** The statement of a link message: names the account the wallet joins (`linkStatement`, lib/siwe/link.ts). */
  linkStatement: 'Link this wallet to Sigil account {account}.',
  errors: {
    // 400: the request or the message cannot be read.
    malformed_body: 'The sign-in request could not be read.',
    malformed_message: 'The sign-in message is not a valid Sign-In with Ethereum message.',
    malformed_signature: 'The signature is not a valid hex string.',
    invalid_address: 'This is not a valid Ethereum address.',
    // 401
    invalid_signature: 'The signature does not match the address in the sign-in message.',
    not_signed_in: 'You are not signed in.',
    // 403: a state-changing API request from a page of another site (proxy.ts).
    origin_not_allowed: 'This request did not come from this site.',
    // 404: the sessions list's sign-out names a session that is not this address's live one.
    unknown_session: 'That session is not one of yours, or it has already ended.',
    // 404: unlinking a wallet that is not linked to this account.
    unknown_wallet: 'That wallet is not linked to your account.',
    // 409: linked wallets (a wallet belongs to one account; an account keeps one wallet at least).
    wallet_linked_elsewhere: 'This wallet is already linked to another account.',
    last_wallet: 'This is the only wallet of your account; it cannot be unlinked.',
    // 413
    body_too_large: 'The sign-in request is too large.',
    // 422: the message is well formed but not acceptable here and now.
    domain_mismatch: 'The sign-in message was made for another site.',
    uri_mismatch: 'The sign-in message names another address for this site.',
    unsupported_chain: 'Sign-in is not available on this network.',
    message_expired: 'The sign-in message has expired. Please sign in again.',
    message_not_yet_valid: 'The sign-in message is not valid yet. Check your device clock.',
    issued_at_in_future: 'The sign-in message is dated in the future. Check your device clock.',
    expiration_too_far: 'The sign-in message stays valid for longer than this site allows.',
    statement_mismatch: 'The sign-in message carries a statement this site did not write.',
    resources_not_allowed: 'The sign-in message asks for resources this site does not grant.',
    request_id_invalid: 'The sign-in message has a request ID this site does not accept.',
    nonce_invalid: 'This sign-in request is not valid any more. Please sign in again.',
    nonce_expired: 'This sign-in request has expired. Please sign in again.',
    // 429
    rate_limited: 'Too many sign-in attempts. Please wait a minute and try again.',
    // 503: retryable.
    store_unavailable: 'Sign-in is temporarily unavailable. Please try again.',
    rpc_unavailable: 'The network could not be reached to check this wallet. Please try again.',
    shutting_down: 'The server is shutting down. Please try again in a moment.',
    // 500
    internal_error: 'Something went wrong on our side. Please try again.',
    // Client side only: no usable answer from the server.
    network_error: 'The server could not be reached. Check your connection and try again.',
    unexpected_response: 'The server sent an unexpected answer.',
  },
} as const

