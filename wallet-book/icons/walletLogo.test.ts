import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { walletBook, walletBookEntries } from '../index'
import { walletLogo } from './walletLogo'
import { WALLET_LOGO_IDS } from './walletLogoIds'
import { WEB3ICONS_SOURCE, web3iconsWallets } from './web3iconsWallets'

const entries = walletBookEntries()

/**
 * The wallet-book entries whose logo `@web3icons/core` 4.0.56 lacks: they keep their monograms.
 * Ctrl is in it on purpose: the package's `xdefi` logo is the wallet's former brand.
 */
const MONOGRAM_ONLY = [
  'uniswap', 'bitget', '1inch', 'safepal', 'binance', 'onekey', 'core', 'cryptocom', 'talisman', 'subwallet',
  'magiceden', 'taho', 'frame', 'zeal', 'ctrl', 'frontier', 'mathwallet', 'status', 'brave', 'opera',
]

describe('walletLogo', () => {
  it('gives every entry that names a logo the same-origin image of the package’s SVG', () => {
    for (const { key, entry } of entries) {
      if (entry.brand?.logo === undefined) continue
      expect(Object.hasOwn(web3iconsWallets, entry.brand.logo), `${key}: ${entry.brand.logo}`).toBe(true)
      expect(walletLogo(entry), key).toBe(`/wallet-logos/${entry.brand.logo}.svg`)
    }
  })

  it('the page’s list of logo names is exactly the served table’s', () => {
    expect([...WALLET_LOGO_IDS].sort()).toEqual(Object.keys(web3iconsWallets).sort())
  })

  it('keeps the monogram for exactly these entries', () => {
    const withoutLogo = entries.filter(({ entry }) => walletLogo(entry) === undefined).map(({ key }) => key)
    expect(withoutLogo.sort()).toEqual([...MONOGRAM_ONLY].sort())
    for (const key of MONOGRAM_ONLY) expect(walletBook[key]?.brand?.icon, key).toMatch(/^data:image\/svg\+xml,/)
  })

  it('cites the icon package and its pinned version in the sources of every entry with a logo, and only there', () => {
    const pinned = (JSON.parse(readFileSync(path.join(__dirname, '..', '..', 'package.json'), 'utf8')) as { dependencies: Record<string, string> })
      .dependencies['@web3icons/core']
    expect(pinned).toMatch(/^\d+\.\d+\.\d+$/)
    expect(WEB3ICONS_SOURCE).toBe(`https://www.npmjs.com/package/@web3icons/core/v/${pinned}`)
    for (const { key, entry } of entries) {
      expect(entry.sources?.includes(WEB3ICONS_SOURCE), key).toBe(entry.brand?.logo !== undefined)
    }
  })

  it('shows logos that load nothing and run nothing: no script, no foreign content, only same-document references', () => {
    for (const id of Object.keys(web3iconsWallets)) {
      const svg = web3iconsWallets[id]!.trim()
      expect(svg, id).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/)
      expect(svg, id).not.toMatch(/<script|<foreignObject|<image|\son[a-z]+=/i)
      for (const [, ref] of svg.matchAll(/(?:href=|url\()"?([^")\s]+)/g)) expect(ref, id).toMatch(/^#/)
    }
  })

  it('returns undefined for an entry without a logo, an unknown id or an inherited property name', () => {
    expect(walletLogo(undefined)).toBeUndefined()
    expect(walletLogo({ brand: { icon: 'data:image/svg+xml,x' } })).toBeUndefined()
    expect(walletLogo({ brand: { logo: 'no-such-wallet' } })).toBeUndefined()
    expect(walletLogo({ brand: { logo: 'constructor' } })).toBeUndefined()
  })
})
