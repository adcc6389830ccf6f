import { getAuthRoutes } from '@/lib/siwe/server'

// iron-session, node:crypto and the database drivers need Node, not the edge runtime.
export const runtime = 'nodejs'

export function GET(request: Request): Promise<Response> {
  return getAuthRoutes().nonce(request)
}
