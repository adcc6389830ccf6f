import { readJsonRequest } from '@/server/http/readJson'

/**
 * The front steps the read proxy and the broadcast endpoint share, before each applies its own
 * rules: which chain the path names, and the JSON body.
 */

/** The chain a `/api/rpc/<id>` path names and the server-only RPC it forwards to; none for a chain not served. */
export function chainUpstream(chainIdParam: string, upstreams: Readonly<Record<number, string>>): { chainId: number; upstream: string } | undefined {
  if (!/^\d{1,15}$/.test(chainIdParam)) return undefined
  const chainId = Number(chainIdParam)
  const upstream = upstreams[chainId]
  return upstream ? { chainId, upstream } : undefined
}

export type RpcBodyRefusal = 'unsupported_media_type' | 'body_too_large' | 'parse_error'

/** A JSON-RPC body: JSON content type, at most `limit` bytes, UTF-8, valid JSON (server/http/readJson.ts). */
export async function readRpcBody(request: Request, limit: number): Promise<{ ok: true; body: unknown } | { ok: false; refusal: RpcBodyRefusal }> {
  const read = await readJsonRequest(request, limit)
  if (read.ok) return read
  return { ok: false, refusal: read.problem === 'not_json_type' ? 'unsupported_media_type' : read.problem === 'too_large' ? 'body_too_large' : 'parse_error' }
}
