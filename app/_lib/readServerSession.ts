import 'server-only'
import { getPublicConfig } from '@/lib/config/server'
import { resolveSessionSecret } from '@/lib/session/secret'
import { readSession, shouldUseSecureCookies } from '@/lib/session/session'
import { dataDir } from '@/lib/store/dataDir'
import type { KnownSession } from './knownSession'

/**
 * The sign-in session from the request's cookies, read while rendering the page, so a reload shows
 * "signed in" from the first byte (no flash of the signed-out panel, no extra request). Reads the
 * cookie exactly as `GET /api/auth/session` does. A configuration problem (e.g. no `SESSION_SECRET`
 * in production) is not this page's to report: it answers "unknown" and the sign-in panel asks the
 * API, which reports it with its own error.
 */
export async function readServerSession(
  cookie: string | null,
  env: Record<string, string | undefined> = process.env,
): Promise<KnownSession> {
  if (!cookie) return null
  try {
    const secure = shouldUseSecureCookies({ nodeEnv: env.NODE_ENV, origins: getPublicConfig(env).appOrigins })
    const secret = resolveSessionSecret({ env, dataDir: dataDir(env) })
    const request = new Request('http://localhost/', { headers: { cookie } })
    const session = await readSession(request, { secret, secure, now: new Date() })
    return session ? { address: session.address, chainId: session.chainId } : null
  } catch {
    return undefined
  }
}
