import { getAddress, isAddress } from 'viem'
import { avatarImage, ensRateLimit, lookupEnsProfile } from '@sigil/server/ens/server'
import { IMAGE_RESPONSE_HEADERS } from '@sigil/server/http/imageResponseHeaders'
import { errorResponse } from '@sigil/server/http/json'
import { authError } from '@sigil/lib/siwe/catalogue'

// Fetches with Node's https and DNS (server/ens/avatarImage.ts), and caches in this process.
export const runtime = 'nodejs'

function noAvatar(): Response {
  // A short negative lifetime: a fixed avatar shows up soon, a bad one is not asked for per view.
  return new Response(null, { status: 404, headers: { ...IMAGE_RESPONSE_HEADERS, 'cache-control': 'public, max-age=60' } })
}

/**
 * `GET /api/ens/<address>/avatar`: the avatar of the address's primary name (server/ens/server.ts),
 * fetched and checked by the server (server/ens/avatarImage.ts): PNG, JPEG, GIF or WebP by its bytes,
 * at most 256 kB, from a public host. 404 when there is none or it was refused; 400
 * `invalid_address`, 429 `rate_limited`. The page links it with `?v=<record hash>`, so the browser
 * may keep it for 10 minutes.
 */
export async function GET(request: Request, context: { params: Promise<{ address: string }> }): Promise<Response> {
  const { address: raw } = await context.params
  if (raw.length !== 42 || !isAddress(raw, { strict: false })) return errorResponse(authError('invalid_address'))
  const limit = ensRateLimit(request)
  if (!limit.allowed) return errorResponse(authError('rate_limited', { headers: { 'retry-after': String(limit.retryAfter) } }))
  const profile = await lookupEnsProfile(getAddress(raw)).catch(() => null)
  if (!profile?.avatar) return noAvatar()
  const image = await avatarImage(profile.avatar).catch(() => null)
  if (!image) return noAvatar()
  return new Response(image.body.slice().buffer, {
    status: 200,
    headers: {
      ...IMAGE_RESPONSE_HEADERS,
      'content-type': image.type,
      'content-length': String(image.body.byteLength),
      'cache-control': 'public, max-age=600',
    },
  })
}
