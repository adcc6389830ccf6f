import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { PUBLISHED_MARK_IDS, publishedMarkFile } from '@sigil/wallet-book/icons/publishedMarks'
import { WALLET_LOGO_IDS } from '@sigil/wallet-book/icons/walletLogoIds'
import { web3iconsWallets } from '@sigil/wallet-book/icons/web3iconsWallets'

/**
 * `GET /wallet-logos/<id>.svg`: a wallet-book logo as an image, from `@web3icons/core` or from the
 * wallet's own published mark (wallet-book/icons/published). Built once at `next build` (one file
 * per id, nothing else answers), so the connect dialog's scripts carry only the logos' names and the
 * browser fetches the SVGs on screen, then reads them from its cache. The SVGs are checked to hold
 * no script, foreign content or outside reference (walletLogo.test.ts); the page's CSP still covers
 * them, and an SVG opened on its own runs no script under it either.
 */
export const dynamic = 'force-static'
export const dynamicParams = false

export function generateStaticParams(): { file: string }[] {
  return [...WALLET_LOGO_IDS].map((id) => ({ file: `${id}.svg` }))
}

/** One week: the logos change only with the pinned icon package or a published mark's file. */
const CACHE_CONTROL = 'public, max-age=604800'

const published: ReadonlySet<string> = new Set(PUBLISHED_MARK_IDS)

async function logoSvg(id: string): Promise<string | undefined> {
  if (!WALLET_LOGO_IDS.has(id)) return undefined
  if (Object.hasOwn(web3iconsWallets, id)) return web3iconsWallets[id]
  if (published.has(id)) return readFile(path.join(process.cwd(), publishedMarkFile(id)), 'utf8')
  return undefined
}

export async function GET(_request: Request, { params }: { params: Promise<{ file: string }> }): Promise<Response> {
  const { file } = await params
  const id = file.endsWith('.svg') ? file.slice(0, -'.svg'.length) : undefined
  const svg = id === undefined ? undefined : await logoSvg(id)
  if (svg === undefined) return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })
  return new Response(svg.trim(), {
    headers: { 'Content-Type': 'image/svg+xml; charset=utf-8', 'Cache-Control': CACHE_CONTROL, 'X-Content-Type-Options': 'nosniff' },
  })
}
