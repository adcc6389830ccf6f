import { getEmbeddedRoutes } from '@sigil/server/embedded/server'

// node:crypto, the store's drivers and SMTP need Node, not the edge runtime.
export const runtime = 'nodejs'

/** Where this browser's started recovery stands (release time, time left, state). */
export function POST(request: Request): Promise<Response> {
  return getEmbeddedRoutes().recoveryPending(request)
}
