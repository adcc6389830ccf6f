import { serverFamilies } from '@sigil/connectors/serverFamilies'
import { guardedRoute, otherMethods } from '@sigil/server/http/requestGuard'
import { getAuthRoutes } from '@sigil/server/siwe/server'

// iron-session, node:crypto and the database drivers need Node, not the edge runtime.
export const runtime = 'nodejs'

// Guards itself (origin rule, security headers): the proxy leaves the sign-in routes out.
export const GET = guardedRoute((request) => getAuthRoutes().nonce(request), serverFamilies)

// Every other method, answered with the same headers (Next's own 405 would carry none).
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['GET'], serverFamilies)
