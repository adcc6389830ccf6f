import { authCatalogue } from './catalogue'

/**
 * Linking a wallet to an account: the second wallet signs a Sign-In with Ethereum message of its own
 * whose statement names the account it joins. The statement is the only field that differs from a
 * sign-in message, and the server requires it exactly (`checkSignInMessage` with the expected
 * statement), so a sign-in signature never links and a link signature never signs in or joins
 * another account. English, like the sign-in statement: the server compares it byte for byte.
 */

/** An account id: a random UUID (lower-case hex and dashes), nothing a wallet could render otherwise. */
export const ACCOUNT_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

export function linkStatement(accountId: string): string {
  if (!ACCOUNT_ID_PATTERN.test(accountId)) throw new TypeError('not an account id')
  return authCatalogue.linkStatement.replace('{account}', accountId)
}
