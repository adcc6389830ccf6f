import { isThemeColour, type SigilConfig } from '@sigil/lib/config/sigilConfig'

/**
 * The deployment's theme (`theme` of sigil.config.ts) as CSS over the kit stylesheet's variables (@sigil/react/styles.css): the
 * light colours on `:root`, the dark ones where that stylesheet puts its own (the OS's dark setting unless
 * the theme is fixed light, and a theme fixed dark), the radius on `:root`. Empty when the file sets
 * no colour. Every value was checked (`isThemeColour`, a px/rem radius) and is checked again here:
 * nothing else can be written into the page's `<style>`.
 */
export function themeCss(theme: SigilConfig['theme']): string {
  const declarations = (colours: SigilConfig['theme']['light']) =>
    Object.entries(colours)
      .filter(([, value]) => isThemeColour(value))
      .map(([name, value]) => `--${name}:${value};`)
      .join('')
  const light = declarations(theme.light) + (theme.radius && /^\d{1,3}(?:\.\d{1,3})?(?:px|rem)$/.test(theme.radius) ? `--radius:${theme.radius};` : '')
  const dark = declarations(theme.dark)
  return [
    light && `:root{${light}}`,
    dark && `@media (prefers-color-scheme: dark){:root:not([data-theme='light']){${dark}}}:root[data-theme='dark']{${dark}}`,
  ]
    .filter(Boolean)
    .join('')
}
