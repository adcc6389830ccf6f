import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { walletBook, walletBookEntries } from '../index'
import { walletBookSources } from '../sources'
import { PUBLISHED_MARK_IDS, PUBLISHED_MARKS_SOURCE, publishedMarkFile } from './publishedMarks'
import { walletLogo } from './walletLogo'
import { WALLET_LOGO_IDS } from './walletLogoIds'
import { WEB3ICONS_SOURCE, web3iconsWallets } from './web3iconsWallets'

const entries = walletBookEntries()

/** Every served logo's SVG: the icon package's and the wallets' own published marks. */
const svgs: [string, string][] = [
  ...Object.entries(web3iconsWallets),
  ...PUBLISHED_MARK_IDS.map((id): [string, string] => [id, readFileSync(path.join(__dirname, '..', '..', publishedMarkFile(id)), 'utf8')]),
]

describe('walletLogo', () => {
  it('gives every wallet-book entry a real mark, the same-origin image of a served SVG: no entry shows its monogram', () => {
    expect(entries.length).toBe(42)
    const served = new Set(svgs.map(([id]) => id))
    const withoutLogo = entries.filter(({ entry }) => walletLogo(entry) === undefined).map(({ key }) => key)
    expect(withoutLogo).toEqual([])
    for (const { key, entry } of entries) {
      expect(served.has(entry.brand!.logo!), `${key}: ${entry.brand?.logo}`).toBe(true)
      expect(walletLogo(entry), key).toBe(`/wallet-logos/${entry.brand!.logo}.svg`)
    }
  })

  it('the page’s list of logo names is exactly the served ones, each from one place', () => {
    const ids = svgs.map(([id]) => id)
    expect(new Set(ids).size, 'an id both in the icon package’s table and among the published marks').toBe(ids.length)
    expect([...WALLET_LOGO_IDS].sort()).toEqual(ids.sort())
  })

  it('keeps a monogram in every entry, for the first load and as the fallback', () => {
    for (const { key, entry } of entries) expect(walletBook[key]?.brand?.icon, key).toMatch(/^data:image\/svg\+xml,/)
  })

  it('cites where each entry’s mark comes from, the icon package or the published marks’ package, at its pinned version', () => {
    const pinned = (JSON.parse(readFileSync(path.join(__dirname, '..', '..', 'package.json'), 'utf8')) as { dependencies: Record<string, string> })
      .dependencies['@web3icons/core']
    expect(pinned).toMatch(/^\d+\.\d+\.\d+$/)
    expect(WEB3ICONS_SOURCE).toBe(`https://www.npmjs.com/package/@web3icons/core/v/${pinned}`)
    for (const { key, entry } of entries) {
      const fromPackage = Object.hasOwn(web3iconsWallets, entry.brand!.logo!)
      expect(walletBookSources[key]?.includes(WEB3ICONS_SOURCE), key).toBe(fromPackage)
      expect(walletBookSources[key]?.includes(PUBLISHED_MARKS_SOURCE), key).toBe(!fromPackage)
    }
  })

  it('shows logos that load nothing and run nothing: no script, no foreign content, only same-document references or inline PNG', () => {
    for (const [id, text] of svgs) {
      const svg = text.trim()
      expect(svg, id).toMatch(/^<svg\s[^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/)
      expect(svg, id).not.toMatch(/<script|<foreignObject|<iframe|<use[^>]+href="[^#]|\son[a-z]+=|javascript:/i)
      for (const [, ref] of svg.matchAll(/(?:href=|url\()"?([^")\s]+)/g)) expect(ref, id).toMatch(/^(#|data:image\/png;base64,)/)
    }
  })

  it('returns undefined for an entry without a logo, an unknown id or an inherited property name', () => {
    expect(walletLogo(undefined)).toBeUndefined()
    expect(walletLogo({ brand: { icon: 'data:image/svg+xml,x' } })).toBeUndefined()
    expect(walletLogo({ brand: { logo: 'no-such-wallet' } })).toBeUndefined()
    expect(walletLogo({ brand: { logo: 'constructor' } })).toBeUndefined()
  })
})
