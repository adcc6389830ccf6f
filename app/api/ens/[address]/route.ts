import { getAddress, isAddress } from 'viem'
import { browserEnsProfile, ensRateLimit } from '@sigil/server/ens/server'
import { EnsUnavailableError } from '@sigil/server/ens/lookup'
import { errorResponse, jsonResponse, responseForError } from '@sigil/server/http/json'
import { refusalLog } from '@sigil/server/http/refusalLog'
import { authError } from '@sigil/lib/siwe/catalogue'

// The mainnet RPC address stays on the server, and the cache lives in this process: Node, not the edge.
export const runtime = 'nodejs'

/**
 * `GET /api/ens/<address>`: `{ address, name, avatar }`, the primary ENS name only when its forward
 * record resolves back to the address and it passes the display rules (server/ens/lookup.ts,
 * server/ens/displayName.ts); `avatar` is this origin's `/api/ens/<address>/avatar?v=…`, given only once
 * the server has fetched and checked the image (never the record's own address). 400 `invalid_address`, 429 `rate_limited`.
 * When mainnet cannot be reached the answer is still 200, `{ …, name: null, avatar: null,
 * unavailable: true }`: the view shows the address alone, as for an address without a name, and the
 * browser's console stays clean (a 503 would print an error on every page view while the RPC is down).
 */
export async function GET(request: Request, context: { params: Promise<{ address: string }> }): Promise<Response> {
  const { address: raw } = await context.params
  if (raw.length !== 42 || !isAddress(raw, { strict: false })) return errorResponse(authError('invalid_address'))
  const limit = ensRateLimit(request)
  if (!limit.allowed) {
    refusalLog().note('rate_limited', 'GET /api/ens')
    return errorResponse(authError('rate_limited', { headers: { 'retry-after': String(limit.retryAfter) } }))
  }
  const address = getAddress(raw)
  try {
    const profile = await browserEnsProfile(address)
    return jsonResponse({ address, ...profile })
  } catch (error) {
    if (error instanceof EnsUnavailableError) {
      console.warn(`[sigil] ens: ${error.message}${error.cause instanceof Error ? ` (${error.cause.name})` : ''}`)
      return jsonResponse({ address, name: null, avatar: null, unavailable: true })
    }
    return responseForError(error)
  }
}
