import { vaultScript } from '@/app/_build/vaultScript'

export const runtime = 'nodejs'
export const dynamic = 'force-dynamic'

/** The vault page's script (`/vault.js` on `VAULT_ORIGIN`; proxy.ts rewrites it here). */
export async function GET(request: Request): Promise<Response> {
  const script = await vaultScript()
  const version = new URL(request.url).searchParams.get('v')
  // Immutable when asked by the hash the page names; anything else is not cached.
  const cache = version === script.sha256.slice(0, 16) ? 'public, max-age=31536000, immutable' : 'no-store'
  return new Response(script.code, { headers: { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': cache } })
}
