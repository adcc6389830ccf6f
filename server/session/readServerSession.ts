import 'server-only'
import type { EnvInput } from '@/server/config/env'
import { readServerAccount } from '@/server/session/readServerAccount'
import type { Store } from '@/server/store/types'
import type { KnownSession } from '@sigil/lib/siwe/knownSession'

/**
 * The sign-in session from the request's cookies, read while rendering the page, so a reload shows
 * "signed in" from the first byte (no flash of the signed-out panel, no extra request). Read as
 * `readServerAccount` reads it (the cookie exactly as `GET /api/auth/session` does, the store's word on
 * revocation), with the wallets linked to the session's account: a reload connected with any of them
 * keeps the session. A configuration or store problem is not this page's to report: it answers
 * "unknown" (`undefined`) and the sign-in panel asks the API, which reports it with its own error.
 */
export async function readServerSession(cookie: string | null, input?: EnvInput, store?: () => Promise<Store>): Promise<KnownSession> {
  const account = await readServerAccount(cookie, input, store)
  if (!account) return account
  return { address: account.session.address, chainId: account.session.chainId, wallets: account.wallets.map((wallet) => wallet.address) }
}
