import { getAddress, isAddress, type Address } from 'viem'
import { isChainId } from '@/lib/chains'
import { isWalletFamilyId, type WalletFamilyId } from './families'
import { ACCOUNT_ID_PATTERN } from './link'

/** The signed-in session: the address that signed in, the chain it was verified on, its times (ISO 8601). */
export type SignedInSession = { address: Address; chainId: number; issuedAt: string; expiresAt: string }

/** A wallet linked to the account. */
export type LinkedWallet = {
  address: Address
  /** The connector family it was linked or first signed in with; null when not known. */
  family: WalletFamilyId | null
  /** ISO 8601 */
  linkedAt: string
  /** The wallet this session signed in with. */
  current: boolean
}

/**
 * What `GET /api/auth/account`, `useSigilAccount()` and `readServerAccount()` give: the account, every
 * wallet linked to it (oldest first), and the current session.
 */
export type SigilAccount = {
  account: { id: string; createdAt: string }
  wallets: LinkedWallet[]
  session: SignedInSession
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function parseSession(value: unknown): SignedInSession | null {
  if (!isRecord(value)) return null
  const { address, chainId, issuedAt, expiresAt } = value
  if (typeof address !== 'string' || !isAddress(address) || !isChainId(chainId) || typeof issuedAt !== 'string' || typeof expiresAt !== 'string') return null
  return { address: getAddress(address), chainId, issuedAt, expiresAt }
}

function parseWallet(value: unknown): LinkedWallet | null {
  if (!isRecord(value)) return null
  const { address, family, linkedAt, current } = value
  if (typeof address !== 'string' || !isAddress(address) || typeof linkedAt !== 'string' || typeof current !== 'boolean') return null
  if (family !== null && !isWalletFamilyId(family)) return null
  return { address: getAddress(address), family, linkedAt, current }
}

/** The account as the API sent it, checked field by field; null for anything else. */
export function parseSigilAccount(value: unknown): SigilAccount | null {
  if (!isRecord(value) || !isRecord(value.account) || !Array.isArray(value.wallets)) return null
  const { id, createdAt } = value.account
  if (typeof id !== 'string' || !ACCOUNT_ID_PATTERN.test(id) || typeof createdAt !== 'string') return null
  const session = parseSession(value.session)
  const wallets = value.wallets.map(parseWallet)
  if (!session || wallets.some((wallet) => wallet === null)) return null
  return { account: { id, createdAt }, wallets: wallets as LinkedWallet[], session }
}
