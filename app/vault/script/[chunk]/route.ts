import { vaultChunkResponse } from '@sigil/server/embedded/vaultPage'
import { vaultChunk } from '@/app/_build/vaultScript'

export const runtime = 'nodejs'
export const dynamic = 'force-dynamic'

/** A lazy chunk of the vault's script (`/vault-<name>-<hash>.js` on `VAULT_ORIGIN`; proxy.ts rewrites it here). */
export async function GET(_request: Request, context: { params: Promise<{ chunk: string }> }): Promise<Response> {
  return vaultChunkResponse(await vaultChunk((await context.params).chunk))
}
