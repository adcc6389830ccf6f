// The wallet's API, on the vault's origin only (the proxy): one handler for every path.
import { getEmbeddedApi } from '@sigil/server/embedded/server'

export const runtime = 'nodejs'

const api = getEmbeddedApi()
export { api as GET, api as POST }
