import { getAddress } from 'viem'
import { isWalletFamilyId } from '@sigil/lib/siwe/families'
import type { SigilAccount, SignedInSession } from '@sigil/lib/siwe/account'
import { StoreUnavailableError } from '@/server/store/errors'
import type { Store } from '@/server/store/types'

/**
 * The account of a live session as the API and the page's server render give it. The session's
 * address gets its account here if it has none yet (sessions from before accounts).
 */
export async function accountView(store: Store, session: SignedInSession, now: Date): Promise<SigilAccount> {
  const accountId = await store.ensureAccount(session.address, null, now)
  const account = await store.getAccount(accountId)
  if (!account) throw new StoreUnavailableError('The account was not found right after it was read.')
  const own = session.address.toLowerCase()
  return {
    account: { id: account.accountId, createdAt: account.createdAt.toISOString() },
    wallets: account.wallets.map((wallet) => ({
      address: getAddress(wallet.address),
      family: isWalletFamilyId(wallet.family) ? wallet.family : null,
      linkedAt: wallet.linkedAt.toISOString(),
      current: wallet.address === own,
    })),
    session,
  }
}
