import { describe, expect, it } from 'vitest'
import { monogramIcon } from './monogramIcon'

const decode = (uri: string) => decodeURIComponent(uri.replace('data:image/svg+xml,', ''))

describe('monogramIcon', () => {
  it('is an SVG data URI with the letters on the brand colour', () => {
    const icon = monogramIcon('MM', '#F6851B')
    expect(icon.startsWith('data:image/svg+xml,')).toBe(true)
    const svg = decode(icon)
    expect(svg).toContain('fill="#F6851B"')
    expect(svg).toContain('>MM</text>')
  })

  it('uses white letters on a dark colour and dark letters on a light one', () => {
    expect(decode(monogramIcon('R', '#001E59'))).toContain('fill="#ffffff">R<')
    expect(decode(monogramIcon('U', '#FFD8EA'))).toContain('fill="#111827">U<')
  })

  it('references no external resource and no script', () => {
    const svg = decode(monogramIcon('<s', 'url(https://evil.example/x)'))
    expect(svg).not.toMatch(/href|<script|url\(/i)
    expect(svg).toContain('&#60;s')
    expect(svg).toContain('fill="#6b7280"')
  })
})
