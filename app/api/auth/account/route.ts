import { getAuthRoutes } from '@sigil/server/siwe/server'

// iron-session, node:crypto and the database drivers need Node, not the edge runtime.
export const runtime = 'nodejs'

// The signed-in session's account and its linked wallets. proxy.ts guards it (origin rule, security headers).
export const GET = (request: Request) => getAuthRoutes().account(request)
