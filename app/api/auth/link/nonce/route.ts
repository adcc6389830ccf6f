import { getAuthRoutes } from '@sigil/server/siwe/server'

// iron-session, node:crypto and the database drivers need Node, not the edge runtime.
export const runtime = 'nodejs'

// A link nonce for the signed-in session's account. proxy.ts guards it: a POST from another site's
// page is refused before it gets here (origin rule), with the security headers on every answer.
export const POST = (request: Request) => getAuthRoutes().linkNonce(request)
