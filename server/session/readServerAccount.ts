import 'server-only'
import { envOf, type EnvInput } from '@/server/config/env'
import { getDeploymentConfig } from '@/server/config/server'
import { resolveSessionSecrets } from '@/server/session/secret'
import { readSessionCookie, sessionIdHash, sessionRowMatches, shouldUseSecureCookies } from '@/server/session/session'
import { accountView } from '@/server/session/accountView'
import { getStore } from '@/server/store/openStore'
import type { Store } from '@/server/store/types'
import type { SigilAccount } from '@sigil/lib/siwe/account'

/**
 * The signed-in account for a page or route rendered on the server: the account, its linked wallets
 * and the current session, exactly as `GET /api/auth/account` gives them (the same cookie reading, the
 * store's word on revocation). `null` when signed out (no cookie, expired, revoked); `undefined` when
 * the configuration or the store could not answer (the page then asks the API, which reports it).
 *
 * ```ts
 * const account = await readServerAccount((await headers()).get('cookie'))
 * ```
 */
export async function readServerAccount(
  cookie: string | null,
  input?: EnvInput,
  store: () => Promise<Store> = () => getStore(input),
): Promise<SigilAccount | null | undefined> {
  if (!cookie) return null
  try {
    const env = envOf(input)
    const secure = shouldUseSecureCookies({ nodeEnv: env.nodeEnv, origins: getDeploymentConfig(env).appOrigins })
    const secrets = resolveSessionSecrets({ env, dataDir: env.dataDir })
    const request = new Request('http://localhost/', { headers: { cookie } })
    const now = new Date()
    const found = await readSessionCookie(request, { secrets, secure, now })
    if (!found) return null
    const opened = await store()
    if (!sessionRowMatches(await opened.sessionOwner(sessionIdHash(found.id), now), found.session)) return null
    return await accountView(opened, found.session, now)
  } catch {
    return undefined
  }
}
