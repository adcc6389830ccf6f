import { getAuthRoutes } from '@sigil/server/siwe/server'

// iron-session, node:crypto and the database drivers need Node, not the edge runtime.
export const runtime = 'nodejs'

// The signed-in address's embedded-wallet recoveries under way. proxy.ts guards it (origin rule, security headers).
export const GET = (request: Request) => getAuthRoutes().recoveries(request)
