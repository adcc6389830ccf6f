/** The embedded wallet's connector key (wagmi id, persisted values' suffix) and display name. */
export const EMBEDDED_KEY = 'embedded'
export const EMBEDDED_NAME = 'Email & passkey wallet'
