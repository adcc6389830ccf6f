import { getPublicConfig } from '@/lib/config/server'
import { isTestRequest } from '@/lib/embedded/clock'

export const runtime = 'nodejs'

/**
 * Tests only: answers 204 when the page may install `window.__sigilEmbeddedTest` (signing without a
 * prompt) — the same gate as the test clock: `EMBEDDED_TEST_CLOCK` secret sent in the header, local
 * chain, loopback origins. 404 otherwise, also when the configuration cannot be read.
 */
export async function POST(request: Request): Promise<Response> {
  let allowed = false
  try {
    allowed = isTestRequest(request, process.env, getPublicConfig(process.env).appOrigins)
  } catch {
    allowed = false
  }
  return new Response(null, { status: allowed ? 204 : 404, headers: { 'cache-control': 'no-store' } })
}
