import { readEnv } from '@sigil/server/config/env'
import { getDeploymentConfig } from '@sigil/server/config/server'
import { advanceEmbeddedClock, isTestRequest } from '@sigil/server/embedded/clock'
import { jsonResponse } from '@sigil/server/http/json'
import { readJsonBody } from '@sigil/server/http/readBody'

export const runtime = 'nodejs'

const notFound = () => new Response(null, { status: 404 })

/** The test gate; a configuration that cannot be read counts as "no hook". */
function allowed(request: Request): boolean {
  try {
    const env = readEnv()
    return isTestRequest(request, env, getDeploymentConfig(env).appOrigins)
  } catch {
    return false
  }
}

/**
 * Tests only: moves the embedded wallet's server clock forward by `advanceMs`, so expiry rules (900 s
 * codes, 1800 s recovery sessions) can be checked without waiting. Answers 404 unless
 * `EMBEDDED_TEST_CLOCK` is a secret of 32+ characters sent in the `x-sigil-test-secret` header, the
 * local chain is enabled and every app origin is loopback (see server/embedded/clock.ts): a production
 * deployment never has it.
 */
export async function POST(request: Request): Promise<Response> {
  if (!allowed(request)) return notFound()
  const body = (await readJsonBody(request).catch(() => null)) as { advanceMs?: unknown } | null
  const advanceMs = body?.advanceMs
  if (typeof advanceMs !== 'number' || !Number.isSafeInteger(advanceMs) || advanceMs < 0 || advanceMs > 7 * 24 * 3600 * 1000) {
    return jsonResponse({ code: 'embedded_malformed_body', message: 'advanceMs must be a whole number of milliseconds (0 to 7 days).' }, { status: 400 })
  }
  return jsonResponse({ offsetMs: advanceEmbeddedClock(advanceMs) })
}
