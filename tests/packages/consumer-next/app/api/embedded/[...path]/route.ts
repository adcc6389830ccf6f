// The wallet's API, on the vault's origin only (the proxy): one handler for every path.
import { getEmbeddedApi } from '@sigil/server/embedded/server'

export const runtime = 'nodejs'
export const dynamic = 'force-dynamic'

const api = getEmbeddedApi()
// Every method, so that the API answers the ones a path does not serve itself (405, or 204 to OPTIONS, with Allow).
export { api as GET, api as POST, api as PUT, api as PATCH, api as DELETE, api as OPTIONS }
