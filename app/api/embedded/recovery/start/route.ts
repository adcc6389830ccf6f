import { getEmbeddedRoutes } from '@sigil/server/embedded/server'

// node:crypto, the store's drivers and SMTP need Node, not the edge runtime.
export const runtime = 'nodejs'

/** Starts a recovery (a right code first): the key is released after EMBEDDED_RECOVERY_DELAY. */
export function POST(request: Request): Promise<Response> {
  return getEmbeddedRoutes().recoveryStart(request)
}
