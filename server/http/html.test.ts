import { describe, expect, it } from 'vitest'
import { escapeHtml } from './html'

describe('escapeHtml', () => {
  it('leaves no character that could end an element or a quoted attribute, and keeps the rest', () => {
    const hostile = `"><script>alert('x')</script>&amp;`
    const escaped = escapeHtml(hostile)
    expect(escaped).not.toMatch(/[<>"']/)
    expect(escaped).toBe('&#34;&#62;&#60;script&#62;alert(&#39;x&#39;)&#60;/script&#62;&#38;amp;')
    expect(escapeHtml('Wallet — Brieftasche ’ü')).toBe('Wallet — Brieftasche ’ü')
  })
})
