import { getRpcProxy } from '@sigil/server/rpc/server'

// The proxy holds the server-only RPC addresses and counts clients in memory: Node, not the edge.
export const runtime = 'nodejs'

/** Read-only JSON-RPC for every chain the page reads: the page's only RPC address (server/rpc/rpcProxy.ts). */
export async function POST(request: Request, context: { params: Promise<{ chainId: string }> }): Promise<Response> {
  const { chainId } = await context.params
  return getRpcProxy()(request, chainId)
}
