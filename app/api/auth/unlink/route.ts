import { getAuthRoutes } from '@sigil/server/siwe/server'

// iron-session, node:crypto and the database drivers need Node, not the edge runtime.
export const runtime = 'nodejs'

// Unlinks a wallet from the signed-in session's account. proxy.ts guards it: a POST from another
// site's page is refused before it gets here (origin rule).
export const POST = (request: Request) => getAuthRoutes().unlink(request)
