import { getVaultPage } from '@sigil/server/embedded/server'
import { vaultScript } from '@/app/_build/vaultScript'

export const runtime = 'nodejs'
export const dynamic = 'force-dynamic'

/**
 * The embedded wallet's vault page, on `VAULT_ORIGIN` only (proxy.ts rewrites `/` there to this
 * route; on the app's hosts it is a 404): server/embedded/vaultPage.ts, naming the app's build of
 * the vault's script.
 */
export const GET = getVaultPage(async () => (await vaultScript()).sha256)
