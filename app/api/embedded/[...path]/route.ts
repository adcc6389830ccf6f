import { getEmbeddedApi } from '@sigil/server/embedded/server'

// node:crypto, the store's drivers and SMTP need Node, not the edge runtime.
export const runtime = 'nodejs'
// Per request, never cached (the owner's cancel link is a GET).
export const dynamic = 'force-dynamic'

/** The embedded wallet's API, on the vault's origin only (proxy.ts): the request's path picks the route (server/embedded/api.ts). */
const api = getEmbeddedApi()
// Every method, so that the API answers the ones a path does not serve itself (405, or 204 to OPTIONS, with Allow).
export { api as GET, api as POST, api as PUT, api as PATCH, api as DELETE, api as OPTIONS }
