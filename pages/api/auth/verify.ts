import { serverFamilies } from '@sigil/connectors/serverFamilies'
import { pagesApiRoute } from '@sigil/server/http/pagesApiRoute'
import { getAuthRoutes } from '@sigil/server/siwe/server'

// The sign-in's hot path, on the Pages Router: Node's own request, no web stream (server/http/pagesApiRoute.ts).
// The body is read by the adapter, capped; Next must leave it unread.
export const config = { api: { bodyParser: false } }

// Guards itself (origin rule, security headers): the proxy leaves the sign-in routes out.
// Its handler reads the body only through readJsonBody: the adapter hands it the bytes it read (bodyReadAhead).
export default pagesApiRoute({ POST: (request) => getAuthRoutes().verify(request) }, serverFamilies, { bodyReadAhead: true })
