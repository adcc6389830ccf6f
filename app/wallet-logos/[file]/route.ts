import { WALLET_LOGO_IDS } from '@/wallet-book/icons/walletLogoIds'
import { web3iconsWallets } from '@/wallet-book/icons/web3iconsWallets'

/**
 * `GET /wallet-logos/<id>.svg`: a wallet-book logo from `@web3icons/core` as an image. Built once at
 * `next build` (one file per id, nothing else answers), so the connect dialog's scripts carry only the
 * logos' names and the browser fetches the SVGs on screen, then reads them from its cache. The SVGs
 * are checked to hold no script, foreign content or outside reference (walletLogo.test.ts); the
 * page's CSP still covers them, and an SVG opened on its own runs no script under it either.
 */
export const dynamic = 'force-static'
export const dynamicParams = false

export function generateStaticParams(): { file: string }[] {
  return [...WALLET_LOGO_IDS].map((id) => ({ file: `${id}.svg` }))
}

/** One week: the logos change only with the pinned icon package. */
const CACHE_CONTROL = 'public, max-age=604800'

export async function GET(_request: Request, { params }: { params: Promise<{ file: string }> }): Promise<Response> {
  const { file } = await params
  const id = file.endsWith('.svg') ? file.slice(0, -'.svg'.length) : undefined
  const svg = id !== undefined && WALLET_LOGO_IDS.has(id) && Object.hasOwn(web3iconsWallets, id) ? web3iconsWallets[id] : undefined
  if (svg === undefined) return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })
  return new Response(svg.trim(), {
    headers: { 'Content-Type': 'image/svg+xml; charset=utf-8', 'Cache-Control': CACHE_CONTROL, 'X-Content-Type-Options': 'nosniff' },
  })
}
