// The page's read-only RPC (the balance, a smart wallet's checks): @sigil/server's proxy, which
// keeps the node's address and key on the server.
import { getRpcProxy } from '@sigil/server/rpc/server'

export const runtime = 'nodejs'

export async function POST(request: Request, { params }: { params: Promise<{ chainId: string }> }) {
  return getRpcProxy()(request, (await params).chainId)
}
