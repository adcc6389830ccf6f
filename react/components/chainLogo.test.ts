import { describe, expect, it } from 'vitest'
import { publicChains } from '@sigil/lib/chains'
import { chainLogo } from './chainLogo'

describe('chainLogo', () => {
  it('has a logo for every chain of the chain menu', () => {
    for (const chain of publicChains) expect(chainLogo(chain.id), chain.name).toMatch(/^data:image\/svg\+xml,%3Csvg/)
  })

  it('gives the testnets their network’s logo, as the icon package maps them', () => {
    expect(chainLogo(11155111)).toBe(chainLogo(1))
    expect(chainLogo(84532)).toBe(chainLogo(8453))
    expect(chainLogo(1)).not.toBe(chainLogo(8453))
  })

  it('has none for a chain the package does not cover (the menu shows the name alone)', () => {
    expect(chainLogo(31337)).toBeUndefined()
  })

  it('loads nothing from another host', () => {
    for (const chain of publicChains) {
      const svg = decodeURIComponent(chainLogo(chain.id)!.replace(/^data:image\/svg\+xml,/, ''))
      expect(svg).not.toMatch(/<script|<foreignObject|<image/i)
      for (const [, ref] of svg.matchAll(/(?:href=|url\()"?([^")\s]+)/g)) expect(ref).toMatch(/^#/)
    }
  })
})
