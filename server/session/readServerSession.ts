import 'server-only'
import { envOf, type EnvInput } from '@/server/config/env'
import { getPublicConfig } from '@/server/config/server'
import { resolveSessionSecrets } from '@/server/session/secret'
import { readSessionCookie, sessionIdHash, sessionRowMatches, shouldUseSecureCookies } from '@/server/session/session'
import { accountView } from '@/server/session/accountView'
import { getStore } from '@/server/store/openStore'
import type { Store } from '@/server/store/types'
import type { KnownSession } from '@/lib/siwe/knownSession'

/**
 * The sign-in session from the request's cookies, read while rendering the page, so a reload shows
 * "signed in" from the first byte (no flash of the signed-out panel, no extra request). Reads the
 * cookie exactly as `GET /api/auth/session` does, including the store's word on revocation (one
 * indexed read, only when a session cookie is present), with the wallets linked to the session's
 * account: a reload connected with any of them keeps the session. A configuration or store problem is not
 * this page's to report: it answers "unknown" and the sign-in panel asks the API, which reports it
 * with its own error.
 */
export async function readServerSession(
  cookie: string | null,
  input?: EnvInput,
  store: () => Promise<Store> = () => getStore(input),
): Promise<KnownSession> {
  if (!cookie) return null
  try {
    const env = envOf(input)
    const secure = shouldUseSecureCookies({ nodeEnv: env.nodeEnv, origins: getPublicConfig(env).appOrigins })
    const secrets = resolveSessionSecrets({ env, dataDir: env.dataDir })
    const request = new Request('http://localhost/', { headers: { cookie } })
    const now = new Date()
    const found = await readSessionCookie(request, { secrets, secure, now })
    if (!found) return null
    const opened = await store()
    if (!sessionRowMatches(await opened.sessionOwner(sessionIdHash(found.id), now), found.session)) return null
    const { wallets } = await accountView(opened, found.session, now)
    return { address: found.session.address, chainId: found.session.chainId, wallets: wallets.map((wallet) => wallet.address) }
  } catch {
    return undefined
  }
}
