import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { PUBLISHED_MARK_IDS, publishedMarkFile } from '@sigil/wallet-book/icons/publishedMarks'
import { walletLogoPath } from '@sigil/wallet-book/icons/walletLogoIds'
import { web3iconsWallets } from '@sigil/wallet-book/icons/web3iconsWallets'
import { GET, generateStaticParams } from './route'

const get = (file: string) => GET(new Request(`http://localhost/wallet-logos/${file}`), { params: Promise.resolve({ file }) })

describe('GET /wallet-logos/<id>.svg', () => {
  it('builds one file per logo, at the path the page uses', () => {
    const files = generateStaticParams().map(({ file }) => `/wallet-logos/${file}`)
    expect(files.sort()).toEqual([...Object.keys(web3iconsWallets), ...PUBLISHED_MARK_IDS].map(walletLogoPath).sort())
  })

  it('serves the logo as an SVG image, cached, never sniffed', async () => {
    const response = await get('metamask.svg')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8')
    expect(response.headers.get('cache-control')).toBe('public, max-age=604800')
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(await response.text()).toBe(web3iconsWallets.metamask!.trim())
  })

  it('serves a wallet’s published mark from its file, the same way', async () => {
    const response = await get('brave.svg')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8')
    expect(await response.text()).toBe(readFileSync(publishedMarkFile('brave'), 'utf8').trim())
  })

  it.each(['nope.svg', 'metamask', 'metamask.png', 'constructor.svg', '__proto__.svg', '..%2Fpackage.json.svg', '../published/brave.svg'])('answers 404 for %s', async (file) => {
    const response = await get(file)
    expect(response.status).toBe(404)
    expect(response.headers.get('content-type')).not.toContain('svg')
  })
})
