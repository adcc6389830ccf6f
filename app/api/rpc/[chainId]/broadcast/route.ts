import { getRpcBroadcast } from '@sigil/server/rpc/broadcastServer'

// The upstream RPC addresses are server-only and clients are counted in memory: Node, not the edge.
export const runtime = 'nodejs'

/** One signed transaction (`eth_sendRawTransaction`) to the chain's server-side RPC (server/rpc/broadcast.ts). */
export async function POST(request: Request, context: { params: Promise<{ chainId: string }> }): Promise<Response> {
  const { chainId } = await context.params
  return getRpcBroadcast()(request, chainId)
}
