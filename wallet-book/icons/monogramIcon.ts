/**
 * A small self-made icon: the wallet's initials on its brand colour, as an SVG data URI.
 * Nothing is fetched from a wallet's or CDN's host, so the page makes no third-party request,
 * and the SVG carries no script or external reference.
 */
export function monogramIcon(text: string, background: string): string {
  // Two characters as a reader counts them (an emoji is one), never half of one: a lone surrogate
  // would make encodeURIComponent throw, and a wallet's own name is not ours to trust.
  const letters = escapeXml(Array.from(wellFormed(text)).slice(0, 2).join(''))
  const fill = /^#[0-9a-f]{6}$/i.test(background) ? background : '#6b7280'
  const size = letters.length > 1 ? 26 : 34
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">` +
    `<rect width="64" height="64" rx="14" fill="${fill}"/>` +
    `<text x="32" y="32" dy=".35em" text-anchor="middle" font-family="system-ui,-apple-system,Segoe UI,sans-serif" ` +
    `font-size="${size}" font-weight="700" fill="${foreground(fill)}">${letters}</text></svg>`
  return `data:image/svg+xml,${encodeURIComponent(svg)}`
}

/** Dark text on light colours, white on dark ones (WCAG relative luminance). */
function foreground(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  }) as [number, number, number]
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b
  return luminance > 0.4 ? '#111827' : '#ffffff'
}

/** `text` with every unpaired surrogate replaced by U+FFFD (String.prototype.toWellFormed, for older browsers). */
function wellFormed(text: string): string {
  return text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd')
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`)
}
