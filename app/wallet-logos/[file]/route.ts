import { WALLET_LOGO_IDS } from '@/wallet-book/icons/walletLogoIds'
import { WALLET_LOGO_SPRITE, walletLogoSprite } from '@/wallet-book/icons/walletLogoSprite'
import { web3iconsWallets } from '@/wallet-book/icons/web3iconsWallets'

/**
 * `GET /wallet-logos/all.svg`: every wallet-book logo from `@web3icons/core` in one image, each shown
 * through its fragment (`all.svg#metamask`, walletLogoSprite.ts), which is what the connect dialog
 * uses: one request for the list. `GET /wallet-logos/<id>.svg`: one logo alone. Built once at
 * `next build` (nothing else answers), so the dialog's scripts carry only the logos' names. The SVGs
 * are checked to hold no script, foreign content or outside reference (walletLogo.test.ts); the
 * page's CSP still covers them, and an SVG opened on its own runs no script under it either.
 */
export const dynamic = 'force-static'
export const dynamicParams = false

export function generateStaticParams(): { file: string }[] {
  return [WALLET_LOGO_SPRITE, ...[...WALLET_LOGO_IDS].map((id) => `${id}.svg`)].map((file) => ({ file }))
}

/** One week: the logos change only with the pinned icon package. */
const CACHE_CONTROL = 'public, max-age=604800'

export async function GET(_request: Request, { params }: { params: Promise<{ file: string }> }): Promise<Response> {
  const { file } = await params
  const id = file.endsWith('.svg') ? file.slice(0, -'.svg'.length) : undefined
  const svg =
    file === WALLET_LOGO_SPRITE
      ? walletLogoSprite(web3iconsWallets)
      : id !== undefined && WALLET_LOGO_IDS.has(id) && Object.hasOwn(web3iconsWallets, id)
        ? web3iconsWallets[id]
        : undefined
  if (svg === undefined) return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })
  return new Response(svg.trim(), {
    headers: { 'Content-Type': 'image/svg+xml; charset=utf-8', 'Cache-Control': CACHE_CONTROL, 'X-Content-Type-Options': 'nosniff' },
  })
}
