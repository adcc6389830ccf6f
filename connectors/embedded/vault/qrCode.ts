const SVG = 'http://www.w3.org/2000/svg'
/** Nothing but unit squares at integer coordinates: what server/embedded/pairingQr.ts writes. */
const MODULES = /^(?:M\d{1,3} \d{1,3}h1v1h-1z)*$/

/**
 * A QR code drawn from the server's module path (server/embedded/pairingQr.ts), checked against the
 * only grammar it may have, as one SVG path: dark on white with its quiet zone whatever the colour
 * scheme, so cameras read it. `data-uri` names the link it encodes.
 */
export function qrCodeSvg(qr: { size: number; path: string }, value: string, label: string, testId: string): SVGSVGElement | undefined {
  if (!Number.isInteger(qr.size) || qr.size < 21 || qr.size > 200 || qr.path.length > 200_000 || !MODULES.test(qr.path)) return undefined
  const svg = document.createElementNS(SVG, 'svg')
  svg.setAttribute('role', 'img')
  svg.setAttribute('aria-label', label)
  svg.setAttribute('data-testid', testId)
  svg.setAttribute('data-uri', value)
  svg.setAttribute('viewBox', `0 0 ${qr.size} ${qr.size}`)
  svg.setAttribute('shape-rendering', 'crispEdges')
  svg.setAttribute('class', 'qr')
  const background = document.createElementNS(SVG, 'rect')
  background.setAttribute('width', String(qr.size))
  background.setAttribute('height', String(qr.size))
  background.setAttribute('fill', '#ffffff')
  const path = document.createElementNS(SVG, 'path')
  path.setAttribute('d', qr.path)
  path.setAttribute('fill', '#000000')
  svg.append(background, path)
  return svg
}
