import { describe, expect, it } from 'vitest'
import { themeCss } from './themeCss'

describe('the theme’s stylesheet', () => {
  it('is empty when the file sets no colour', () => {
    expect(themeCss({ mode: 'dark', light: {}, dark: {} })).toBe('')
  })

  it('sets the light colours and the radius on :root, the dark ones where the page’s dark scheme applies', () => {
    expect(themeCss({ mode: 'system', light: { accent: '#0b7a55' }, dark: { accent: 'oklch(80% 0.1 160)' }, radius: '6px' })).toBe(
      ":root{--accent:#0b7a55;--radius:6px;}@media (prefers-color-scheme: dark){:root:not([data-theme='light']){--accent:oklch(80% 0.1 160);}}:root[data-theme='dark']{--accent:oklch(80% 0.1 160);}",
    )
  })

  it('writes nothing that is not a colour, even when handed one unchecked', () => {
    expect(themeCss({ mode: 'system', light: { accent: 'red}</style><script>alert(1)</script>' }, dark: {}, radius: '1px;}x{' })).toBe('')
  })
})
