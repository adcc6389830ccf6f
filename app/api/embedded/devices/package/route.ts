import { getEmbeddedRoutes } from '@sigil/server/embedded/server'

// node:crypto, the store's drivers and SMTP need Node, not the edge runtime.
export const runtime = 'nodejs'

export function POST(request: Request): Promise<Response> {
  return getEmbeddedRoutes().pairingPackage(request)
}
