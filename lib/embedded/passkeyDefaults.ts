/** docs/connectors/retries-and-timeouts.md#embedded-wallet-the-server: passkey requests wait up to 300000 ms by default. */
export const PASSKEY_TIMEOUT_MS = 300_000
/**
 * docs/connectors/retries-and-timeouts.md#embedded-wallet-the-server: user verification `preferred`. The PRF output, not the verification flag, is what
 * unlocks the wallet: an authenticator that cannot verify the user still yields it only to the
 * holder of the credential.
 */
export const PASSKEY_USER_VERIFICATION = 'preferred' as const
/** Bytes of the PRF salt (WebAuthn L3 PRF `eval.first`): any length works; 32 is the usual choice. */
export const PRF_SALT_BYTES = 32
