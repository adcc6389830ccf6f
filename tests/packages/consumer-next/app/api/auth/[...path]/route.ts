// The one route file for sign-in: @sigil/server's sign-in API (nonce, verify, session, sign-out,
// the account, its linked wallets and sessions), configured from the environment, guarding itself.
import { serverFamilies } from '@sigil/connectors/serverFamilies'
import { getAuthApi } from '@sigil/server/siwe/server'

export const runtime = 'nodejs'
export const dynamic = 'force-dynamic'

const api = getAuthApi(serverFamilies)
export { api as GET, api as POST, api as PUT, api as PATCH, api as DELETE, api as OPTIONS }
