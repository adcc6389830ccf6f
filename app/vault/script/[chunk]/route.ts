import { vaultChunk } from '@/app/_build/vaultScript'

export const runtime = 'nodejs'
export const dynamic = 'force-dynamic'

/**
 * A lazy chunk of the vault's script (`/vault-<name>-<hash>.js` on `VAULT_ORIGIN`; proxy.ts rewrites
 * it here). Its name carries its content's hash, so it is cached for good; an unknown name is a 404.
 */
export async function GET(_request: Request, context: { params: Promise<{ chunk: string }> }): Promise<Response> {
  const code = await vaultChunk((await context.params).chunk)
  if (code === undefined) return new Response('Not found', { status: 404 })
  return new Response(code, { headers: { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'public, max-age=31536000, immutable' } })
}
