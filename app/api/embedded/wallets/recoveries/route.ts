import { getEmbeddedRoutes } from '@sigil/server/embedded/server'

// node:crypto, the store's drivers and SMTP need Node, not the edge runtime.
export const runtime = 'nodejs'

/** An owner's device (the wallet key's signature): its wallet's pending recoveries. */
export function POST(request: Request): Promise<Response> {
  return getEmbeddedRoutes().walletRecoveries(request)
}
