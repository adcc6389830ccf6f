import { getPublicConfig } from '@/lib/config/server'
import { advanceEmbeddedClock, isTestClockEnabled } from '@/lib/embedded/clock'
import { jsonResponse } from '@/lib/http/json'
import { readJsonBody } from '@/lib/http/readBody'

export const runtime = 'nodejs'

/**
 * Tests only: moves the embedded wallet's server clock forward by `advanceMs`, so expiry rules (900 s
 * codes, 1800 s recovery sessions) can be checked without waiting. Answers 404 unless
 * `EMBEDDED_TEST_CLOCK=1`, the local chain is enabled and every app origin is loopback (see
 * lib/embedded/clock.ts): a production deployment never has it.
 */
export async function POST(request: Request): Promise<Response> {
  if (!isTestClockEnabled(process.env, getPublicConfig(process.env).appOrigins)) return new Response(null, { status: 404 })
  const body = (await readJsonBody(request).catch(() => null)) as { advanceMs?: unknown } | null
  const advanceMs = body?.advanceMs
  if (typeof advanceMs !== 'number' || !Number.isSafeInteger(advanceMs) || advanceMs < 0 || advanceMs > 7 * 24 * 3600 * 1000) {
    return jsonResponse({ code: 'embedded_malformed_body', message: 'advanceMs must be a whole number of milliseconds (0 to 7 days).' }, { status: 400 })
  }
  return jsonResponse({ offsetMs: advanceEmbeddedClock(advanceMs) })
}
