/**
 * The embedded wallet's connector key (wagmi id, persisted values' suffix) and display name, for the
 * loaded connector. `family.ts` writes the same two literals itself (imported from here, this module
 * would be one more in the first load); `lazy.test.ts` checks they agree.
 */
export const EMBEDDED_KEY = 'embedded'
export const EMBEDDED_NAME = 'Email & passkey wallet'
