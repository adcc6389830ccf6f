import { vaultScriptResponse } from '@sigil/server/embedded/vaultPage'
import { vaultScript } from '@/app/_build/vaultScript'

export const runtime = 'nodejs'
export const dynamic = 'force-dynamic'

/** The vault page's script (`/vault.js` on `VAULT_ORIGIN`; proxy.ts rewrites it here). */
export async function GET(request: Request): Promise<Response> {
  return vaultScriptResponse(request, await vaultScript())
}
