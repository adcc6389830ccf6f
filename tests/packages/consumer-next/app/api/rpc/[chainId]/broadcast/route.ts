// The embedded wallet's signed transactions (eth_sendRawTransaction) to the chain's server-side RPC:
// @sigil/server's broadcast route, behind the same page token as the read proxy.
import { getRpcBroadcast } from '@sigil/server/rpc/broadcastServer'

export const runtime = 'nodejs'

export async function POST(request: Request, { params }: { params: Promise<{ chainId: string }> }) {
  return getRpcBroadcast()(request, (await params).chainId)
}
